import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { sessionCookie, signUp, uniqueAddress, uniqueEmail } from '../support/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers,
    remoteAddress: uniqueAddress(),
  });
}

describe('POST /api/auth/register', () => {
  it('creates the user with a normalised email and answers 201 with a session cookie', async () => {
    const email = uniqueEmail();
    const res = await post('/api/auth/register', {
      email: `  ${email.toUpperCase()} `,
      password: 'hunter2hunter2',
    });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { user: { id: expect.any(Number), email } } });
    const cookie = res.cookies.find((c) => c.name === 'twofold_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 86_400 });
    expect(cookie.secure).toBeUndefined();
    const days = ((cookie.expires as Date).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('answers 409 conflict on field email for an email already registered, in any case', async () => {
    const { email } = await signUp(t.app);
    const res = await post('/api/auth/register', {
      email: email.toUpperCase(),
      password: 'another password',
    });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'conflict', message: expect.any(String), field: 'email' } });
  });

  it('answers 400 validation_error on field password for a 7-character password', async () => {
    const res = await post('/api/auth/register', { email: uniqueEmail(), password: '1234567' });

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'password' });
  });

  it('answers 400 validation_error on field email for a malformed email', async () => {
    const res = await post('/api/auth/register', { email: 'not-an-email', password: 'long enough' });

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'email' });
  });

  it('stores an argon2id hash and only digests of session tokens', async () => {
    const { userId, password, cookie } = await signUp(t.app);
    const user = await t.database.pool.query('SELECT password_hash FROM users WHERE id = $1', [userId]);
    const sessions = await t.database.pool.query(
      'SELECT token_digest FROM user_sessions WHERE user_id = $1',
      [userId],
    );

    expect(user.rows[0].password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(user.rows[0].password_hash).not.toContain(password);
    expect(sessions.rows).toHaveLength(1);
    expect(sessions.rows[0].token_digest).toHaveLength(32);
    expect(sessions.rows[0].token_digest.toString('base64url')).not.toBe(cookie.split('=')[1]);
  });
});

describe('POST /api/auth/login', () => {
  it('answers 200 with the user and a new session cookie that authenticates', async () => {
    const { email, password, userId } = await signUp(t.app);
    const res = await post('/api/auth/login', { email, password });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { user: { id: userId, email } } });
    const sites = await t.app.inject({ url: '/api/sites', headers: { cookie: sessionCookie(res) } });
    expect(sites.statusCode).toBe(200);
    expect(sites.json()).toEqual({ data: [] });
  });

  it('answers 401 unauthorized with one message for a wrong password and for an unknown email', async () => {
    const { email } = await signUp(t.app);
    const wrong = await post('/api/auth/login', { email, password: 'not the password' });
    const unknown = await post('/api/auth/login', { email: uniqueEmail(), password: 'not the password' });

    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'unauthorized', message: 'wrong email or password' } });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toEqual([]);
  });

  it('ends the session the client presented before, so a stolen pre-login cookie is useless', async () => {
    const { email, password, cookie } = await signUp(t.app);
    const res = await post('/api/auth/login', { email, password }, { cookie });

    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/sites', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('POST /api/auth/logout', () => {
  it('answers 204, clears the cookie, and the old cookie no longer authenticates', async () => {
    const { cookie } = await signUp(t.app);
    const res = await post('/api/auth/logout', undefined, { cookie });

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cleared = res.cookies.find((c) => c.name === 'twofold_session')!;
    expect(cleared.value).toBe('');
    expect((cleared.expires as Date).getTime()).toBeLessThan(Date.now());
    const after = await t.app.inject({ url: '/api/sites', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
  });

  it('answers 204 without a session too', async () => {
    expect((await post('/api/auth/logout', undefined)).statusCode).toBe(204);
  });
});

describe('the session cookie over https', () => {
  let https: TestApp;
  beforeAll(async () => {
    https = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await https?.close();
  });

  it('is Secure when the request came in over https', async () => {
    const res = await https.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-forwarded-proto': 'https' },
      payload: { email: uniqueEmail(), password: 'long enough' },
    });

    expect(res.statusCode).toBe(201);
    expect(res.cookies.find((c) => c.name === 'twofold_session')).toMatchObject({
      secure: true,
      httpOnly: true,
    });
  });
});
