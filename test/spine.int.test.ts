import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projector } from '../src/projector/projector.js';
import { createKey, createSite, signUp } from './support/accounts.js';
import { buildTestApp, type TestApp } from './support/app.js';
import { startProjectors, waitForLagZero } from './support/projectors.js';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let t: TestApp;
let workers: Projector[];
let siteId: number;
let cookie: string;
let key: string;

const track = (body: unknown, address: string, ua: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/track',
    remoteAddress: address,
    headers: { 'user-agent': ua, 'content-type': contentType },
    payload: JSON.stringify(body),
  });

const overview = (query: string, auth = `Bearer ${key}`) =>
  t.app.inject({ method: 'GET', url: `/api/stats/overview?${query}`, headers: { authorization: auth } });

beforeAll(async () => {
  t = await buildTestApp();
  workers = await startProjectors(t.deps);
  ({ cookie } = await signUp(t.app));
  const site = await createSite(t.app, cookie, { domain: 'spine.example', hostnames: ['spine.example'] });
  siteId = site.id;
  key = (await createKey(t.app, cookie, siteId)).key;
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
});

describe('the spine: hit → JetStream → projectors → Postgres → enveloped read', () => {
  it('counts designed pageviews exactly: 3 visitors, 3 sessions, 6 pageviews', async () => {
    const pv = (path: string) => ({ s: siteId, t: 'pageview', u: `https://spine.example${path}` });
    // Visitor A (address 1, Chrome): 3 pages. Visitor B (address 2, Chrome): 1 page.
    // Visitor C (address 1, Firefox): 2 pages, one sent as sendBeacon's text/plain.
    const sent = [
      track(pv('/'), '198.51.100.1', CHROME),
      track(pv('/pricing'), '198.51.100.1', CHROME),
      track(pv('/docs'), '198.51.100.1', CHROME),
      track(pv('/'), '198.51.100.2', CHROME),
      track(pv('/'), '198.51.100.1', FIREFOX),
      track(pv('/blog'), '198.51.100.1', FIREFOX, 'text/plain;charset=UTF-8'),
    ];
    for (const res of await Promise.all(sent)) {
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
    }
    const health = await waitForLagZero(t.app);
    expect(health.status).toBe('ok');
    expect(health.projections.map((p) => p.name).sort()).toEqual([
      'agent_coverage',
      'agent_fetches',
      'agent_rollup_minute',
      'citation_gap',
      'dimension_rollup',
      'path_sessions',
      'path_visitors',
      'raw_events',
      'rollup_minute',
      'vital_histograms',
    ]);

    for (const range of ['today', '7d']) {
      const res = await overview(`site=${siteId}&range=${range}&tz=UTC`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      // B's one-page session bounced; A and C read several pages (seconds apart at most).
      const { visit_duration, ...exact } = body.data;
      expect(exact).toEqual({
        visitors: 3,
        sessions: 3,
        pageviews: 6,
        bounce_rate: 33.3,
        views_per_session: 2,
      });
      expect(visit_duration).toBeGreaterThanOrEqual(0);
      expect(visit_duration).toBeLessThan(10);
      expect(body.meta).toMatchObject({ rows: 1, sampled: false, query: { site: siteId, range, tz: 'UTC' } });
      expect(Number.isInteger(body.meta.took_ms)).toBe(true);
    }
  });

  it('answers 403 for an unknown site or a foreign hostname and stores nothing for them', async () => {
    const before = (await t.deps.nats.jsm.streams.info(`${t.deps.config.STREAM_PREFIX.toUpperCase()}HITS`))
      .state.messages;
    const unknown = await track({ s: 999_999, u: 'https://spine.example/' }, '198.51.100.9', CHROME);
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toEqual({ error: { code: 'forbidden', message: 'unknown site' } });
    const foreign = await track({ s: siteId, u: 'https://evil.example/' }, '198.51.100.9', CHROME);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('forbidden');
    const after = (await t.deps.nats.jsm.streams.info(`${t.deps.config.STREAM_PREFIX.toUpperCase()}HITS`))
      .state.messages;
    expect(after).toBe(before);
  });

  it('drops a crawler and a malformed body with a silent 204 that stores nothing', async () => {
    const stream = `${t.deps.config.STREAM_PREFIX.toUpperCase()}HITS`;
    const before = (await t.deps.nats.jsm.streams.info(stream)).state.messages;
    const bot = await track({ s: siteId, u: 'https://spine.example/' }, '198.51.100.3', GOOGLEBOT);
    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/track',
      payload: '{not json',
      headers: { 'content-type': 'text/plain' },
    });
    const invalid = await track({ s: siteId, u: 'not a url' }, '198.51.100.3', CHROME);
    for (const r of [bot, junk, invalid]) expect([r.statusCode, r.body]).toEqual([204, '']);
    expect((await t.deps.nats.jsm.streams.info(stream)).state.messages).toBe(before);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('twofold_ingest_hits_dropped_total{endpoint="track",reason="bot"} 1');
    expect(metrics).toContain('twofold_ingest_hits_dropped_total{endpoint="track",reason="malformed"} 1');
    expect(metrics).toContain('twofold_ingest_hits_dropped_total{endpoint="track",reason="invalid"} 1');
  });

  it('refuses reads without a key (401), with another site’s key (403) and with a revoked key (401)', async () => {
    expect((await overview(`site=${siteId}`, '')).statusCode).toBe(401);
    expect((await overview(`site=${siteId}`, '')).json().error.code).toBe('unauthorized');
    expect((await overview(`site=${siteId}`, 'Bearer tf_not-a-key')).statusCode).toBe(401);

    const other = await signUp(t.app);
    const otherSite = await createSite(t.app, other.cookie, { domain: 'other.example' });
    const otherKey = await createKey(t.app, other.cookie, otherSite.id);
    const cross = await overview(`site=${siteId}`, `Bearer ${otherKey.key}`);
    expect(cross.statusCode).toBe(403);
    expect(cross.json().error.code).toBe('forbidden');

    expect((await overview(`site=${otherSite.id}`, `Bearer ${otherKey.key}`)).statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/keys/${otherKey.id}`,
      headers: { cookie: other.cookie },
    });
    expect(del.statusCode).toBe(204);
    const revoked = await overview(`site=${otherSite.id}`, `Bearer ${otherKey.key}`);
    expect(revoked.statusCode).toBe(401);
  });

  it('names the offending parameter in a validation error', async () => {
    const bad = await overview(`site=${siteId}&range=fortnight`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_error', field: 'range' });
    const tz = await overview(`site=${siteId}&tz=Mars/Olympus`);
    expect(tz.json().error).toMatchObject({ code: 'validation_error', field: 'tz' });
    const both = await overview(
      `site=${siteId}&range=7d&start=2026-01-01T00:00:00Z&end=2026-01-02T00:00:00Z`,
    );
    expect(both.json().error).toMatchObject({ code: 'validation_error', field: 'range' });
    const compare = await overview(`site=${siteId}&compare=weekly`);
    expect(compare.json().error).toMatchObject({ code: 'validation_error', field: 'compare' });
    const buckets = await overview(`site=${siteId}&range=90d&granularity=minute`);
    expect(buckets.statusCode).toBe(400);
    expect(buckets.json().error).toMatchObject({ code: 'validation_error', field: 'granularity' });
  });

  it('runs compare=previous on the window just before and reports both windows in meta.query', async () => {
    // Hourly by name: the default for today so far is by the minute until 03:00 (compare.test.ts).
    const res = await overview(`site=${siteId}&range=today&tz=UTC&compare=previous&granularity=hour`);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(data.comparison).toEqual({ visitors: 0, sessions: 0, pageviews: 0 });
    expect(data.change).toEqual({});
    const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
    // Today so far against the same span just before midnight.
    const span = Date.parse(meta.query.end) - midnight.getTime();
    expect(meta.query).toMatchObject({
      compare: 'previous',
      granularity: 'hour',
      start: midnight.toISOString(),
      comparison: { start: new Date(midnight.getTime() - span).toISOString(), end: midnight.toISOString() },
    });
  });

  it('serves the timeseries through the envelope: one point per hour of today, the metric named', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stats/timeseries?site=${siteId}&range=today&tz=UTC&metric=pageviews&granularity=hour`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(data.series.reduce((n: number, p: { value: number }) => n + p.value, 0)).toBe(6);
    expect(meta.rows).toBe(data.series.length);
    expect(meta.query.granularity).toBe('hour');
    const bad = await t.app.inject({
      method: 'GET',
      url: `/api/stats/timeseries?site=${siteId}&metric=hits`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_error', field: 'metric' });
  });

  it('takes filters as JSON in the query string and names `filters` in their errors', async () => {
    const home = encodeURIComponent('[{"dimension":"pathname","op":"is","value":"/"}]');
    const res = await overview(`site=${siteId}&range=today&tz=UTC&filters=${home}`);
    expect(res.statusCode).toBe(200);
    // A, B and C each opened /: three visitors, three sessions, three of the six pageviews.
    expect(res.json().data).toMatchObject({ visitors: 3, sessions: 3, pageviews: 3 });
    expect(res.json().meta.query.filters).toEqual({ and: [{ dimension: 'pathname', op: 'is', value: '/' }] });
    const unknown = encodeURIComponent('[{"dimension":"shoe_size","op":"is","value":"9"}]');
    const bad = await overview(`site=${siteId}&filters=${unknown}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_error', field: 'filters' });
  });

  it('serves the breakdown with paging bounds named in errors', async () => {
    const get = (qs: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/stats/breakdown?site=${siteId}&range=today&tz=UTC&${qs}`,
        headers: { authorization: `Bearer ${key}` },
      });
    const res = await get('dimension=browser');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { value: 'Chrome', visitors: 2, pageviews: 4, share: 66.7 },
      { value: 'Firefox', visitors: 1, pageviews: 2, share: 33.3 },
    ]);
    expect(res.json().meta.rows).toBe(2);
    expect((await get('dimension=browser&limit=10001')).json().error).toMatchObject({ field: 'limit' });
    expect((await get('dimension=colour')).json().error).toMatchObject({ field: 'dimension' });
  });

  it('merges a saved segment into the filters, and refuses a segment of another site', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/segments',
      headers: { cookie },
      payload: {
        site: siteId,
        name: 'Firefox',
        filters: [{ dimension: 'browser', op: 'is', value: 'Firefox' }],
      },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const home = encodeURIComponent('[{"dimension":"pathname","op":"is","value":"/"}]');
    const res = await overview(`site=${siteId}&range=today&tz=UTC&segment=${id}&filters=${home}`);
    expect(res.statusCode).toBe(200);
    // C (Firefox) opened / once.
    expect(res.json().data).toMatchObject({ visitors: 1, sessions: 1, pageviews: 1 });
    expect(res.json().meta.query).toMatchObject({
      segment: id,
      filters: {
        and: [
          { dimension: 'browser', op: 'is', value: 'Firefox' },
          { dimension: 'pathname', op: 'is', value: '/' },
        ],
      },
    });
    const other = await createSite(t.app, cookie, { domain: 'other-spine.example' });
    const otherKey = (await createKey(t.app, cookie, other.id)).key;
    const foreign = await overview(`site=${other.id}&segment=${id}`, `Bearer ${otherKey}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toMatchObject({ code: 'not_found', field: 'segment' });
  });

  it('serves pages, sources, locations, devices and realtime through the envelope', async () => {
    const get = async (read: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/stats/${read}?site=${siteId}&range=today&tz=UTC`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    // The six hits above arrive together, so which of A's pages came first within a millisecond is
    // not fixed: entries and exits are checked on designed timestamps in test/read instead.
    expect((await get('pages'))[0]).toMatchObject({ pathname: '/', visitors: 3, pageviews: 3 });
    expect((await get('sources')).channels).toEqual([
      { value: 'direct', visitors: 3, pageviews: 6, share: 100 },
    ]);
    expect((await get('devices')).browsers.map((r: { value: string }) => r.value)).toEqual([
      'Chrome',
      'Firefox',
    ]);
    expect(Object.keys(await get('locations'))).toEqual(['countries', 'regions', 'cities']);
    expect(await get('realtime')).toMatchObject({ visitors: 3 });
    expect(await get('realtime')).not.toHaveProperty('agents');
  });

  it('reads an explicit start/end window through the raw tables with the same figures', async () => {
    const start = new Date(Date.now() - 3_600_000 + 1234).toISOString();
    const end = new Date(Date.now() + 1234).toISOString();
    const res = await overview(`site=${siteId}&start=${start}&end=${end}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      visitors: 3,
      sessions: 3,
      pageviews: 6,
      bounce_rate: 33.3,
      views_per_session: 2,
    });
    expect(res.json().meta.query).toMatchObject({ start, end, tz: 'UTC' });
  });
});
