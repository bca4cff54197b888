import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';

// The dashboard and the API answer with a content security policy and the headers that keep them
// out of frames and stop type sniffing (docs/operations.md#security); the hit routes carry none.

const CSP =
  "default-src 'none';script-src 'self';style-src 'self';img-src data:;connect-src 'self';" +
  "base-uri 'none';form-action 'self';frame-ancestors 'none'";

let t: TestApp;
let cookie: string;
let site: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signUp(t.app));
  site = (await createSite(t.app, cookie, { domain: 'headers.example' })).id;
});
afterAll(() => t.close());

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(CSP);
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('same-origin');
  // HSTS is the TLS terminator's to send: twofold may be reached over plain http on a private network.
  expect(headers['strict-transport-security']).toBeUndefined();
}

describe('security headers', () => {
  it.each(['/', '/sites', '/sites/1'])('are sent with the dashboard at %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });

    expect([200, 503]).toContain(res.statusCode); // 503 when the dashboard is not built
    expectSecurityHeaders(res.headers);
  });

  it('are sent with API answers, JSON reads, management and refusals alike', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/sites', headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: `/api/stats/overview?site=${site}`, headers: { cookie } }),
      await t.app.inject({ method: 'GET', url: '/api/sites' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
    ];

    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 401, 400]);
    for (const res of answers) {
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectSecurityHeaders(res.headers);
    }
  });

  it('give the tracker script nosniff only, and the hit routes nothing', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/js/script.js' });
    const hit = await t.app.inject({
      method: 'POST',
      url: '/api/track',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ s: site, u: 'https://headers.example/' }),
    });

    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['content-security-policy']).toBeUndefined();
    expect(hit.headers['x-content-type-options']).toBeUndefined();
    expect(hit.headers['content-security-policy']).toBeUndefined();
  });
});
