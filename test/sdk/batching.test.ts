import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createTwofold, type Twofold, type TwofoldOptions } from '../../src/sdk/index.js';
import { crawl, errors, INGEST_KEY, page, sleep } from './fixtures.js';
import { startStandIn, type StandIn } from './stand-in.js';

let server: StandIn;
let tf: Twofold;
afterEach(async () => {
  await tf?.close({ timeoutMs: 1000 });
  await server?.close();
});

async function start(opts: Partial<TwofoldOptions> = {}): Promise<void> {
  server = await startStandIn();
  tf = createTwofold({ endpoint: server.url, siteId: 7, ingestKey: INGEST_KEY, ...opts });
}

describe('SDK batching', () => {
  it('sends the rows queued in the 200 ms after the first one in one request, 200 ms after it', async () => {
    await start();
    const first = performance.now();
    tf.track(page(1));
    await sleep(150);
    tf.track(page(2));
    // Past the window: the flush timer (due at 200 ms) fires before this sleep's (due at 300 ms)
    // however late a loaded machine runs them, so the split below does not depend on its speed.
    await sleep(150);
    tf.track(page(3));
    await server.waitFor(2);
    expect(server.received[0]!.at - first).toBeGreaterThanOrEqual(195);
    // Not 200 ms after the last row (one request of three) nor a longer window.
    expect(server.received.map((r) => r.body.events.map((e) => e.pathname))).toEqual([
      ['/p/1', '/p/2'],
      ['/p/3'],
    ]);
    await sleep(300);
    expect(server.received).toHaveLength(2);
  });

  it('sends at once when 50 rows are queued, not before', async () => {
    await start({ flushIntervalMs: 60_000 });
    for (let i = 0; i < 49; i++) tf.track(page(i));
    await sleep(150);
    expect(server.received).toHaveLength(0);
    const fiftieth = performance.now();
    tf.agentFetch(crawl(49));
    await server.waitFor(1);
    expect(server.received[0]!.at - fiftieth).toBeLessThan(100);
    const body = server.received[0]!.body;
    expect([body.events.length, body.agent_events.length]).toEqual([49, 1]);
  });

  it('puts both kinds in one request with the site id, as JSON to /api/log/edge', async () => {
    await start();
    tf.track(page(1));
    tf.agentFetch(crawl(1));
    tf.track(page(2));
    await server.waitFor(1);
    const r = server.received[0]!;
    expect(r.path).toBe('/api/log/edge');
    expect(r.headers['content-type']).toBe('application/json');
    expect(r.body.site_id).toBe(7);
    expect(r.body.events).toHaveLength(2);
    expect(r.body.agent_events).toEqual([expect.objectContaining({ pathname: '/docs/1', conditional: 0 })]);
  });

  it('sends a backlog in requests of at most 500 rows per array, every row once and in order', async () => {
    await start();
    // The 50th row starts a request; the other 1,150 queue behind it while it is in flight.
    for (let i = 0; i < 1200; i++) tf.track(page(i));
    await tf.flush();
    expect(server.received.map((r) => r.body.events.length)).toEqual([50, 500, 500, 150]);
    const paths = server.received.flatMap((r) => r.body.events.map((e) => e.pathname));
    expect(paths).toEqual(Array.from({ length: 1200 }, (_, i) => `/p/${i}`));
    expect(tf.stats()).toMatchObject({ queued: 0, delivered: { events: 1200, agentEvents: 0 }, requests: 4 });
  });

  it('fills up to 500 of each kind in one request', async () => {
    await start({ maxBatch: 500 });
    for (let i = 0; i < 600; i++) tf.agentFetch(crawl(i));
    for (let i = 0; i < 300; i++) tf.track(page(i));
    await tf.flush();
    // 500 crawls start the first request; the next 100 crawls and the 300 pageviews follow together.
    expect(server.received.map((r) => [r.body.agent_events.length, r.body.events.length])).toEqual([
      [500, 0],
      [100, 300],
    ]);
  });

  it('signs each request over "<t>." and the body bytes exactly as received, with the ingest key', async () => {
    await start({ maxBatch: 2 });
    tf.track(page(1, { pathname: '/ünïcödé', referrer: 'https://例え.jp/' }));
    tf.track(page(2));
    tf.track(page(3));
    tf.track(page(4));
    await tf.flush();
    expect(server.received).toHaveLength(2);
    for (const r of server.received) {
      const v1 = createHmac('sha256', INGEST_KEY)
        .update(Buffer.concat([Buffer.from(`${r.t}.`), r.raw]))
        .digest('hex');
      expect(r.v1).toBe(v1);
      expect(Math.abs(r.t - Date.now() / 1000)).toBeLessThan(3);
    }
  });

  it('never repeats a signature, even for the same rows sent twice within one second', async () => {
    await start({ flushIntervalMs: 60_000 });
    // A key of its own would make the second body differ.
    const same = page(1, { timestamp: '2025-06-01T12:00:00Z', key: 'the-same-key' });
    tf.track(same);
    await tf.flush();
    tf.track(same);
    await tf.flush();
    const [a, b] = server.received;
    expect(a!.raw.equals(b!.raw)).toBe(true);
    expect(b!.v1).not.toBe(a!.v1);
    expect(b!.t).toBeGreaterThan(a!.t - 1);
  });

  it('keeps a path prefix of the endpoint', async () => {
    server = await startStandIn();
    tf = createTwofold({ endpoint: `${server.url}/analytics/`, siteId: 7, ingestKey: INGEST_KEY });
    tf.track(page(1));
    await tf.flush();
    expect(server.received[0]!.path).toBe('/analytics/api/log/edge');
  });

  it('flush() sends at once and resolves when the rows are stored', async () => {
    const seen = errors();
    await start({ flushIntervalMs: 60_000, onError: seen.onError });
    await tf.flush(); // nothing queued: resolves without a request
    tf.track(page(1));
    tf.agentFetch(crawl(1));
    await tf.flush();
    expect(server.received).toHaveLength(1);
    expect(tf.stats()).toEqual({
      queued: 0,
      delivered: { events: 1, agentEvents: 1 },
      lost: { events: 0, agentEvents: 0 },
      requests: 1,
      retries: 0,
    });
    expect(seen.list).toEqual([]);
  });
});
