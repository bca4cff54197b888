import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projector } from '../../src/projector/projector.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { launchChromium, NO_CHROMIUM } from '../support/browser.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';

// Headless Chromium says "HeadlessChrome", which ingest rightly drops as a bot.
const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const OUTBOUND = 'http://elsewhere.example/away';
const STUB = 'window.twofold=window.twofold||function(){(twofold.q=twofold.q||[]).push(arguments)}';

/** A tracker payload as the browser sent it (docs/api.md#hits). */
interface Hit {
  s: number;
  t: string;
  u: string;
  n?: string;
  r?: string;
  d?: number;
  sc?: number;
  p?: Record<string, unknown>;
  id?: string;
  rv?: { amount: number; currency: string };
  e?: Record<string, number>;
  [key: string]: unknown;
}

let t: TestApp;
let workers: Projector[];
let pages: FastifyInstance;
let browser: Browser | undefined;
let base: string;
let pagesBase: string;
let track: string;
let siteId: number;

/** A customer's page: the queue stub, the snippet, an outbound link and the no-JavaScript pixel. */
function page(path: string): string {
  const url = new URL(path, pagesBase);
  const queued =
    url.pathname === '/shop' ? "twofold('Queued', {revenue: {amount: 10, currency: 'EUR'}});" : '';
  const dnt = url.pathname === '/dnt' ? ' data-dnt="respect"' : '';
  // /broken: a function that throws (a page error to capture) and a button slow to respond (INP).
  const broken =
    url.pathname === '/broken'
      ? `<script>function checkout(n) { throw new TypeError('Order ' + n + ' failed'); }</script>
<button id="slow" onclick="var t = Date.now(); while (Date.now() - t < 120) {}">slow</button>`
      : '';
  const pixel = `${base}/api/track/pixel.gif?s=${siteId}&u=${encodeURIComponent(url.href)}`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${url.pathname}</title>
<script>${STUB};${queued}</script>
<script defer src="${base}/js/script.js" data-site="${siteId}" data-api="${base}"${dnt}></script>
</head><body><h1>A customer page</h1><p>Some text to paint.</p>
<a id="out" href="${OUTBOUND}">elsewhere</a>${broken}
<noscript><img src="${pixel}" alt=""></noscript>
</body></html>`;
}

/** Every payload the page posts to /api/track, in the order the browser sent them. */
function recordHits(p: Page): Hit[] {
  const hits: Hit[] = [];
  p.on('request', (r) => {
    if (r.url() === track && r.method() === 'POST') hits.push(JSON.parse(r.postData() ?? '{}'));
  });
  return hits;
}

/** Resolves once ingest has answered (after JetStream stored it) a payload matching `test`. */
async function stored(p: Page, test: (h: Hit) => boolean): Promise<void> {
  const res = await p.waitForResponse(
    (r) =>
      r.url() === track &&
      r.request().method() === 'POST' &&
      test(JSON.parse(r.request().postData() ?? '{}')),
    { timeout: 5000 },
  );
  expect(res.status()).toBe(204);
}

interface Row {
  kind: string;
  pathname: string;
  name: string | null;
  referrer: string | null;
}

/**
 * The site's projected events once `count` of them are there (beacons sent while a page closes
 * arrive on their own time), and still after a further pause, so an extra hit would show.
 */
async function eventsOnceThere(count: number, pathnames: string[]): Promise<Row[]> {
  const query = () =>
    t.database.pool
      .query<Row>(
        `SELECT kind, pathname, name, referrer FROM events
          WHERE site_id = $1 AND pathname = ANY($2) ORDER BY ts, kind`,
        [siteId, pathnames],
      )
      .then((r) => r.rows);
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    await waitForLagZero(t.app);
    if ((await query()).length >= count) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 300));
  await waitForLagZero(t.app);
  return query();
}

/** What the projection kept of each hit's tracker keys, by kind and name, for the given pages. */
async function details(pathnames: string[]): Promise<Map<string, Record<string, unknown>>> {
  const { rows } = await t.database.pool.query(
    `SELECT kind, pathname, name, engaged_ms, scroll, props, identity, revenue_amount::float8 AS revenue,
            revenue_currency, lcp, cls, fcp, ttfb
       FROM events WHERE site_id = $1 AND pathname = ANY($2)`,
    [siteId, pathnames],
  );
  return new Map(rows.map((r) => [`${r.kind} ${r.name ?? r.pathname}`, r]));
}

const row = (kind: string, pathname: string, name: string | null = null, referrer: string | null = null) => ({
  kind,
  pathname,
  name,
  referrer,
});

async function newContext(opts: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  if (!browser) throw new Error(NO_CHROMIUM);
  const context = await browser.newContext({ userAgent: CHROME, ...opts });
  // The outbound link's host serves nothing: 204 ends its navigation and the page stays.
  await context.route(`${new URL(OUTBOUND).origin}/**`, (route) => route.fulfill({ status: 204 }));
  return context;
}

beforeAll(async () => {
  t = await buildTestApp();
  workers = await startProjectors(t.deps);
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  track = `${base}/api/track`;
  const { cookie } = await signUp(t.app);
  siteId = (
    await createSite(t.app, cookie, { domain: 'shop.example', hostnames: ['127.0.0.1', 'localhost'] })
  ).id;

  pages = Fastify();
  pages.get('/favicon.ico', async (_req, reply) => reply.status(404).send());
  pages.get('/*', async (req, reply) => reply.type('text/html; charset=utf-8').send(page(req.url)));
  pagesBase = await pages.listen({ host: '127.0.0.1', port: 0 });

  // Without Chromium each browser test fails (counted, not skipped) with the reason.
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await pages?.close();
  for (const w of workers ?? []) await w.stop();
  await t?.close();
});

describe('the browser tracker in Chromium, through ingest and the projectors', () => {
  it('serves /js/script.js cacheable, gzipped on request, and 304 for a matching ETag', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/js/script.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(plain.headers['cache-control']).toBe('public, max-age=3600');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const gz = await t.app.inject({
      method: 'GET',
      url: '/js/script.js',
      headers: { 'accept-encoding': 'br, gzip;q=0.8' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toBe(etag);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(2000);

    const refused = await t.app.inject({
      method: 'GET',
      url: '/js/script.js',
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();

    const again = await t.app.inject({
      method: 'GET',
      url: '/js/script.js',
      headers: { 'if-none-match': etag },
    });
    expect([again.statusCode, again.body]).toEqual([304, '']);
  });

  it('counts a visit exactly: 2 pageviews, 1 outbound click, 1 custom event, then 1 engagement and 1 web vitals hit on close', async () => {
    const context = await newContext();
    const p = await context.newPage();
    const hits = recordHits(p);

    let next = stored(p, (h) => h.t === 'pageview');
    await p.goto(`${pagesBase}/`, { referer: 'https://news.example/story' });
    await next;
    // A replaceState to the same URL (as routers do) is no new page.
    next = stored(p, (h) => h.t === 'pageview' && h.u.endsWith('/next'));
    await p.evaluate("history.pushState({}, '', '/next'); history.replaceState({ s: 1 }, '', '/next')");
    await next;
    next = stored(p, (h) => h.t === 'outbound');
    await p.click('#out');
    await next;
    next = stored(p, (h) => h.t === 'custom');
    await p.evaluate("twofold('Signup', { props: { plan: 'pro' } })");
    await next;
    await p.close(); // pagehide: the engagement of /next and the document's Web Vitals, by sendBeacon

    const rows = await eventsOnceThere(6, ['/', '/next']);
    expect(rows.slice(0, 4)).toEqual([
      row('pageview', '/', null, 'https://news.example/story'),
      row('pageview', '/next'),
      row('outbound', '/next'),
      row('custom', '/next', 'Signup'),
    ]);
    // Sent together on close, so their order of arrival is the network's.
    expect(rows.slice(4).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      row('engagement', '/next'),
      row('web_vitals', '/'),
    ]);

    const [first, second, outbound, custom] = hits;
    expect(first).toMatchObject({
      s: siteId,
      t: 'pageview',
      u: `${pagesBase}/`,
      r: 'https://news.example/story',
    });
    expect(first).toMatchObject({
      l: expect.any(String),
      tz: expect.any(String),
      v: expect.stringMatching(/^js-/),
    });
    for (const k of ['w', 'h', 'vw', 'vh']) expect(first![k]).toBeGreaterThan(0);
    expect(first).not.toHaveProperty('d');
    expect(first).not.toHaveProperty('sc');
    expect(second).toMatchObject({ t: 'pageview', u: `${pagesBase}/next`, sc: 100 });
    expect(second).not.toHaveProperty('r');
    expect(Number.isInteger(second!.d)).toBe(true);
    expect(outbound).toMatchObject({ t: 'outbound', u: `${pagesBase}/next`, p: { url: OUTBOUND } });
    expect(custom).toMatchObject({ t: 'custom', n: 'Signup', p: { plan: 'pro' } });

    // /'s time came with the pageview of /next; /next's with the engagement beacon on close.
    const kept = await details(['/', '/next']);
    expect(kept.get('pageview /')).toMatchObject({ engaged_ms: second!.d, scroll: 100 });
    expect(kept.get('pageview /next')!.engaged_ms).toBeGreaterThan(0);
    expect(kept.get('outbound /next')!.props).toEqual({ url: OUTBOUND });
    expect(kept.get('custom Signup')!.props).toEqual({ plan: 'pro' });
    const vitals = kept.get('web_vitals /')!;
    expect(vitals.cls).toBe(0); // nothing on the page moved
    for (const k of ['lcp', 'fcp', 'ttfb']) expect(vitals[k]).toBeGreaterThan(0);
    await context.close();
  });

  it('counts a page without JavaScript once, by its <noscript> pixel', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const p = await context.newPage();
    const pixel = p.waitForResponse((r) => r.url().startsWith(`${base}/api/track/pixel.gif?`), {
      timeout: 5000,
    });
    await p.goto(`${pagesBase}/plain`);
    const res = await pixel;
    expect([res.status(), res.headers()['content-type']]).toEqual([200, 'image/gif']);
    await context.close();

    expect(await eventsOnceThere(1, ['/plain'])).toEqual([row('pageview', '/plain')]);
  });

  it('drains calls queued before load, identifies once, and sends nothing while opted out', async () => {
    const context = await newContext();
    const p = await context.newPage();
    const hits = recordHits(p);

    const pageview = stored(p, (h) => h.t === 'pageview');
    const queued = stored(p, (h) => h.n === 'Queued');
    await p.goto(`${pagesBase}/shop`);
    await Promise.all([pageview, queued]);
    let next = stored(p, (h) => h.n === 'identify');
    await p.evaluate(
      "twofold.identify('user-42', { plan: 'pro' }); twofold.identify('user-42', { plan: 'pro' })",
    );
    await next;
    next = stored(p, (h) => h.n === 'Paid');
    await p.evaluate(
      "twofold('Paid', { props: { plan: 'pro' }, revenue: { amount: 29.5, currency: 'EUR' } })",
    );
    await next;

    // Opted out: neither this event, nor the hits of leaving and reloading the page, are sent.
    await p.evaluate("localStorage.setItem('twofold_ignore', 'true'); twofold('Ignored')");
    await p.reload();
    await p.evaluate("twofold('Ignored')");
    next = stored(p, (h) => h.n === 'Back');
    await p.evaluate("localStorage.removeItem('twofold_ignore'); twofold('Back')");
    await next;

    expect(hits.map((h) => [h.t, h.n ?? null, h.id ?? null])).toEqual([
      ['pageview', null, null],
      ['custom', 'Queued', null],
      ['custom', 'identify', 'user-42'],
      ['custom', 'Paid', 'user-42'],
      ['custom', 'Back', null], // the reload began a new page session
    ]);
    expect(hits[1]).toMatchObject({ rv: { amount: 10, currency: 'EUR' } });
    expect(hits[2]).toMatchObject({ p: { plan: 'pro' } });
    expect(hits[3]).toMatchObject({ p: { plan: 'pro' }, rv: { amount: 29.5, currency: 'EUR' } });

    const rows = await eventsOnceThere(5, ['/shop']);
    // The pageview and the queued event leave together on load, so either may arrive first.
    expect(rows.slice(0, 2).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      row('custom', '/shop', 'Queued'),
      row('pageview', '/shop'),
    ]);
    expect(rows.slice(2)).toEqual([
      row('custom', '/shop', 'identify'),
      row('custom', '/shop', 'Paid'),
      row('custom', '/shop', 'Back'),
    ]);
    const kept = await details(['/shop']);
    expect(kept.get('custom Queued')).toMatchObject({ revenue: 10, revenue_currency: 'EUR', identity: null });
    expect(kept.get('custom identify')).toMatchObject({ identity: 'user-42', props: { plan: 'pro' } });
    expect(kept.get('custom Paid')).toMatchObject({
      identity: 'user-42',
      revenue: 29.5,
      revenue_currency: 'EUR',
    });
    expect(kept.get('custom Back')).toMatchObject({ identity: null });
    await context.close();
  });

  it('sends uncaught errors with message, source, line, column and stack, and all five vitals with INP', async () => {
    const context = await newContext();
    const p = await context.newPage();
    const hits = recordHits(p);
    let next = stored(p, (h) => h.t === 'pageview');
    await p.goto(`${pagesBase}/broken`);
    await next;
    next = stored(p, (h) => h.t === 'error' && String(h.p?.message).includes('Order 17'));
    await p.evaluate('setTimeout(() => checkout(17))');
    await next;
    next = stored(p, (h) => h.t === 'error' && h.p?.message === 'declined 5');
    await p.evaluate("void Promise.reject(new Error('declined 5'))");
    await next;
    await p.click('#slow'); // an interaction of 120 ms or more: the page's INP
    // Event timing entries reach observers after the next frame; on a loaded machine the page could
    // close before that frame, which no person's click would ever outrun.
    await p.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)))');
    await p.close(); // pagehide: the engagement and the vitals

    const rows = await eventsOnceThere(5, ['/broken']);
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'engagement',
      'error',
      'error',
      'pageview',
      'web_vitals',
    ]);
    const [, thrown, rejected] = hits;
    const url = `${pagesBase}/broken`;
    const line = page('/broken')
      .split('\n')
      .findIndex((l) => l.includes('function checkout'));
    expect(thrown).toMatchObject({
      t: 'error',
      u: url,
      p: { message: 'Uncaught TypeError: Order 17 failed', source: url, line: line + 1 },
    });
    expect(thrown!.p!.col).toBeGreaterThan(0);
    expect(thrown!.p!.stack).toMatch(/^TypeError: Order 17 failed\n\s+at checkout \(/);
    expect(rejected).toMatchObject({ t: 'error', p: { message: 'declined 5', stack: expect.any(String) } });

    // The beacon sent while the page closes is seen by ingest, not by the page's request events.
    const { rows: kept } = await t.database.pool.query(
      `SELECT props->>'message' AS message, error_fingerprint, error_frame, lcp, cls, inp, fcp, ttfb FROM events
        WHERE site_id = $1 AND pathname = '/broken' AND kind IN ('error', 'web_vitals') ORDER BY kind, ts`,
      [siteId],
    );
    expect(kept[0]).toMatchObject({
      message: 'Uncaught TypeError: Order 17 failed',
      error_fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
      error_frame: { file: url, function: 'checkout', line: line + 1 },
    });
    const vitals = kept[2];
    for (const k of ['lcp', 'cls', 'fcp', 'ttfb']) expect(vitals[k], k).not.toBeNull();
    expect(vitals.inp).toBeGreaterThanOrEqual(120);
    await context.close();
  });

  it('honours Do Not Track only where the snippet says data-dnt="respect"', async () => {
    const context = await newContext();
    await context.addInitScript(
      "Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })",
    );
    const p = await context.newPage();
    const hits = recordHits(p);
    await p.goto(`${pagesBase}/dnt`);
    await p.evaluate("twofold('Ignored')");
    const pageview = stored(p, (h) => h.t === 'pageview');
    await p.goto(`${pagesBase}/dnt-ignored`);
    await pageview;
    expect(hits.map((h) => [h.t, new URL(h.u).pathname])).toEqual([['pageview', '/dnt-ignored']]);
    await context.close();
  });
});
