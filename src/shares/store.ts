import { randomToken, tokenDigest } from '../auth/tokens.js';
import { type Db, sql } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';

/** The readerships a link may be limited to (docs/api.md#shared-links). */
export const SHARE_AUDIENCES = ['human', 'agent'] as const;
export type ShareAudience = (typeof SHARE_AUDIENCES)[number];

/** A shared link as its site's admins see it: never its token nor its password. */
export interface ShareView {
  id: number;
  site: number;
  name: string;
  password: boolean;
  segment: number | null;
  audience: ShareAudience | null;
  created_at: Date;
}

/** What a request presenting the link's token is allowed: its one site, and its restrictions. */
export interface Share {
  id: number;
  siteId: number;
  name: string;
  passwordHash: string | null;
  segmentId: number | null;
  audience: ShareAudience | null;
}

const VIEW_COLUMNS = sql`id, site_id AS site, name, password_hash IS NOT NULL AS password,
  segment_id AS segment, audience, created_at`;

/** A PostgreSQL bigint id: anything else cannot name a row (and would fail as a database error). */
const isId = (id: number) => Number.isSafeInteger(id) && id > 0;

/** A new link; the token is returned once, here, and only its digest is stored. */
export async function createShare(
  db: Db,
  s: {
    siteId: number;
    name: string;
    passwordHash: string | null;
    segmentId: number | null;
    audience: ShareAudience | null;
    createdBy: number;
  },
): Promise<{ id: number; token: string }> {
  const token = randomToken('share');
  const { rows } = await db.query<{ id: number }>(sql`
    INSERT INTO shares (site_id, name, token_digest, password_hash, segment_id, audience, created_by)
    VALUES (${s.siteId}, ${s.name}, ${tokenDigest(token)}, ${s.passwordHash}, ${s.segmentId},
            ${s.audience}, ${s.createdBy})
    RETURNING id`);
  return { id: rows[0]!.id, token };
}

/** The site's links, oldest first. */
export async function listShares(db: Db, siteId: number): Promise<ShareView[]> {
  const { rows } = await db.query<ShareView>(
    sql`SELECT ${VIEW_COLUMNS} FROM shares WHERE site_id = ${siteId} ORDER BY id`,
  );
  return rows;
}

/** The site of link `id`, or null when there is no such link. */
export async function shareSite(db: Db, id: number): Promise<number | null> {
  if (!isId(id)) return null;
  const { rows } = await db.query<{ site_id: number }>(sql`SELECT site_id FROM shares WHERE id = ${id}`);
  return rows[0]?.site_id ?? null;
}

/** Revokes a link: its token and its unlock cookies fail from the next request on. */
export async function deleteShare(db: Db, id: number): Promise<boolean> {
  const r = await db.query(sql`DELETE FROM shares WHERE id = ${id}`);
  return r.rowCount === 1;
}

/** The link a token opens, or null (unknown or revoked). Read on every request, never cached. */
export async function shareByToken(db: Db, token: string): Promise<Share | null> {
  const { rows } = await db.query<{
    id: number;
    site_id: number;
    name: string;
    password_hash: string | null;
    segment_id: number | null;
    audience: ShareAudience | null;
  }>(sql`
    SELECT id, site_id, name, password_hash, segment_id, audience
    FROM shares WHERE token_digest = ${tokenDigest(token)}`);
  const r = rows[0];
  if (r === undefined) return null;
  return {
    id: r.id,
    siteId: r.site_id,
    name: r.name,
    passwordHash: r.password_hash,
    segmentId: r.segment_id,
    audience: r.audience,
  };
}

/** How long an unlock lasts: a working day's reading, then the password again. */
export const UNLOCK_HOURS = 12;

/** A new unlock of a link: the cookie's value, whose digest is stored. Expired unlocks of the link go. */
export async function createUnlock(db: Db, shareId: number): Promise<{ value: string; expires: Date }> {
  const value = randomToken('shareUnlock');
  const expires = new Date(Date.now() + UNLOCK_HOURS * 3_600_000);
  await db.query(sql`DELETE FROM share_unlocks WHERE share_id = ${shareId} AND expires_at < now()`);
  await db.query(sql`
    INSERT INTO share_unlocks (token_digest, share_id, expires_at)
    VALUES (${tokenDigest(value)}, ${shareId}, ${expires})`);
  return { value, expires };
}

/** Whether `value` is a live unlock of link `shareId` (not another link's, not expired). */
export async function isUnlocked(db: Db, shareId: number, value: string): Promise<boolean> {
  const { rows } = await db.query(sql`
    SELECT 1 FROM share_unlocks
    WHERE token_digest = ${tokenDigest(value)} AND share_id = ${shareId} AND expires_at > now()`);
  return rows.length === 1;
}

/** The refusal of a token that opens no link (never issued, or revoked). */
export function unknownShare(): AppError {
  return new AppError('unauthorized', 'this shared link does not exist or was revoked', { field: 'share' });
}
