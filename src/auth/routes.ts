import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Db, sql } from '../db/sql.js';
import { withTransaction } from '../db/transaction.js';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../input/parse-input.js';
import { addressDigest } from '../ratelimit/address.js';
import { consume } from '../ratelimit/fixed-window.js';
import {
  consumePasswordReset,
  hashPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordResetUser,
  verifyPassword,
} from './passwords.js';
import { accountLimit, countFailedLogin, forgetFailedLogins, refuseLockedAccount } from './account-limit.js';
import { endAllSessions, endSession, startSession } from './sessions.js';
import { newResetLink, resetMail } from './reset-link.js';
import { publicUrl } from '../config.js';

export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email('not an email address'));
const NewPassword = z
  .string()
  .min(PASSWORD_MIN, `at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `at most ${PASSWORD_MAX} characters`);

export const RegisterBody = z.object({ email: Email, password: NewPassword });
export const LoginBody = z.object({ email: Email, password: z.string().min(1).max(PASSWORD_MAX) });
export const ForgotPasswordBody = z.object({ email: Email });
export const ResetPasswordBody = z.object({ token: z.string().min(1).max(200), password: NewPassword });

/** Per-address limits (docs/api-decisions.md#accounts-sessions-and-keys). */
const LIMITS = {
  login: { limit: 40, windowSeconds: 300 },
  register: { limit: 5, windowSeconds: 3600 },
  forgot: { limit: 5, windowSeconds: 3600 },
  reset: { limit: 10, windowSeconds: 3600 },
} as const;

export const authRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;
  const secure = deps.config.COOKIE_SECURE;

  app.post('/register', async (req, reply) => {
    await limitAddress(db, req, 'register');
    const body = parseInput(RegisterBody, req.body);
    const hash = await hashPassword(body.password);
    const { rows } = await db.query<{ id: number }>(sql`
      INSERT INTO users (email, password_hash) VALUES (${body.email}, ${hash})
      ON CONFLICT ((lower(email))) DO NOTHING RETURNING id`);
    const id = rows[0]?.id;
    if (id === undefined)
      throw new AppError('conflict', 'an account with this email exists', { field: 'email' });
    await startSession(db, req, reply, id, secure);
    return reply.status(201).send({ data: { user: { id, email: body.email } } });
  });

  app.post('/login', async (req, reply) => {
    await limitAddress(db, req, 'login');
    const body = parseInput(LoginBody, req.body);
    // Counted for every email, with an account or not, so the limit does not reveal which exist.
    const account = await accountLimit(db, body.email);
    await refuseLockedAccount(db, account);
    const { rows } = await db.query<{ id: number; email: string; password_hash: string }>(
      sql`SELECT id, email, password_hash FROM users WHERE lower(email) = ${body.email}`,
    );
    const user = rows[0];
    if (!(await verifyPassword(user?.password_hash ?? null, body.password)) || user === undefined) {
      await countFailedLogin(db, account);
      throw new AppError('unauthorized', 'wrong email or password');
    }
    await forgetFailedLogins(db, account);
    // A fresh token on every login, and the one presented before is ended (no session fixation).
    await endSession(db, req, reply, secure);
    await startSession(db, req, reply, user.id, secure);
    return { data: { user: { id: user.id, email: user.email } } };
  });

  app.post('/logout', async (req, reply) => {
    await endSession(db, req, reply, secure);
    return reply.status(204).send();
  });

  app.post('/forgot-password', async (req, reply) => {
    await limitAddress(db, req, 'forgot');
    const body = parseInput(ForgotPasswordBody, req.body);
    const { mailer } = deps;
    if (mailer === null) {
      // Nothing is made that could only go nowhere; the operator gives a link instead.
      req.log.info(
        'password reset asked, but no SMTP_URL is set: `twofold users reset-password EMAIL` prints a link',
      );
    } else {
      // Sent after the answer, so an account's existence shows neither in the answer nor its time.
      void newResetLink(db, publicUrl(deps.config), body.email)
        .then((link) => (link === null ? undefined : mailer.send(resetMail(body.email, link))))
        .catch((err: unknown) => req.log.warn({ err }, 'password reset mail not sent'));
    }
    // The same answer either way, so this endpoint does not reveal which emails have accounts.
    return reply.status(202).send();
  });

  app.post('/reset-password', async (req, reply) => {
    await limitAddress(db, req, 'reset');
    const body = parseInput(ResetPasswordBody, req.body);
    // The token is checked before any hash, so a guess costs a query, not 19 MiB of argon2; the
    // hash then runs outside the transaction, which must not hold a connection through it.
    if ((await passwordResetUser(db, body.token)) === null) throw invalidResetToken();
    const hash = await hashPassword(body.password);
    await withTransaction(deps.db, async (tx) => {
      // Consumed here, in one UPDATE: of two uses racing past the check, one wins.
      const userId = await consumePasswordReset(tx, body.token);
      if (userId === null) throw invalidResetToken();
      await tx.query(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${userId}`);
      await tx.query(sql`DELETE FROM password_resets WHERE user_id = ${userId} AND used_at IS NULL`);
      // Whoever knew the old password is signed out everywhere.
      await endAllSessions(tx, userId);
    });
    return reply.status(204).send();
  });
};

function invalidResetToken(): AppError {
  return new AppError('validation_error', 'the reset link is invalid or has expired', { field: 'token' });
}

async function limitAddress(db: Db, req: FastifyRequest, name: keyof typeof LIMITS): Promise<void> {
  const subject = await addressDigest(db, req.ip);
  const { allowed, retryAfter } = await consume(db, { bucket: `auth:${name}`, subject, ...LIMITS[name] });
  if (!allowed) {
    throw new AppError('rate_limited', 'too many attempts; try again later', {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}
