import { hash, randomBytes } from 'node:crypto';
import { type Db, sql } from '../db/sql.js';

const SECRET_NAME = 'address_key';
const keys = new WeakMap<Db, Promise<Buffer>>();
const loadedKeys = new WeakMap<Db, Buffer>();

/**
 * A keyed digest of a client address, the only form in which an address is ever stored. The key
 * is a per-installation secret, so the digest cannot be reversed by hashing the whole IPv4 space.
 */
export function addressDigest(db: Db, ip: string): Promise<Buffer> {
  const digest = addressDigestNow(db, ip);
  return Buffer.isBuffer(digest) ? Promise.resolve(digest) : digest;
}

/**
 * addressDigest without a promise once the key is loaded, which is what hot paths (a call per hit)
 * want; a promise only while the key is still being read.
 */
export function addressDigestNow(db: Db, ip: string): Buffer | Promise<Buffer> {
  const key = loadedKeys.get(db);
  if (key) return digest(key, ip);
  return addressKey(db).then((k) => digest(k, ip));
}

/**
 * The same keyed digest of another subject than an address (an account's normalised email), so a
 * counter can key on it without storing it. `kind` keeps the two kinds of subject apart.
 */
export async function keyedDigest(db: Db, kind: string, subject: string): Promise<Buffer> {
  const key = loadedKeys.get(db) ?? (await addressKey(db));
  return hash('sha256', Buffer.concat([key, Buffer.from(`${kind}\0${subject}`)]), 'buffer');
}

function digest(key: Buffer, ip: string): Buffer {
  // A secret-prefixed SHA-256 rather than an HMAC: the digest only has to be unguessable without
  // the key, not to authenticate a message. One-shot hash(): a Hash object per call is a native
  // object for the garbage collector to finalise.
  return hash('sha256', Buffer.concat([key, Buffer.from(normaliseAddress(ip))]), 'buffer');
}

/** One client, one form: `::ffff:203.0.113.7` (IPv4 on a dual-stack socket) counts as `203.0.113.7`. */
export function normaliseAddress(ip: string): string {
  const lower = ip.trim().toLowerCase();
  return lower.startsWith('::ffff:') && lower.includes('.') ? lower.slice(7) : lower;
}

function addressKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (key === undefined) {
    key = loadKey(db);
    key.then(
      (value) => loadedKeys.set(db, value),
      () => keys.delete(db),
    );
    keys.set(db, key);
  }
  return key;
}

async function loadKey(db: Db): Promise<Buffer> {
  // Whichever instance inserts first wins; the others read the winner's value. The two statements
  // run apart, so the SELECT sees a concurrent winner's committed row.
  await db.query(sql`
    INSERT INTO instance_secrets (name, value) VALUES (${SECRET_NAME}, ${randomBytes(32)})
    ON CONFLICT (name) DO NOTHING`);
  const { rows } = await db.query<{ value: Buffer }>(
    sql`SELECT value FROM instance_secrets WHERE name = ${SECRET_NAME}`,
  );
  const value = rows[0]?.value;
  if (value === undefined) throw new Error('address key unavailable');
  return value;
}
