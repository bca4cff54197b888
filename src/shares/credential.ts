import type { FastifyRequest } from 'fastify';
import { looksLikeToken } from '../auth/tokens.js';
import type { Db } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import { isUnlocked, type Share, shareByToken, unknownShare } from './store.js';

/**
 * The unlock cookie of one link: named after the link, so a browser holding several links keeps
 * each one's, and a cookie of one link never opens another (the stored unlock names its link too).
 */
export function unlockCookieName(shareId: number): string {
  return `twofold_share_${shareId}`;
}

/** The `share` query parameter of a request, when it carries one (a repeated one is refused). */
export function shareParameter(req: FastifyRequest): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.share;
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw unknownShare();
  return value;
}

/**
 * The link a token opens, checked in full: a token that is malformed, unknown or revoked → 401
 * (field `share`); a link with a password and no live unlock cookie of its own → 401 (field
 * `password`). Read on every request, never cached: revoking works from the next request on.
 */
export async function openShare(db: Db, req: FastifyRequest, token: string): Promise<Share> {
  if (!looksLikeToken('share', token)) throw unknownShare();
  const share = await shareByToken(db, token);
  if (share === null) throw unknownShare();
  if (share.passwordHash !== null) {
    const value = req.cookies?.[unlockCookieName(share.id)];
    const open =
      value !== undefined && looksLikeToken('shareUnlock', value) && (await isUnlocked(db, share.id, value));
    if (!open)
      throw new AppError('unauthorized', 'this shared link needs its password', { field: 'password' });
  }
  return share;
}
