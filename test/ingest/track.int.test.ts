import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { streamCount, streamEvents } from '../support/stream.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
let site: number;
let cookie: string;

const post = (url: string, body: unknown, headers: Record<string, string> = {}, address = '198.51.100.20') =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress: address,
    headers: { 'content-type': 'application/json', 'user-agent': CHROME, ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

// Every test runs twice: with the pipeline on an ingest thread of its own (the default), and on the
// HTTP thread (INGEST_THREAD=false). Both must answer, store and count alike.
describe.each(['an ingest thread', 'the HTTP thread'])('with the pipeline on %s', (mode) => {
  beforeAll(async () => {
    t = await buildTestApp({ env: { INGEST_THREAD: String(mode === 'an ingest thread') } });
    ({ cookie } = await signUp(t.app));
    site = (
      await createSite(t.app, cookie, {
        domain: 'shop.example',
        hostnames: ['shop.example', '*.shop.example'],
        excluded_paths: ['/admin/*', '/health'],
        respect_dnt: true,
      })
    ).id;
  });
  afterAll(() => t.close());

  describe('POST /api/track', () => {
    it('stores every kind of hit with every key of the payload', async () => {
      const u = 'https://shop.example/checkout?utm_source=news&x=1';
      const base = {
        s: site,
        u,
        l: 'de-DE',
        tz: 'Europe/Berlin',
        v: '1.0.0',
        w: 390,
        h: 844,
        vw: 390,
        vh: 700,
      };
      const hits = [
        { ...base, t: 'pageview', r: 'https://www.google.com/' },
        {
          ...base,
          t: 'custom',
          n: 'Signup',
          p: { plan: 'pro', seats: 3, trial: true, meta: { a: 1 } },
          rv: { amount: 10, currency: 'EUR' },
        },
        { ...base, t: 'outbound', p: { url: 'https://other.example/' } },
        { ...base, t: 'file_download', p: { url: 'https://shop.example/a.pdf' } },
        { ...base, t: 'form', p: { id: 'newsletter' } },
        { ...base, t: 'error', p: { message: 'x is undefined', line: 3, plan: 'pro' } },
        { ...base, t: 'web_vitals', e: { lcp: 1200, cls: 0.05, inp: 80, fcp: 700, ttfb: 120, bogus: 1 } },
        { ...base, t: 'engagement', d: 15000, sc: 80 },
        { ...base, t: 'custom', n: 'identify', id: 'user-42', p: { name: 'Ada' } },
      ];
      for (const h of hits) expect((await post('/api/track', h)).statusCode).toBe(204);
      const stored = await streamEvents(t.deps);
      expect(stored.map((e) => e.kind)).toEqual([
        'pageview',
        'custom',
        'outbound',
        'file_download',
        'form',
        'error',
        'web_vitals',
        'engagement',
        'custom',
      ]);
      expect(stored[0]).toMatchObject({
        type: 'HitRecorded',
        site,
        source: 'tracker',
        hostname: 'shop.example',
        pathname: '/checkout',
        query: 'utm_source=news&x=1',
        referrer: 'https://www.google.com/',
        lang: 'de-DE',
        sdk: '1.0.0',
        screen: 'mobile',
        browser: 'Chrome',
        os: 'Windows',
        device: 'desktop',
      });
      expect(stored[1]).toMatchObject({
        name: 'Signup',
        props: { plan: 'pro', seats: 3, trial: true, meta: '{"a":1}' },
        revenue: { amount: 10, currency: 'EUR' },
      });
      // An error keeps only its own fields (`p`, docs/api.md#hits).
      expect(stored[5]!.props).toEqual({ message: 'x is undefined', line: 3 });
      expect(stored[6]!.vitals).toEqual({ lcp: 1200, cls: 0.05, inp: 80, fcp: 700, ttfb: 120 });
      expect(stored[7]).toMatchObject({ d: 15000, sc: 80 });
      expect(stored[8]).toMatchObject({ name: 'identify', identity: 'user-42', props: { name: 'Ada' } });
      for (const e of stored) expect(e.visitor).toMatch(/^[0-9a-f]{32}$/);
    });

    it('carries a hit key into the stream, and drops a hit whose key is malformed as any invalid one', async () => {
      const before = await streamCount(t.deps);
      const u = 'https://shop.example/keyed';
      for (const k of ['abcdefgh', 'A-Z_a-z_0-9-'.padEnd(64, 'x')])
        expect((await post('/api/track', { s: site, u, k })).statusCode).toBe(204);
      const batch = await post('/api/track/batch', [
        { s: site, u, k: 'batch-key-1' },
        { s: site, u },
      ]);
      expect(batch.statusCode).toBe(204);
      for (const k of ['short', 'x'.repeat(65), 'has space!', 12345678])
        expect((await post('/api/track', { s: site, u, k })).statusCode).toBe(204);
      const stored = (await streamEvents(t.deps)).slice(before);
      expect(stored.map((e) => e.key)).toEqual([
        'abcdefgh',
        'A-Z_a-z_0-9-'.padEnd(64, 'x'),
        'batch-key-1',
        undefined,
      ]);
    });

    it('stores a hit whatever media type labels its JSON (sendBeacon sends text/plain)', async () => {
      const before = await streamCount(t.deps);
      for (const type of ['text/plain;charset=UTF-8', 'application/json', 'application/octet-stream']) {
        const res = await post(
          '/api/track',
          { s: site, u: 'https://shop.example/' },
          { 'content-type': type },
        );
        expect(res.statusCode).toBe(204);
      }
      expect(await streamCount(t.deps)).toBe(before + 3);
    });

    it('accepts subdomains that match a *.pattern hostname', async () => {
      const before = await streamCount(t.deps);
      expect((await post('/api/track', { s: site, u: 'https://blog.shop.example/' })).statusCode).toBe(204);
      expect(await streamCount(t.deps)).toBe(before + 1);
    });

    it.each([
      [
        'malformed',
        'a body that is not JSON',
        () => post('/api/track', '{"s":', { 'content-type': 'text/plain' }),
      ],
      [
        'malformed',
        'a body that is not JSON, labelled JSON',
        () => post('/api/track', '{"s":', { 'content-type': 'application/json; charset=utf-8' }),
      ],
      [
        'malformed',
        'a body that is not JSON, of another media type',
        () => post('/api/track', '{"s":', { 'content-type': 'application/x-www-form-urlencoded' }),
      ],
      [
        'invalid',
        'an unknown kind',
        () => post('/api/track', { s: site, t: 'scroll', u: 'https://shop.example/' }),
      ],
      ['invalid', 'a missing URL', () => post('/api/track', { s: site })],
      [
        'invalid',
        'an error without a message',
        () => post('/api/track', { s: site, t: 'error', u: 'https://shop.example/', p: { line: 3 } }),
      ],
      [
        'bot',
        'a crawler user agent',
        () =>
          post(
            '/api/track',
            { s: site, u: 'https://shop.example/' },
            { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
          ),
      ],
      [
        'excluded_path',
        'an excluded path',
        () => post('/api/track', { s: site, u: 'https://shop.example/admin/users' }),
      ],
      [
        'excluded_path',
        'an exactly excluded path',
        () => post('/api/track', { s: site, u: 'https://shop.example/health' }),
      ],
      [
        'opt_out',
        'Do Not Track on a site that respects it',
        () => post('/api/track', { s: site, u: 'https://shop.example/' }, { dnt: '1' }),
      ],
      [
        'opt_out',
        'Global Privacy Control',
        () => post('/api/track', { s: site, u: 'https://shop.example/' }, { 'sec-gpc': '1' }),
      ],
      [
        'malformed',
        'a body over 64 KB',
        () => post('/api/track', { s: site, u: 'https://shop.example/', p: { big: 'x'.repeat(70_000) } }),
      ],
    ])('drops %s (%s) with a silent 204 and stores nothing', async (reason, _what, send) => {
      const before = await streamCount(t.deps);
      const metric = async () => {
        const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
        const m = body.match(
          new RegExp(`twofold_ingest_hits_dropped_total\\{endpoint="track",reason="${reason}"\\} (\\d+)`),
        );
        return m ? Number(m[1]) : 0;
      };
      const counted = await metric();
      const res = await send();
      expect([res.statusCode, res.body]).toEqual([204, '']);
      expect(await streamCount(t.deps)).toBe(before);
      expect(await metric()).toBe(counted + 1);
    });

    it('answers 403 with the error envelope for an unknown site or a foreign hostname', async () => {
      const before = await streamCount(t.deps);
      const unknown = await post('/api/track', { s: 987_654, u: 'https://shop.example/' });
      expect([unknown.statusCode, unknown.json()]).toEqual([
        403,
        { error: { code: 'forbidden', message: 'unknown site' } },
      ]);
      const foreign = await post('/api/track', { s: site, u: 'https://evilshop.example/' });
      expect(foreign.statusCode).toBe(403);
      expect(await streamCount(t.deps)).toBe(before);
    });

    it('accepts cross-origin requests, preflight included, on the ingest endpoints only', async () => {
      for (const url of ['/api/track', '/api/track/batch']) {
        const pre = await t.app.inject({
          method: 'OPTIONS',
          url,
          headers: {
            origin: 'https://shop.example',
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'content-type',
          },
        });
        expect(pre.statusCode).toBe(204);
        expect(pre.headers['access-control-allow-origin']).toBe('https://shop.example');
        expect(String(pre.headers['access-control-allow-methods'])).toContain('POST');
      }
      const hit = await post(
        '/api/track',
        { s: site, u: 'https://shop.example/' },
        { origin: 'https://shop.example' },
      );
      expect(hit.headers['access-control-allow-origin']).toBe('https://shop.example');
      const read = await t.app.inject({
        method: 'GET',
        url: '/api/sites',
        headers: { origin: 'https://shop.example' },
      });
      expect(read.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('POST /api/track/batch', () => {
    it('stores an array or an {events} object of hits, dropping only the bad ones', async () => {
      const before = await streamCount(t.deps);
      const hit = (path: string) => ({ s: site, u: `https://shop.example${path}` });
      expect(
        (await post('/api/track/batch', [hit('/a'), hit('/b'), { s: site, t: 'nope' }])).statusCode,
      ).toBe(204);
      expect((await post('/api/track/batch', { events: [hit('/c')] })).statusCode).toBe(204);
      const after = await streamEvents(t.deps);
      expect(after.slice(before).map((e) => e.pathname)).toEqual(['/a', '/b', '/c']);
    });

    it('refuses a whole batch that names a foreign hostname, storing none of it', async () => {
      const before = await streamCount(t.deps);
      const res = await post('/api/track/batch', [
        { s: site, u: 'https://shop.example/ok' },
        { s: site, u: 'https://elsewhere.example/' },
      ]);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
      expect(await streamCount(t.deps)).toBe(before);
    });

    it('answers 413 over 200 payloads and 400 for a body that is not a list', async () => {
      const many = Array.from({ length: 201 }, () => ({ s: site, u: 'https://shop.example/' }));
      const big = await post('/api/track/batch', many);
      expect(big.statusCode).toBe(413);
      expect(big.json().error.code).toBe('bad_request');
      const bad = await post('/api/track/batch', { s: site });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'validation_error', field: 'events' });
    });
  });

  describe('GET /api/track/pixel.gif', () => {
    it('counts a pageview and answers a 1x1 GIF that is never cached', async () => {
      const before = await streamCount(t.deps);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/track/pixel.gif?s=${site}&u=${encodeURIComponent('https://shop.example/no-js')}&w=1200`,
        headers: { 'user-agent': CHROME },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
      const stored = (await streamEvents(t.deps)).slice(before);
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({
        kind: 'pageview',
        source: 'tracker',
        pathname: '/no-js',
        screen: 'laptop',
      });
    });

    it('carries the hit key `k` of its query', async () => {
      const before = await streamCount(t.deps);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/track/pixel.gif?s=${site}&u=${encodeURIComponent('https://shop.example/no-js')}&k=pixel-key-1`,
        headers: { 'user-agent': CHROME },
      });
      expect(res.statusCode).toBe(200);
      expect((await streamEvents(t.deps)).slice(before).map((e) => e.key)).toEqual(['pixel-key-1']);
    });

    it('takes the page from the Referer when u is absent, and answers 403 with a GIF for a foreign one', async () => {
      const before = await streamCount(t.deps);
      const ok = await t.app.inject({
        method: 'GET',
        url: `/api/track/pixel.gif?s=${site}`,
        headers: { 'user-agent': CHROME, referer: 'https://shop.example/from-referer' },
      });
      expect(ok.statusCode).toBe(200);
      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/track/pixel.gif?s=${site}`,
        headers: { 'user-agent': CHROME, referer: 'https://attacker.example/' },
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.headers['content-type']).toBe('image/gif');
      expect((await streamEvents(t.deps)).slice(before).map((e) => e.pathname)).toEqual(['/from-referer']);
    });
  });
});
