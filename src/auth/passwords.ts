import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { type Db, sql } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import { throughHashQueue } from './hash-queue.js';
import { randomToken, tokenDigest } from './tokens.js';

// The package declares its algorithms as an ambient const enum, which isolatedModules cannot read.
const ARGON2ID = 2 as Algorithm;

/** OWASP's argon2id baseline: 19 MiB, two passes, one lane. */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const PASSWORD_MIN = 8;
/** Bounds the work one request can ask of the hasher. */
export const PASSWORD_MAX = 1024;

/** Every argon2 computation goes through the bounded queue (hash-queue.ts). */
export function hashPassword(password: string): Promise<string> {
  return throughHashQueue(() => hash(password, ARGON2_OPTIONS));
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. For an unknown user (`null`) a hash is still verified
 * against a throwaway value, so the answer takes as long and does not reveal which emails exist.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored === null) {
    // Forgotten when refused (a full queue), so a later login computes it rather than failing on.
    dummyHash ??= hashPassword(randomToken('session')).catch((err: unknown) => {
      dummyHash = undefined;
      throw err;
    });
    const dummy = await dummyHash;
    await throughHashQueue(() => verify(dummy, password)).catch(rethrowRefusal);
    return false;
  }
  return throughHashQueue(() => verify(stored, password)).catch(rethrowRefusal);
}

/** A malformed stored hash verifies as false; a refusal by the queue stays the caller's 429. */
function rethrowRefusal(err: unknown): false {
  if (err instanceof AppError) throw err;
  return false;
}

const RESET_TTL = '1 hour';

/** A single-use password reset token, valid for an hour; only its digest is stored. */
export async function createPasswordReset(db: Db, userId: number): Promise<string> {
  const token = randomToken('passwordReset');
  await db.query(sql`
    INSERT INTO password_resets (token_digest, user_id, expires_at)
    VALUES (${tokenDigest(token)}, ${userId}, now() + ${RESET_TTL}::interval)`);
  return token;
}

/** The user of a reset token that is known, unexpired and unspent, or null; the token stays usable. */
export async function passwordResetUser(db: Db, token: string): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(sql`
    SELECT user_id FROM password_resets
    WHERE token_digest = ${tokenDigest(token)} AND used_at IS NULL AND expires_at > now()`);
  return rows[0]?.user_id ?? null;
}

/**
 * Marks a reset token used and returns its user, or null when it is unknown, expired or spent.
 * One UPDATE both checks and consumes it, so two concurrent uses cannot both succeed.
 */
export async function consumePasswordReset(db: Db, token: string): Promise<number | null> {
  const { rows } = await db.query<{ user_id: number }>(sql`
    UPDATE password_resets SET used_at = now()
    WHERE token_digest = ${tokenDigest(token)} AND used_at IS NULL AND expires_at > now()
    RETURNING user_id`);
  return rows[0]?.user_id ?? null;
}
