import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projector } from '../../src/projector/projector.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';
import { streamEvents } from '../support/stream.js';

let t: TestApp;
let workers: Projector[];
let site: number;

beforeAll(async () => {
  // Behind a proxy on loopback, the client is the X-Forwarded-For address.
  t = await buildTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  workers = await startProjectors(t.deps);
  const { cookie } = await signUp(t.app);
  site = (await createSite(t.app, cookie, { domain: 'enrich.example' })).id;
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
});

const cases = [
  {
    ua: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ip: '8.8.8.8',
    w: 390,
    r: 'https://chatgpt.com/',
    want: {
      browser: 'Mobile Safari',
      os: 'iOS',
      device: 'mobile',
      screen: 'mobile',
      country: 'US',
      asn: 15169,
    },
    channel: 'answer_engine',
    source: 'ChatGPT',
  },
  {
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    ip: '1.1.1.1',
    w: 1920,
    r: 'https://www.google.com/',
    want: {
      browser: 'Microsoft Edge',
      os: 'Windows',
      device: 'desktop',
      screen: 'desktop',
      country: 'AU',
      asn: 13335,
    },
    channel: 'organic_search',
    source: 'Google',
  },
  {
    ua: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    ip: '2001:4860:4860::8888',
    w: 1280,
    r: 'https://news.ycombinator.com/item?id=1',
    want: { browser: 'Firefox', os: 'Linux', device: 'desktop', screen: 'laptop', country: 'US', asn: 15169 },
    channel: 'organic_social',
    source: 'Hacker News',
  },
  {
    ua: 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ip: '10.1.2.3',
    w: 800,
    r: undefined,
    want: { browser: 'Chrome', os: 'Android', device: 'tablet', screen: 'tablet' },
    channel: 'direct',
    source: null,
  },
];

describe('enrichment at ingest, classification when projecting', () => {
  it('derives browser, OS, device, screen, country and ASN, and the session channel and source', async () => {
    for (const c of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/track',
        headers: { 'content-type': 'application/json', 'user-agent': c.ua, 'x-forwarded-for': c.ip },
        payload: JSON.stringify({
          s: site,
          u: 'https://enrich.example/',
          w: c.w,
          ...(c.r ? { r: c.r } : {}),
        }),
      });
      expect(res.statusCode).toBe(204);
    }
    const stored = await streamEvents(t.deps);
    expect(stored).toHaveLength(cases.length);
    cases.forEach((c, i) => {
      expect(stored[i]).toMatchObject(c.want);
      // A private address has no country or ASN: absent, not guessed.
      if (!('country' in c.want)) expect(stored[i]).not.toHaveProperty('country');
    });

    await waitForLagZero(t.app);
    const { rows } = await t.database.pool.query(
      'SELECT browser, channel, referrer_source AS source FROM sessions WHERE site_id = $1 ORDER BY started_at',
      [site],
    );
    expect(rows).toEqual(
      cases.map((c) => ({ browser: c.want.browser, channel: c.channel, source: c.source })),
    );
  });
});
