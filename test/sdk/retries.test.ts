import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTwofold,
  TwofoldDeliveryError,
  type Twofold,
  type TwofoldOptions,
} from '../../src/sdk/index.js';
import { crawl, errors, INGEST_KEY, page } from './fixtures.js';
import { accepted, failure, startStandIn, type Script, type StandIn } from './stand-in.js';

let server: StandIn;
let tf: Twofold;
afterEach(async () => {
  vi.restoreAllMocks();
  await tf?.close({ timeoutMs: 0 });
  await server?.close();
});

async function start(script: Script, opts: Partial<TwofoldOptions> = {}) {
  const seen = errors();
  server = await startStandIn(script);
  tf = createTwofold({
    endpoint: server.url,
    siteId: 7,
    ingestKey: INGEST_KEY,
    flushIntervalMs: 60_000,
    onError: seen.onError,
    ...opts,
  });
  return seen.list;
}

const gaps = (s: StandIn) => s.received.slice(1).map((r, i) => r.at - s.received[i]!.at);
const only = (e: unknown) => e as TwofoldDeliveryError;

describe('SDK retries', () => {
  it('after 429 waits Retry-After (1 s, plus at most one base of jitter), then delivers', async () => {
    const seen = await start(
      (r, i) => (i === 0 ? failure(429, 'rate_limited', {}, { 'retry-after': '1' }) : accepted(r)),
      { baseBackoffMs: 100 },
    );
    tf.track(page(1));
    await tf.flush();
    expect(server.received).toHaveLength(2);
    const [gap] = gaps(server);
    expect(gap).toBeGreaterThanOrEqual(995);
    expect(gap).toBeLessThan(1000 + 100 + 300); // baseBackoffMs 100 of jitter, 300 of slack
    expect(seen).toEqual([]);
    expect(tf.stats()).toMatchObject({ delivered: { events: 1 }, requests: 2, retries: 1 });
  }, 5000);

  it('retries 5xx after base·2^attempt with full jitter, re-signing each attempt with a later t', async () => {
    // Jitter fixed at the middle: the waits are 0.5 · (80, 160, 320) ms.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const seen = await start((r, i) => (i < 3 ? failure(503, 'upstream_error') : accepted(r)), {
      baseBackoffMs: 80,
    });
    tf.track(page(1));
    tf.agentFetch(crawl(1));
    await tf.flush();
    expect(server.received).toHaveLength(4);
    const waits = gaps(server);
    [40, 80, 160].forEach((want, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(want - 2);
      expect(waits[i]).toBeLessThan(want + 120);
    });
    const ts = server.received.map((r) => r.t);
    expect(ts.slice(1).every((t, i) => t > ts[i]!)).toBe(true);
    expect(new Set(server.received.map((r) => r.v1)).size).toBe(4);
    // The same rows every time, byte for byte apart from nothing: only the signature changes.
    expect(new Set(server.received.map((r) => r.raw.toString())).size).toBe(1);
    // So the pageview's hit key is the same on every attempt: the server counts it once.
    expect(JSON.parse(server.received[0]!.raw.toString()).events[0].key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(seen).toEqual([]);
  });

  it('keeps every wait below its ceiling, even at the top of the jitter', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(1 - Number.EPSILON);
    await start((r, i) => (i < 3 ? failure(502, 'upstream_error') : accepted(r)), {
      baseBackoffMs: 40,
      maxBackoffMs: 100,
    });
    tf.track(page(1));
    await tf.flush();
    const waits = gaps(server);
    [40, 80, 100].forEach((ceiling, i) => {
      expect(waits[i]).toBeGreaterThanOrEqual(ceiling - 3);
      expect(waits[i]).toBeLessThan(ceiling + 120);
    });
  });

  it('retries after a dropped connection', async () => {
    const seen = await start((r, i) => (i === 0 ? 'reset' : accepted(r)), { baseBackoffMs: 20 });
    tf.track(page(1));
    await tf.flush();
    expect(server.received).toHaveLength(2);
    expect(seen).toEqual([]);
    expect(tf.stats().delivered.events).toBe(1);
  });

  it('gives up after maxRetries and reports the rows, the attempts and the last answer', async () => {
    const seen = await start(() => failure(503, 'upstream_error'), { maxRetries: 2, baseBackoffMs: 10 });
    tf.track(page(1));
    tf.track(page(2));
    tf.agentFetch(crawl(1));
    await tf.flush();
    expect(server.received).toHaveLength(3);
    expect(seen).toHaveLength(1);
    const e = only(seen[0]);
    expect(e).toBeInstanceOf(TwofoldDeliveryError);
    expect(e).toMatchObject({
      reason: 'retries_exhausted',
      rows: { events: 2, agentEvents: 1 },
      attempts: 3,
      status: 503,
      code: 'upstream_error',
    });
    expect(e.message).toBe(
      'twofold: lost 3 rows (2 events, 1 agent_events): gave up after retrying; 3 attempts; last answer 503 upstream_error; upstream_error (stand-in)',
    );
    expect(tf.stats().lost).toEqual({ events: 2, agentEvents: 1 });
  });

  it('with maxRetries 0, reports a 429 at once, naming it', async () => {
    const seen = await start(() => failure(429, 'rate_limited', {}, { 'retry-after': '60' }), {
      maxRetries: 0,
    });
    tf.track(page(1));
    await tf.flush();
    expect(server.received).toHaveLength(1);
    expect(only(seen[0])).toMatchObject({ reason: 'retries_exhausted', status: 429, code: 'rate_limited' });
  });

  it('without onError, gives up loudly: a process warning carrying the error', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    server = await startStandIn(() => failure(500, 'internal_error'));
    tf = createTwofold({
      endpoint: server.url,
      siteId: 7,
      ingestKey: INGEST_KEY,
      maxRetries: 1,
      baseBackoffMs: 1,
    });
    tf.track(page(1));
    await tf.flush();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBeInstanceOf(TwofoldDeliveryError);
    expect(only(warn.mock.calls[0]![0])).toMatchObject({ reason: 'retries_exhausted', status: 500 });
  });

  it('on 400 naming a row, reports that row and sends the others once more, never the same request again', async () => {
    const seen = await start((r, i) =>
      i === 0 ? failure(400, 'validation_error', { field: 'events[1].pathname' }) : accepted(r),
    );
    tf.track(page(0));
    tf.track(page(1));
    tf.track(page(2));
    tf.agentFetch(crawl(0));
    await tf.flush();
    expect(server.received).toHaveLength(2);
    expect(server.received[1]!.body.events.map((e) => e.pathname)).toEqual(['/p/0', '/p/2']);
    expect(server.received[1]!.body.agent_events).toHaveLength(1);
    expect(seen).toHaveLength(1);
    expect(only(seen[0])).toMatchObject({
      reason: 'rejected',
      rows: { events: 1, agentEvents: 0 },
      status: 400,
      code: 'validation_error',
      field: 'events[1].pathname',
    });
    expect(tf.stats()).toMatchObject({ delivered: { events: 2, agentEvents: 1 }, retries: 0 });
  });

  it('on 400 naming no row, drops and reports the whole batch after one request', async () => {
    const seen = await start(() => failure(400, 'validation_error', { field: 'site_id' }));
    tf.track(page(0));
    tf.agentFetch(crawl(0));
    await tf.flush();
    expect(server.received).toHaveLength(1);
    expect(only(seen[0])).toMatchObject({
      reason: 'rejected',
      rows: { events: 1, agentEvents: 1 },
      field: 'site_id',
    });
  });

  it('stops excluding rows after five and drops the rest of the batch', async () => {
    const seen = await start(() => failure(400, 'validation_error', { field: 'events[0].timestamp' }));
    for (let i = 0; i < 10; i++) tf.track(page(i));
    await tf.flush();
    expect(server.received).toHaveLength(6);
    expect(seen.map((e) => only(e).rows.events)).toEqual([1, 1, 1, 1, 1, 5]);
  });

  it('on 401 reports the batch as unauthorized without retrying', async () => {
    const seen = await start(() => failure(401, 'unauthorized'));
    tf.track(page(0));
    await tf.flush();
    expect(server.received).toHaveLength(1);
    expect(only(seen[0])).toMatchObject({ reason: 'unauthorized', status: 401, attempts: 1 });
    expect(only(seen[0]).message).toContain('check siteId, ingestKey and this machine clock');
  });

  it('takes 409 (this very signature already accepted) as stored', async () => {
    const seen = await start(() => failure(409, 'conflict'));
    tf.track(page(0));
    await tf.flush();
    expect(server.received).toHaveLength(1);
    expect(seen).toEqual([]);
    expect(tf.stats().delivered.events).toBe(1);
  });

  it('on 413 sends the batch again in halves', async () => {
    const seen = await start((r, i) => (i === 0 ? failure(413, 'bad_request') : accepted(r)));
    for (let i = 0; i < 5; i++) tf.track(page(i));
    tf.agentFetch(crawl(0));
    await tf.flush();
    expect(server.received.map((r) => [r.body.events.length, r.body.agent_events.length])).toEqual([
      [5, 1],
      [3, 0],
      [2, 1],
    ]);
    expect(seen).toEqual([]);
  });

  it('splits a body over 2 MB before sending it', async () => {
    const seen = await start(accepted, { maxBatch: 500 });
    const long = { referrer: `https://r.example/${'r'.repeat(4000)}`, query: `q=${'q'.repeat(4000)}` };
    for (let i = 0; i < 300; i++) tf.track(page(i, long)); // about 2.5 MB as one body
    await tf.flush();
    expect(server.received.map((r) => r.body.events.length)).toEqual([150, 150]);
    for (const r of server.received) expect(r.raw.length).toBeLessThanOrEqual(2_000_000);
    expect(seen).toEqual([]);
  });

  it('reports a row the server still finds too large (413) on its own', async () => {
    const seen = await start(() => failure(413, 'bad_request'));
    tf.track(page(0));
    tf.agentFetch(crawl(0));
    await tf.flush();
    expect(server.received.map((r) => [r.body.events.length, r.body.agent_events.length])).toEqual([
      [1, 1],
      [1, 0],
      [0, 1],
    ]);
    expect(seen.map((e) => [only(e).reason, only(e).rows])).toEqual([
      ['too_large', { events: 1, agentEvents: 0 }],
      ['too_large', { events: 0, agentEvents: 1 }],
    ]);
  });
});
