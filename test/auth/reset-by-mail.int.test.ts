import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { signUp, uniqueAddress, uniqueEmail } from '../support/accounts.js';
import { startSmtp, type TestSmtp } from '../support/smtp.js';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://stats.example.org/' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: uniqueAddress() });
}

/** The token of the reset link in a mail's text. */
function linkToken(text: string | undefined): string {
  const m = /https:\/\/stats\.example\.org\/reset-password#token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!m) throw new Error(`no reset link in: ${text}`);
  return m[1]!;
}

describe('a forgotten password, reset by mail', () => {
  it('mails a link to the dashboard reset page; its token sets the new password once', async () => {
    const { email } = await signUp(t.app, uniqueEmail(), 'the old password');

    expect((await post('/api/auth/forgot-password', { email: email.toUpperCase() })).statusCode).toBe(202);
    const mail = await smtp.next(email);

    expect(mail.subject).toBe('Reset your twofold password');
    const token = linkToken(mail.text);
    expect(mail.html).toContain(`href="https://stats.example.org/reset-password#token=${token}"`);
    const reset = await post('/api/auth/reset-password', { token, password: 'the new password' });
    expect(reset.statusCode).toBe(204);
    expect((await post('/api/auth/login', { email, password: 'the new password' })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { email, password: 'the old password' })).statusCode).toBe(401);
    const again = await post('/api/auth/reset-password', { token, password: 'a third password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'validation_error', field: 'token' });
  });

  it('answers an unknown email the same 202 and mails nothing', async () => {
    const known = await signUp(t.app);
    const unknown = uniqueEmail();

    expect((await post('/api/auth/forgot-password', { email: unknown })).statusCode).toBe(202);
    expect((await post('/api/auth/forgot-password', { email: known.email })).statusCode).toBe(202);

    // Mails leave in order of asking: once the known account's has arrived, none went to the other.
    await smtp.next(known.email);
    expect(smtp.mails.some((m) => m.to && JSON.stringify(m.to).includes(unknown))).toBe(false);
  });
});
