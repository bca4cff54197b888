import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPasswordReset } from '../../src/auth/passwords.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { signUp, uniqueAddress } from '../support/accounts.js';

const argon2 = vi.hoisted(() => ({ calls: 0, running: 0, peak: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) =>
  (await import('../support/argon2-spy.js')).countArgon2(importOriginal, argon2),
);

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await buildTestApp({
    env: { LOG_LEVEL: 'info' },
    logStream: { write: (line: string) => logLines.push(line) },
  });
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: uniqueAddress() });
}

describe('POST /api/auth/reset-password', () => {
  it('sets the new password (204), ends every session, and the old password stops working', async () => {
    const { userId, email, password, cookie } = await signUp(t.app);
    const token = await createPasswordReset(t.database.pool, userId);

    const res = await post('/api/auth/reset-password', { token, password: 'a brand new password' });

    expect(res.statusCode).toBe(204);
    expect((await post('/api/auth/login', { email, password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'a brand new password' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/sites', headers: { cookie } })).statusCode).toBe(401);
  });

  it('accepts a token once: the second use is 400 validation_error on field token', async () => {
    const { userId } = await signUp(t.app);
    const token = await createPasswordReset(t.database.pool, userId);

    expect(
      (await post('/api/auth/reset-password', { token, password: 'first new password' })).statusCode,
    ).toBe(204);
    const again = await post('/api/auth/reset-password', { token, password: 'second new password' });

    expect(again.statusCode).toBe(400);
    expect(again.json().error).toMatchObject({ code: 'validation_error', field: 'token' });
  });

  it('refuses a token older than an hour', async () => {
    const { userId, email, password } = await signUp(t.app);
    const token = await createPasswordReset(t.database.pool, userId);
    await t.database.pool.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [userId],
    );

    const res = await post('/api/auth/reset-password', { token, password: 'a brand new password' });

    expect(res.statusCode).toBe(400);
    expect(res.json().error.field).toBe('token');
    expect((await post('/api/auth/login', { email, password })).statusCode).toBe(200);
  });

  it('answers 400 on field password for a new password under 8 characters, leaving the token usable', async () => {
    const { userId } = await signUp(t.app);
    const token = await createPasswordReset(t.database.pool, userId);

    const short = await post('/api/auth/reset-password', { token, password: 'short' });

    expect(short.statusCode).toBe(400);
    expect(short.json().error).toMatchObject({ code: 'validation_error', field: 'password' });
    expect((await post('/api/auth/reset-password', { token, password: 'long enough now' })).statusCode).toBe(
      204,
    );
  });
});

describe('POST /api/auth/reset-password: the token first, 10 per hour per address', () => {
  const INVALID = {
    code: 'validation_error',
    message: 'the reset link is invalid or has expired',
    field: 'token',
  };

  it('answers an unknown, an expired and a spent token 400 on token without computing a hash', async () => {
    const { userId } = await signUp(t.app);
    const expired = await createPasswordReset(t.database.pool, userId);
    await t.database.pool.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [userId],
    );
    const spent = await createPasswordReset(t.database.pool, userId);
    expect(
      (await post('/api/auth/reset-password', { token: spent, password: 'first new password' })).statusCode,
    ).toBe(204);
    const before = argon2.calls;

    const answers = [];
    for (const token of ['tf_unknown_reset_token', expired, spent]) {
      const res = await post('/api/auth/reset-password', { token, password: 'a brand new password' });
      answers.push([res.statusCode, res.json()]);
    }

    expect(answers).toEqual(Array(3).fill([400, { error: INVALID }]));
    expect(argon2.calls).toBe(before);
  });

  it('answers the 11th reset from one address in an hour 429 with Retry-After, and changes nothing', async () => {
    const { userId, email, password } = await signUp(t.app);
    const token = await createPasswordReset(t.database.pool, userId);
    const from = (address: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload, remoteAddress: address });

    const codes = [];
    for (let i = 0; i < 10; i++)
      codes.push(
        (await from('203.0.113.90', { token: `guess-${i}`, password: 'a brand new password' })).statusCode,
      );
    const before = argon2.calls;
    const eleventh = await from('203.0.113.90', { token, password: 'a brand new password' });

    expect(codes).toEqual(Array(10).fill(400));
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(argon2.calls).toBe(before);
    const { rows } = await t.database.pool.query('SELECT used_at FROM password_resets WHERE user_id = $1', [
      userId,
    ]);
    expect(rows).toEqual([{ used_at: null }]);
    expect((await post('/api/auth/login', { email, password })).statusCode).toBe(200);
    // Another address is not limited by this one: the token still works there.
    expect((await from('203.0.113.91', { token, password: 'a brand new password' })).statusCode).toBe(204);
  });
});

describe('POST /api/auth/forgot-password without SMTP_URL', () => {
  it('answers 202 and stores no reset, since no mail could carry it', async () => {
    const { userId, email } = await signUp(t.app);

    const res = await post('/api/auth/forgot-password', { email: email.toUpperCase() });

    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('');
    const { rows } = await t.database.pool.query('SELECT 1 FROM password_resets WHERE user_id = $1', [
      userId,
    ]);
    expect(rows).toEqual([]);
  });

  it('logs how the operator makes a link, with no email, token or address', async () => {
    const { email } = await signUp(t.app);
    logLines.length = 0;

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: '192.0.2.55',
    });

    const entries = logLines.map((l) => JSON.parse(l)).filter((e) => /reset/.test(e.msg));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 30,
      msg: expect.stringContaining('twofold users reset-password EMAIL'),
    });
    const all = logLines.join('\n');
    expect(all).not.toMatch(/[A-Za-z0-9_-]{43}/);
    expect(all).not.toContain(email);
    expect(all).not.toContain('192.0.2.55');
  });
});
