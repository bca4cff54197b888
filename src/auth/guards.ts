import type { FastifyRequest } from 'fastify';
import { type Db, sql } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import { openShare, shareParameter } from '../shares/credential.js';
import type { ShareAudience } from '../shares/store.js';
import { siteRole } from '../sites/roles.js';
import { getSite, type Site } from '../sites/sites.js';
import { sessionUser } from './sessions.js';
import { looksLikeToken, tokenDigest } from './tokens.js';

export type Principal =
  | { kind: 'key'; keyId: number; userId: number; siteId: number; scopes: string[] }
  | { kind: 'session'; userId: number }
  /** A shared link: its one site, with its restrictions (a segment, a readership) on every read. */
  | {
      kind: 'share';
      shareId: number;
      siteId: number;
      segmentId: number | null;
      audience: ShareAudience | null;
    };

/** A credential of an account: an API key or a signed-in session (what management accepts). */
export type AccountPrincipal = Exclude<Principal, { kind: 'share' }>;

/** The scope every read endpoint and tool needs (interface §5 rule 2). */
export const READ_SCOPE = 'stats:read';

/**
 * Bearer API key, or the twofold_session cookie when allowSession, or a shared link's `share`
 * parameter when allowShare (reads only; whenever present it is the credential, whatever else the
 * request carries). Missing/invalid/revoked → AppError('unauthorized') (401).
 */
export async function authenticate(
  db: Db,
  req: FastifyRequest,
  opts?: { allowSession?: boolean; allowShare?: false },
): Promise<AccountPrincipal>;
export async function authenticate(
  db: Db,
  req: FastifyRequest,
  opts: { allowSession?: boolean; allowShare: boolean },
): Promise<Principal>;
export async function authenticate(
  db: Db,
  req: FastifyRequest,
  opts: { allowSession?: boolean; allowShare?: boolean } = {},
): Promise<Principal> {
  const token = opts.allowShare ? shareParameter(req) : undefined;
  if (token !== undefined) {
    const share = await openShare(db, req, token);
    return {
      kind: 'share',
      shareId: share.id,
      siteId: share.siteId,
      segmentId: share.segmentId,
      audience: share.audience,
    };
  }
  const header = req.headers.authorization;
  if (header !== undefined) return keyPrincipal(db, header);
  if (opts.allowSession) {
    const userId = await sessionUser(db, req);
    if (userId !== null) return { kind: 'session', userId };
  }
  throw new AppError(
    'unauthorized',
    opts.allowSession ? 'sign in or send an API key' : 'an API key is required',
  );
}

/**
 * The site the principal may read (key: its one site, needs scope stats:read, and its creator
 * still a member; session: sites the user owns or is a member of, any role; share: its one site).
 * Otherwise AppError('forbidden') 403 — also for a site id that does not exist, so ids are not probed.
 */
export async function authorizeSiteRead(db: Db, p: Principal, siteId: number): Promise<Site> {
  if (p.kind === 'share') {
    const site = p.siteId === siteId ? await getSite(db, siteId) : null;
    if (site === null) throw new AppError('forbidden', 'this site may not be read');
    return site;
  }
  const allowed = p.kind === 'key' ? p.siteId === siteId && p.scopes.includes(READ_SCOPE) : true;
  const site = allowed ? await siteRole(db, siteId, p.userId) : null;
  if (site === null || site.role === null) throw new AppError('forbidden', 'this site may not be read');
  return site;
}

/** Session cookie only (management endpoints); API keys are refused with 401 here except where noted. */
export async function requireUser(db: Db, req: FastifyRequest): Promise<{ userId: number }> {
  const userId = await sessionUser(db, req);
  if (userId !== null) return { userId };
  const message = req.headers.authorization
    ? 'API keys only read; managing an account needs a signed-in session'
    : 'sign in first';
  throw new AppError('unauthorized', message);
}

interface KeyRow {
  id: number;
  user_id: number;
  site_id: number;
  scopes: string[];
  stale: boolean;
}

async function keyPrincipal(db: Db, header: string): Promise<Principal> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const key = match?.[1];
  if (key === undefined || !looksLikeToken('apiKey', key))
    throw new AppError('unauthorized', 'invalid API key');
  // Read on every request, never cached: a revoked key must fail on its very next use.
  const { rows } = await db.query<KeyRow>(sql`
    SELECT id, user_id, site_id, scopes,
           (last_used_at IS NULL OR last_used_at < now() - interval '1 minute') AS stale
    FROM api_keys WHERE key_digest = ${tokenDigest(key)} AND revoked_at IS NULL`);
  const row = rows[0];
  if (row === undefined) throw new AppError('unauthorized', 'invalid API key');
  // At most one write a minute per key; the guard repeats in the UPDATE so racing requests skip it.
  if (row.stale) {
    await db.query(sql`
      UPDATE api_keys SET last_used_at = now()
      WHERE id = ${row.id} AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`);
  }
  return { kind: 'key', keyId: row.id, userId: row.user_id, siteId: row.site_id, scopes: row.scopes };
}
