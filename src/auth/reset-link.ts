import { type Db, sql } from '../db/sql.js';
import type { Mail } from '../mail/mailer.js';
import { createPasswordReset } from './passwords.js';

/**
 * The dashboard's page that sets a new password. The token rides in the fragment, which browsers
 * never send: it stays out of access logs, proxies and Referer headers.
 */
export function resetLink(publicBase: string, token: string): string {
  return `${publicBase}/reset-password#token=${token}`;
}

/** A fresh one-hour reset link for the account with this email, or null when there is none. */
export async function newResetLink(db: Db, publicBase: string, email: string): Promise<string | null> {
  const { rows } = await db.query<{ id: number }>(
    sql`SELECT id FROM users WHERE lower(email) = ${email.trim().toLowerCase()}`,
  );
  const userId = rows[0]?.id;
  if (userId === undefined) return null;
  return resetLink(publicBase, await createPasswordReset(db, userId));
}

/** The mail that carries a reset link. */
export function resetMail(to: string, link: string): Mail {
  const text = [
    'Someone (we hope you) asked to reset the password of your twofold account.',
    '',
    `Choose a new password here within the hour: ${link}`,
    '',
    'If it was not you, ignore this mail: your password stays as it is.',
  ].join('\n');
  const html =
    '<p>Someone (we hope you) asked to reset the password of your twofold account.</p>' +
    `<p><a href="${link}">Choose a new password</a> within the hour.</p>` +
    '<p>If it was not you, ignore this mail: your password stays as it is.</p>';
  return { to, subject: 'Reset your twofold password', text, html };
}
