import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSecure } from '../config.js';
import { type Db, sql } from '../db/sql.js';
import { looksLikeToken, randomToken, tokenDigest } from './tokens.js';

export const SESSION_COOKIE = 'twofold_session';
const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 86_400_000;

/** Creates a session for the user and sets its cookie; only the token's digest is stored. */
export async function startSession(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  secure: CookieSecure,
): Promise<void> {
  const token = randomToken('session');
  const expires = new Date(Date.now() + SESSION_MS);
  // Expired rows of this user go at the same time, so the table does not grow without a sweeper.
  await db.query(sql`DELETE FROM user_sessions WHERE user_id = ${userId} AND expires_at < now()`);
  await db.query(sql`
    INSERT INTO user_sessions (token_digest, user_id, expires_at)
    VALUES (${tokenDigest(token)}, ${userId}, ${expires})`);
  reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(req, secure),
    expires,
    maxAge: SESSION_MS / 1000,
  });
}

/** The user of the request's session cookie, or null when it is absent, unknown or expired. */
export async function sessionUser(db: Db, req: FastifyRequest): Promise<number | null> {
  const token = sessionToken(req);
  if (token === null) return null;
  const { rows } = await db.query<{ user_id: number }>(sql`
    SELECT user_id FROM user_sessions WHERE token_digest = ${tokenDigest(token)} AND expires_at > now()`);
  return rows[0]?.user_id ?? null;
}

/** Ends the request's session, if any, and clears its cookie. */
export async function endSession(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  secure: CookieSecure,
): Promise<void> {
  const token = sessionToken(req);
  if (token !== null)
    await db.query(sql`DELETE FROM user_sessions WHERE token_digest = ${tokenDigest(token)}`);
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req, secure));
}

/** Ends every session of a user, e.g. after a password reset. */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await db.query(sql`DELETE FROM user_sessions WHERE user_id = ${userId}`);
}

function sessionToken(req: FastifyRequest): string | null {
  const value = req.cookies[SESSION_COOKIE];
  return value !== undefined && looksLikeToken('session', value) ? value : null;
}

/**
 * `auto`: Secure only over https, since a plain-http installation (localhost, a private network)
 * must still log in. `req.protocol` takes X-Forwarded-Proto only from a TRUST_PROXY peer.
 */
export function cookieOptions(req: FastifyRequest, secure: CookieSecure) {
  const isSecure = secure === 'auto' ? req.protocol === 'https' : secure === 'true';
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: isSecure } as const;
}
