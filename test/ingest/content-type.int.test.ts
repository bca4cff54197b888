import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { streamCount } from '../support/stream.js';

let t: TestApp;
let hit: string;
beforeAll(async () => {
  t = await buildTestApp();
  const { cookie } = await signUp(t.app);
  const site = await createSite(t.app, cookie, { domain: 'ct.example' });
  hit = JSON.stringify({ s: site.id, u: 'https://ct.example/' });
});
afterAll(() => t?.close());

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
// Not a media type at all (no `/`): Fastify refuses it before the route's own parser runs.
const BAD_TYPE = 'x'.repeat(200);

describe('a hit route given a content type Fastify cannot parse', () => {
  it('drops a tracked hit silently, as any malformed body, and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/track',
      headers: { 'content-type': BAD_TYPE, 'user-agent': BROWSER },
      payload: hit,
    });
    expect(res.statusCode).toBe(204);
    expect(await streamCount(t.deps)).toBe(0);
  });

  it('refuses a batch with 415 and the error envelope, not a 503', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/track/batch',
      headers: { 'content-type': BAD_TYPE, 'user-agent': BROWSER },
      payload: `[${hit}]`,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'unsupported content type' } });
    expect(await streamCount(t.deps)).toBe(0);
  });

  it('refuses a preflight that carries such a body with 415, not a 503', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/track',
      headers: {
        'content-type': BAD_TYPE,
        origin: 'https://ct.example',
        'access-control-request-method': 'POST',
      },
      payload: '{}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('bad_request');
  });
});
