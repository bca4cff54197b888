import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createTwofold,
  TwofoldDeliveryError,
  TwofoldInputError,
  type Twofold,
  type TwofoldOptions,
} from '../../src/sdk/index.js';
import { crawl, errors, INGEST_KEY, page, sleep } from './fixtures.js';
import { accepted, failure, startStandIn, type Script, type StandIn } from './stand-in.js';

let server: StandIn;
let tf: Twofold;
afterEach(async () => {
  vi.restoreAllMocks();
  await tf?.close({ timeoutMs: 0 });
  await server?.close();
});

async function start(script: Script = accepted, opts: Partial<TwofoldOptions> = {}) {
  const seen = errors();
  server = await startStandIn(script);
  tf = createTwofold({
    endpoint: server.url,
    siteId: 7,
    ingestKey: INGEST_KEY,
    onError: seen.onError,
    ...opts,
  });
  return seen.list;
}

describe('SDK lifecycle', () => {
  it('close() sends what is queued at once, and reports rows tracked after it, counted once per burst', async () => {
    const seen = await start(accepted, { flushIntervalMs: 60_000 });
    tf.track(page(1));
    tf.agentFetch(crawl(1));
    await tf.close();
    expect(server.received).toHaveLength(1);
    expect(tf.stats().delivered).toEqual({ events: 1, agentEvents: 1 });
    tf.track(page(2));
    tf.track(page(3));
    tf.agentFetch(crawl(2));
    await sleep(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ reason: 'closed', rows: { events: 2, agentEvents: 1 } });
    expect(server.received).toHaveLength(1);
  });

  it('close() gives up at its deadline instead of waiting out a Retry-After of 60 s', async () => {
    const seen = await start(() => failure(429, 'rate_limited', {}, { 'retry-after': '60' }));
    tf.track(page(1));
    tf.track(page(2));
    const began = performance.now();
    await tf.close({ timeoutMs: 300 });
    expect(performance.now() - began).toBeLessThan(250); // a 60 s wait past a 300 ms deadline is not begun
    expect(server.received).toHaveLength(1);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ reason: 'deadline', rows: { events: 2 }, status: 429, attempts: 1 });
  });

  it('close() cuts off a request still in flight at its deadline', async () => {
    const seen = await start(() => 'hang');
    tf.track(page(1));
    const began = performance.now();
    await tf.close({ timeoutMs: 200 });
    expect(performance.now() - began).toBeGreaterThanOrEqual(190);
    expect(performance.now() - began).toBeLessThan(600);
    expect(seen[0]).toMatchObject({ reason: 'deadline', rows: { events: 1 } });
  });

  it('close() ends a backoff wait already begun when its deadline comes first', async () => {
    const seen = await start(() => failure(503, 'upstream_error'), { baseBackoffMs: 30_000 });
    vi.spyOn(Math, 'random').mockReturnValue(0.99);
    tf.track(page(1));
    await server.waitFor(1);
    await sleep(50); // now in a wait of about 29.7 s
    const began = performance.now();
    await tf.close({ timeoutMs: 5_000 });
    expect(performance.now() - began).toBeLessThan(100);
    expect(seen[0]).toMatchObject({ reason: 'deadline', status: 503 });
  });

  it('holds at most maxQueue rows: the oldest make room, reported with their count', async () => {
    const seen = await start(accepted, { maxQueue: 100, maxBatch: 500, flushIntervalMs: 60_000 });
    for (let i = 0; i < 130; i++) tf.track(page(i));
    expect(tf.stats().queued).toBe(100);
    await sleep(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(TwofoldDeliveryError);
    expect(seen[0]).toMatchObject({ reason: 'queue_full', rows: { events: 30, agentEvents: 0 } });
    await tf.flush();
    const paths = server.received.flatMap((r) => r.body.events.map((e) => e.pathname));
    expect(paths).toEqual(Array.from({ length: 100 }, (_, i) => `/p/${i + 30}`));
    expect(tf.stats().lost).toEqual({ events: 30, agentEvents: 0 });
  });

  it('never throws into the host on bad input, reports each call, and sends nothing for it', async () => {
    const seen = await start();
    const hostile = {
      ...page(1),
      get pathname(): string {
        throw new Error('getter exploded');
      },
    };
    const bad: unknown[] = [undefined, null, 42, 'x', [], {}, { ...page(1), ip: '' }, hostile];
    for (const b of bad) expect(() => tf.track(b as never)).not.toThrow();
    for (const b of bad) expect(() => tf.agentFetch(b as never)).not.toThrow();
    await tf.flush();
    expect(server.received).toHaveLength(0);
    expect(seen).toHaveLength(16);
    // Every one an input error naming the call and property, except the getter's own exception, passed on.
    expect(seen.filter((e) => e instanceof TwofoldInputError)).toHaveLength(15);
    expect(seen.filter((e) => !(e instanceof TwofoldInputError)).map((e) => e.message)).toEqual([
      'twofold: track() failed: getter exploded; the row was not queued',
    ]);
  });

  it('contains an onError that throws: the host gets a process warning, not an exception', async () => {
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    server = await startStandIn();
    tf = createTwofold({
      endpoint: server.url,
      siteId: 7,
      ingestKey: INGEST_KEY,
      onError: () => {
        throw new Error('handler bug');
      },
    });
    expect(() => tf.track({} as never)).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/onError threw: Error: handler bug .*track\(\)/);
  });

  it('refuses bad options at creation, with a TypeError naming the option', () => {
    const ok = { endpoint: 'https://a.example', siteId: 1, ingestKey: INGEST_KEY };
    expect(() => createTwofold({ ...ok, endpoint: 'a.example' })).toThrow(/endpoint/);
    expect(() => createTwofold({ ...ok, endpoint: 'ftp://a.example' })).toThrow(/endpoint/);
    expect(() => createTwofold({ ...ok, siteId: 0 })).toThrow(/siteId/);
    expect(() => createTwofold({ ...ok, ingestKey: '' })).toThrow(/ingestKey/);
    expect(() => createTwofold({ ...ok, maxBatch: 501 })).toThrow(/maxBatch must be an integer 1-500/);
    expect(() => createTwofold({ ...ok, maxRetries: -1 })).toThrow(TypeError);
  });
});

