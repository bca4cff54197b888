import type { Db } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import { keyedDigest } from '../ratelimit/address.js';
import { consume, forget, peek, type WindowLimit } from '../ratelimit/fixed-window.js';

/**
 * Failed logins per account: after 10 in a 15-minute window (fixed, shared by every instance),
 * every login for that email is refused until the window ends, the right password included; a
 * success forgets the count. Anyone can spend an account's 10, so the lock is short by design:
 * at most 15 minutes, and sessions already open are untouched
 * (docs/api-decisions.md#accounts-sessions-and-keys).
 */
const ACCOUNT = { bucket: 'auth:login-account', limit: 10, windowSeconds: 900 } as const;

/** The account's subject in the counters: a keyed digest of the normalised email, never the email. */
export async function accountLimit(db: Db, email: string): Promise<WindowLimit> {
  return { ...ACCOUNT, subject: await keyedDigest(db, 'account', email) };
}

/** 429 while the account has used its failures; counts nothing. */
export async function refuseLockedAccount(db: Db, limit: WindowLimit): Promise<void> {
  const { allowed, retryAfter } = await peek(db, limit);
  if (!allowed) {
    throw new AppError('rate_limited', 'too many failed sign-ins for this account; try again later', {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}

export async function countFailedLogin(db: Db, limit: WindowLimit): Promise<void> {
  await consume(db, limit);
}

export function forgetFailedLogins(db: Db, limit: WindowLimit): Promise<void> {
  return forget(db, limit.bucket, limit.subject);
}
