import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { signUp, uniqueAddress } from '../support/accounts.js';

// The session cookie is Secure when the request is https, or a trusted proxy says it was
// (X-Forwarded-Proto, read only from a TRUST_PROXY peer); COOKIE_SECURE forces it either way.

const PROXY = '198.51.100.1';

function login(app: TestApp['app'], email: string, password: string, remoteAddress: string, headers = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
    headers,
  });
}

function sessionCookieOf(res: Awaited<ReturnType<typeof login>>) {
  const c = res.cookies.find((x) => x.name === 'twofold_session');
  if (c === undefined) throw new Error(`no session cookie in a ${res.statusCode}: ${res.body}`);
  return c;
}

describe('COOKIE_SECURE=auto (the default) behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { TRUST_PROXY: PROXY } });
  });
  afterAll(() => t.close());

  it('is Secure when the trusted proxy says https, and not for plain http', async () => {
    const { email, password } = await signUp(t.app);
    const viaTls = await login(t.app, email, password, PROXY, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': uniqueAddress(),
    });
    const plain = await login(t.app, email, password, PROXY, { 'x-forwarded-for': uniqueAddress() });

    expect(viaTls.statusCode).toBe(200);
    expect(sessionCookieOf(viaTls)).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
    expect(sessionCookieOf(plain).secure).toBeUndefined();
  });

  it('is not Secure when an untrusted peer claims https', async () => {
    const { email, password } = await signUp(t.app);

    const res = await login(t.app, email, password, '203.0.113.44', { 'x-forwarded-proto': 'https' });

    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res).secure).toBeUndefined();
  });
});

describe('COOKIE_SECURE=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { COOKIE_SECURE: 'true' } });
  });
  afterAll(() => t.close());

  it('is Secure on plain http too, at registration, login and logout', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'secure@example.test', password: 'correct horse battery' },
      remoteAddress: uniqueAddress(),
    });
    const loggedIn = await login(t.app, 'secure@example.test', 'correct horse battery', uniqueAddress());
    const loggedOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `twofold_session=${sessionCookieOf(loggedIn).value}` },
    });

    expect([registered.statusCode, loggedIn.statusCode, loggedOut.statusCode]).toEqual([201, 200, 204]);
    expect(sessionCookieOf(registered).secure).toBe(true);
    expect(sessionCookieOf(loggedIn).secure).toBe(true);
    expect(sessionCookieOf(loggedOut)).toMatchObject({ value: '', secure: true });
  });
});

describe('COOKIE_SECURE=false', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { COOKIE_SECURE: 'false', TRUST_PROXY: PROXY } });
  });
  afterAll(() => t.close());

  it('is never Secure, even over https', async () => {
    const { email, password } = await signUp(t.app);

    const res = await login(t.app, email, password, PROXY, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': uniqueAddress(),
    });

    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res).secure).toBeUndefined();
  });
});
