import { randomToken, tokenDigest } from '../auth/tokens.js';
import { type Db, sql } from '../db/sql.js';

/** Scopes an API key may carry; reads are all there is for now. */
export const SCOPES = ['stats:read'] as const;
export type Scope = (typeof SCOPES)[number];

export interface NewKey {
  userId: number;
  siteId: number;
  name: string;
  scopes: Scope[];
}

/** Creates a key and returns it in plain text, the one time it exists outside the client: only its digest is stored. */
export async function createApiKey(db: Db, k: NewKey) {
  const key = randomToken('apiKey');
  const { rows } = await db.query<{ id: number }>(sql`
    INSERT INTO api_keys (user_id, site_id, name, scopes, key_digest)
    VALUES (${k.userId}, ${k.siteId}, ${k.name}, ${k.scopes}, ${tokenDigest(key)})
    RETURNING id`);
  return { id: rows[0]!.id, name: k.name, site: k.siteId, scopes: k.scopes, key };
}

/** The user's live keys, oldest first. */
export async function listApiKeys(db: Db, userId: number) {
  const { rows } = await db.query<{
    id: number;
    name: string;
    site: number;
    scopes: string[];
    created_at: Date;
    last_used_at: Date | null;
  }>(sql`
    SELECT id, name, site_id AS site, scopes, created_at, last_used_at
    FROM api_keys WHERE user_id = ${userId} AND revoked_at IS NULL ORDER BY id`);
  return rows;
}

/** Revokes one of the user's keys; false when the user has no such live key. */
export async function revokeApiKey(db: Db, userId: number, keyId: number): Promise<boolean> {
  const r = await db.query(sql`
    UPDATE api_keys SET revoked_at = now()
    WHERE id = ${keyId} AND user_id = ${userId} AND revoked_at IS NULL`);
  return r.rowCount === 1;
}