describe('SDK and the host process', () => {
  const sdk = fileURLToPath(new URL('../../src/sdk/index.ts', import.meta.url));

  /** Runs a module in a child Node (with tsx) and answers its exit code and run time. */
  function run(code: string): Promise<{ code: number | null; ms: number; stderr: string }> {
    const began = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    return new Promise((resolve) =>
      child.on('exit', (c) => resolve({ code: c, ms: performance.now() - began, stderr })),
    );
  }

  it('never keeps the process alive: neither the 200 ms window nor a retry wait holds it', async () => {
    server = await startStandIn(() => failure(503, 'upstream_error'));
    const { code, ms, stderr } = await run(`
      import { createTwofold } from ${JSON.stringify(sdk)};
      const tf = createTwofold({ endpoint: ${JSON.stringify(server.url)}, siteId: 1, ingestKey: 'ik_x',
        flushIntervalMs: 60000, baseBackoffMs: 60000, onError() {} });
      tf.track({ ip: '203.0.113.7', userAgent: 'UA', hostname: 'a.example', pathname: '/' }); // waits for the window
      const tf2 = createTwofold({ endpoint: ${JSON.stringify(server.url)}, siteId: 1, ingestKey: 'ik_x',
        maxBatch: 1, baseBackoffMs: 60000, onError() {} });
      tf2.track({ ip: '203.0.113.7', userAgent: 'UA', hostname: 'a.example', pathname: '/' }); // sent, 503, waits
    `);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(ms).toBeLessThan(4000);
    expect(server.received).toHaveLength(1);
  });

  it('keeps it alive while close() is awaited, through a retry wait, until the rows are stored', async () => {
    server = await startStandIn((r, i) => (i === 0 ? failure(503, 'upstream_error') : accepted(r)));
    const { code, stderr } = await run(`
      import { createTwofold } from ${JSON.stringify(sdk)};
      const tf = createTwofold({ endpoint: ${JSON.stringify(server.url)}, siteId: 1, ingestKey: 'ik_x',
        baseBackoffMs: 400, onError(e) { console.error(e.message); } });
      Math.random = () => 0.99;
      tf.track({ ip: '203.0.113.7', userAgent: 'UA', hostname: 'a.example', pathname: '/' });
      await tf.close();
    `);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(server.received).toHaveLength(2);
    expect(server.received[1]!.at - server.received[0]!.at).toBeGreaterThanOrEqual(390);
  });
});
