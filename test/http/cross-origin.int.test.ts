import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';

// CORS is granted only where browsers call twofold from a customer's pages (the tracker script and
// its hits) and where edge shipments may come from a worker's origin; management and reads grant
// no foreign origin, so a cross-origin page can neither preflight nor read them.

const ORIGIN = 'https://elsewhere.example';
const preflightHeaders = (method: string) => ({
  origin: ORIGIN,
  'access-control-request-method': method,
  'access-control-request-headers': 'content-type',
});

let t: TestApp;
let cookie: string;
let site: number;
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signUp(t.app));
  site = (await createSite(t.app, cookie, { domain: 'cors.example' })).id;
});
afterAll(() => t.close());

describe('CORS scope', () => {
  it.each([
    ['/api/sites', 'POST'],
    ['/api/sites', 'GET'],
    ['/api/stats/overview', 'GET'],
    ['/api/keys', 'POST'],
    ['/api/auth/login', 'POST'],
    ['/api/mcp', 'POST'],
  ])('grants no foreign origin a preflight of %s (%s)', async (url, method) => {
    const res = await t.app.inject({ method: 'OPTIONS', url, headers: preflightHeaders(method) });

    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-methods']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('grants no foreign origin on a read or a management answer', async () => {
    const reads = await t.app.inject({
      method: 'GET',
      url: `/api/stats/overview?site=${site}`,
      headers: { origin: ORIGIN, cookie },
    });
    const sites = await t.app.inject({
      method: 'GET',
      url: '/api/sites',
      headers: { origin: ORIGIN, cookie },
    });

    expect([reads.statusCode, sites.statusCode]).toEqual([200, 200]);
    expect(reads.headers['access-control-allow-origin']).toBeUndefined();
    expect(sites.headers['access-control-allow-origin']).toBeUndefined();
  });

  it.each([
    ['/api/track', 'POST'],
    ['/api/track/batch', 'POST'],
    ['/api/track/pixel.gif', 'GET'],
    ['/js/script.js', 'GET'],
    ['/api/log/edge', 'POST'],
  ])('grants any origin a preflight of %s (%s)', async (url, method) => {
    const res = await t.app.inject({ method: 'OPTIONS', url, headers: preflightHeaders(method) });

    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(res.headers['access-control-allow-methods'])).toContain(method);
  });

  it('reflects the origin on the tracker script and on edge answers, refusals included', async () => {
    const script = await t.app.inject({ method: 'GET', url: '/js/script.js', headers: { origin: ORIGIN } });
    const edge = await t.app.inject({
      method: 'POST',
      url: '/api/log/edge',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: '{"site_id":1}',
    });
    const tooLarge = await t.app.inject({
      method: 'POST',
      url: '/api/log/edge',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: `{"pad":"${'x'.repeat(2 * 1024 * 1024)}"}`,
    });

    expect(script.statusCode).toBe(200);
    expect(script.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(String(script.headers.vary)).toBe('Origin, Accept-Encoding');
    expect(edge.statusCode).toBe(401);
    expect(edge.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.headers['access-control-allow-origin']).toBe(ORIGIN);
  });
});
