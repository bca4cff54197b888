import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwofold, TwofoldDeliveryError, type TwofoldOptions } from '../../src/sdk/index.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp } from '../support/app.js';
import { streamEvents } from '../support/stream.js';
import { crawl, errors, page, sleep } from './fixtures.js';

/** The real app listening on a loopback port, with one site; the SDK talks to it over HTTP. */
async function serve(env: Record<string, string> = {}) {
  const t = await buildTestApp({ env });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  const { cookie } = await signUp(t.app);
  const site = await createSite(t.app, cookie, { domain: 'example.com' });
  const sdk = (opts: Partial<TwofoldOptions> = {}) => {
    const seen = errors();
    const tf = createTwofold({
      endpoint: `http://127.0.0.1:${port}`,
      siteId: site.id,
      ingestKey: site.ingest_key,
      onError: seen.onError,
      ...opts,
    });
    return { tf, seen: seen.list };
  };
  return { t, site, sdk };
}

const byType = (events: Record<string, unknown>[]) => ({
  HitRecorded: events.filter((e) => e.type === 'HitRecorded'),
  FetchRecorded: events.filter((e) => e.type === 'FetchRecorded'),
});

// Visitors from many addresses, so the per-address ingest limit for pageviews plays no part.
const visitor = (i: number) => `203.0.113.${i % 250}`;

describe('SDK against the real edge endpoint', () => {
  let s: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    s = await serve();
  });
  afterAll(async () => {
    await s.t.close();
  });

  it('delivers 120 pageviews and 30 crawl records: the stream holds exactly 120 HitRecorded and 30 FetchRecorded', async () => {
    const { tf, seen } = s.sdk();
    for (let i = 0; i < 120; i++) {
      tf.track(page(i, { ip: visitor(i), query: i % 10 === 0 ? 'utm_source=news' : undefined }));
      if (i % 4 === 0) tf.agentFetch(crawl(i, { ip: `20.171.206.${i % 250}`, conditional: i % 8 === 0 }));
    }
    await tf.close();
    expect(seen).toEqual([]);
    expect(tf.stats()).toMatchObject({ queued: 0, delivered: { events: 120, agentEvents: 30 }, retries: 0 });

    const stored = byType(await streamEvents(s.t.deps));
    expect(stored.HitRecorded).toHaveLength(120);
    expect(stored.FetchRecorded).toHaveLength(30);
    expect(new Set(stored.HitRecorded.map((e) => e.pathname))).toEqual(
      new Set(Array.from({ length: 120 }, (_, i) => `/p/${i}`)),
    );
    expect(stored.FetchRecorded.filter((e) => e.conditional === 1)).toHaveLength(15);
  });

  it("sends track()'s identify id on the events row, which the stream keeps as the hit's identity", async () => {
    const { tf, seen } = s.sdk();
    tf.track(page(1, { ip: visitor(1), pathname: '/account', id: 'user-42' }));
    await tf.close();
    expect(seen).toEqual([]);
    const stored = byType(await streamEvents(s.t.deps)).HitRecorded;
    expect(stored.find((e) => e.pathname === '/account')).toMatchObject({ identity: 'user-42' });
  });

  it('when the server names one bad row (a hostname not of the site), loses only that row, and says so', async () => {
    const before = byType(await streamEvents(s.t.deps));
    const { tf, seen } = s.sdk();
    tf.track(page(1, { ip: visitor(1), pathname: '/ok/1' }));
    tf.track(page(2, { ip: visitor(2), hostname: 'elsewhere.example', pathname: '/foreign' }));
    tf.track(page(3, { ip: visitor(3), pathname: '/ok/3' }));
    await tf.flush();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(TwofoldDeliveryError);
    expect(seen[0]).toMatchObject({
      reason: 'rejected',
      status: 400,
      code: 'validation_error',
      field: 'events[1].hostname',
      rows: { events: 1, agentEvents: 0 },
    });
    const after = byType(await streamEvents(s.t.deps));
    expect(after.HitRecorded.slice(before.HitRecorded.length).map((e) => e.pathname)).toEqual([
      '/ok/1',
      '/ok/3',
    ]);
  });

  it('reports a wrong ingest key as unauthorized after one request, storing nothing', async () => {
    const before = (await streamEvents(s.t.deps)).length;
    const { tf, seen } = s.sdk({ ingestKey: 'ik_not_the_key' });
    tf.agentFetch(crawl(1));
    await tf.flush();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ reason: 'unauthorized', status: 401, code: 'unauthorized', attempts: 1 });
    expect(await streamEvents(s.t.deps)).toHaveLength(before);
  });
});

describe('SDK against the real edge rate limit (EDGE_RATE_LIMIT=2 per minute)', () => {
  let s: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    s = await serve({ EDGE_RATE_LIMIT: '2' });
    // The limit counts in minute windows: start early in one, so three requests share it.
    const second = new Date().getUTCSeconds();
    if (second >= 50) await sleep((61 - second) * 1000);
  }, 30_000);
  afterAll(async () => {
    await s.t.close();
  });

  it('stores two batches, then reads Retry-After from the 429 and gives up loudly after its retry', async () => {
    // With a 1 ms base, only a Retry-After read from the answer (capped at 150 ms) can make it wait 150 ms.
    const { tf, seen } = s.sdk({ maxRetries: 1, baseBackoffMs: 1, maxBackoffMs: 150 });
    for (const n of [1, 2]) {
      tf.agentFetch(crawl(n));
      await tf.flush();
    }
    expect(seen).toEqual([]);
    tf.agentFetch(crawl(3));
    tf.track(page(3, { ip: visitor(3) }));
    const began = performance.now();
    await tf.flush();
    expect(performance.now() - began).toBeGreaterThanOrEqual(150);
    expect(seen).toHaveLength(1);
    const e = seen[0] as TwofoldDeliveryError;
    expect(e).toMatchObject({
      reason: 'retries_exhausted',
      rows: { events: 1, agentEvents: 1 },
      attempts: 2,
      status: 429,
      code: 'rate_limited',
    });
    expect(e.message).toContain('last answer 429 rate_limited');
    expect(tf.stats()).toMatchObject({ delivered: { agentEvents: 2, events: 0 }, requests: 4, retries: 1 });
    // Nothing of the refused batch was stored.
    const stored = byType(await streamEvents(s.t.deps));
    expect([stored.FetchRecorded.length, stored.HitRecorded.length]).toEqual([2, 0]);
  });

  it('with maxRetries 0, reports the 429 at once as a TwofoldDeliveryError naming it', async () => {
    const { tf, seen } = s.sdk({ maxRetries: 0 });
    tf.agentFetch(crawl(4));
    await tf.flush();
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(TwofoldDeliveryError);
    expect(seen[0]).toMatchObject({
      reason: 'retries_exhausted',
      attempts: 1,
      status: 429,
      code: 'rate_limited',
    });
  });
});
