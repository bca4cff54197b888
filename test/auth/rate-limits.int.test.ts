import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { signUp, uniqueEmail } from '../support/accounts.js';
import { awayFromWindowEnd } from '../support/rate-windows.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: object, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress });
}

function expectRateLimited(res: Awaited<ReturnType<typeof post>>, maxSeconds: number) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('login rate limit (40 per 5 minutes per address)', () => {
  it('answers the 41st attempt from one address with 429 and Retry-After, other addresses unaffected', async () => {
    // The windows are fixed (epoch multiples of 5 minutes): the 41 attempts must share one.
    await awayFromWindowEnd(t.database.pool, 300, 30);
    const { email } = await signUp(t.app);
    const attempts = [];
    // Many emails, since one account alone is refused after 10 failures (login-account-limit test).
    for (let i = 0; i < 40; i++) {
      attempts.push(
        (await post('/api/auth/login', { email: uniqueEmail(), password: 'wrong password' }, '203.0.113.7'))
          .statusCode,
      );
    }
    expect(attempts).toEqual(Array(40).fill(401));

    expectRateLimited(
      await post('/api/auth/login', { email, password: 'wrong password' }, '203.0.113.7'),
      300,
    );
    // The same client on a dual-stack socket is the same address.
    expect((await post('/api/auth/login', { email, password: 'x' }, '::ffff:203.0.113.7')).statusCode).toBe(
      429,
    );
    expect(
      (await post('/api/auth/login', { email, password: 'wrong password' }, '203.0.113.8')).statusCode,
    ).toBe(401);
  });
});

describe('register rate limit (5 per hour per address)', () => {
  it('answers the 6th registration from one address with 429', async () => {
    await awayFromWindowEnd(t.database.pool, 3600, 30);
    const codes = [];
    for (let i = 0; i < 5; i++) {
      codes.push(
        (await post('/api/auth/register', { email: uniqueEmail(), password: 'long enough' }, '203.0.113.20'))
          .statusCode,
      );
    }
    expect(codes).toEqual([201, 201, 201, 201, 201]);

    const sixth = await post(
      '/api/auth/register',
      { email: uniqueEmail(), password: 'long enough' },
      '203.0.113.20',
    );
    expectRateLimited(sixth, 3600);
    expect(sixth.cookies).toEqual([]);
  });
});

describe('forgot-password (5 per hour per address)', () => {
  it('answers 202 with an empty body for known and unknown emails alike, and the 6th with 429', async () => {
    await awayFromWindowEnd(t.database.pool, 3600, 30);
    const { email } = await signUp(t.app);
    const answers = [];
    for (const e of [email, uniqueEmail(), email, uniqueEmail(), email]) {
      const res = await post('/api/auth/forgot-password', { email: e }, '198.51.100.30');
      answers.push([res.statusCode, res.body]);
    }
    expect(answers).toEqual(Array(5).fill([202, '']));

    expectRateLimited(await post('/api/auth/forgot-password', { email }, '198.51.100.30'), 3600);
  });
});

describe('rate limit storage', () => {
  it('holds addresses only as 32-byte keyed digests, never as text', async () => {
    const { rows } = await t.database.pool.query<{ subject: Buffer }>(
      'SELECT subject FROM rate_limit_windows',
    );
    const secret = await t.database.pool.query(
      "SELECT value FROM instance_secrets WHERE name = 'address_key'",
    );

    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.subject).toHaveLength(32);
      expect(r.subject.toString('latin1')).not.toContain('203.0.113');
    }
    expect(secret.rows[0].value).toHaveLength(32);
  });
});
