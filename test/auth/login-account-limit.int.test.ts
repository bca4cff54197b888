import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { signUp, uniqueAddress, uniqueEmail } from '../support/accounts.js';
import { awayFromWindowEnd } from '../support/rate-windows.js';

// Login is limited per account as well as per address (docs/api-decisions.md#accounts-sessions-and-keys):
// 10 failures for one email in a 15-minute window, then 429 until the window ends.

const BUCKET = 'auth:login-account';
const WINDOW_SECONDS = 900;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Each attempt from an address of its own, so only the account's limit can answer 429. */
function login(email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: uniqueAddress(),
  });
}

async function fail(email: string, times: number): Promise<number[]> {
  const codes = [];
  for (let i = 0; i < times; i++) codes.push((await login(email, `wrong password ${i}`)).statusCode);
  return codes;
}

/** Windows are fixed (epoch multiples of 15 minutes): a test does not start in a window's last seconds. */
beforeEach(() => awayFromWindowEnd(t.database.pool, WINDOW_SECONDS, 10));

/** The account's window as if 15 minutes had passed. */
async function windowPasses(): Promise<void> {
  await t.database.pool.query(
    `UPDATE rate_limit_windows SET window_start = window_start - interval '${WINDOW_SECONDS} seconds'
     WHERE bucket = $1`,
    [BUCKET],
  );
}

function expectLocked(res: Awaited<ReturnType<typeof login>>) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({
    error: { code: 'rate_limited', message: 'too many failed sign-ins for this account; try again later' },
  });
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(res.cookies).toEqual([]);
}

describe('login per account (10 failures per 15 minutes)', () => {
  it('answers the 11th attempt 429 with Retry-After, the right password included, from any address', async () => {
    const { email, password } = await signUp(t.app);

    expect(await fail(email, 10)).toEqual(Array(10).fill(401));
    expectLocked(await login(email, 'wrong password 11'));
    expectLocked(await login(email.toUpperCase(), password));
  });

  it('lets the right password in once the window has passed', async () => {
    const { email, password } = await signUp(t.app);
    await fail(email, 10);
    expectLocked(await login(email, password));

    await windowPasses();

    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.map((c) => c.name)).toEqual(['twofold_session']);
  });

  it('forgets the failures after a success', async () => {
    const { email, password } = await signUp(t.app);

    expect(await fail(email, 9)).toEqual(Array(9).fill(401));
    expect((await login(email, password)).statusCode).toBe(200);

    expect(await fail(email, 10)).toEqual(Array(10).fill(401));
    expectLocked(await login(email, password));
  });

  it('locks one account only: another account signs in meanwhile', async () => {
    const victim = await signUp(t.app);
    const other = await signUp(t.app);
    await fail(victim.email, 10);

    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('treats an email without an account the same, so the limit does not tell which emails exist', async () => {
    const nobody = uniqueEmail();

    expect(await fail(nobody, 10)).toEqual(Array(10).fill(401));
    expectLocked(await login(nobody, 'anything at all'));
  });

  it('counts the account by a 32-byte keyed digest, never the email', async () => {
    const { email } = await signUp(t.app);
    await fail(email, 1);

    const { rows } = await t.database.pool.query<{ subject: Buffer; hits: number }>(
      'SELECT subject, hits FROM rate_limit_windows WHERE bucket = $1',
      [BUCKET],
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.subject).toHaveLength(32);
      expect(r.subject.toString('latin1')).not.toContain(email.split('@')[0]);
    }
  });
});
