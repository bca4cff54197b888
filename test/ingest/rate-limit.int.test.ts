import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/db/pool.js';
import { addressDigest } from '../../src/ratelimit/address.js';
import { BatchedWindowLimiter, counterKey } from '../../src/ratelimit/batched-window.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { streamCount } from '../support/stream.js';

let t: TestApp;
let site: number;
beforeAll(async () => {
  t = await buildTestApp();
  const { cookie } = await signUp(t.app);
  site = (await createSite(t.app, cookie, { domain: 'busy.example' })).id;
});
afterAll(() => t.close());

const batch = (n: number, address: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/track/batch',
    remoteAddress: address,
    headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Firefox/133.0' },
    payload: JSON.stringify(
      Array.from({ length: n }, (_, i) => ({ s: site, u: `https://busy.example/p${i}` })),
    ),
  });

/** Waits for a fresh fixed window when the current one has too little left for the test. */
async function freshWindow(needMs: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needMs) await new Promise((r) => setTimeout(r, left + 200));
}

describe('the ingest rate limit: 600 hits per minute per site per address', () => {
  it('stores exactly 600 of 650 hits from one address in one window, and answers 204 to all', async () => {
    await freshWindow(20_000);
    const before = await streamCount(t.deps);
    const sizes = [200, 200, 200, 50];
    const answers = await Promise.all(sizes.map((n) => batch(n, '203.0.113.50')));
    for (const a of answers) expect(a.statusCode).toBe(204);
    // Single hits over the limit are dropped just as silently.
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/track',
      remoteAddress: '203.0.113.50',
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Firefox/133.0' },
      payload: JSON.stringify({ s: site, u: 'https://busy.example/again' }),
    });
    expect([single.statusCode, single.body]).toEqual([204, '']);
    expect(await streamCount(t.deps)).toBe(before + 600);
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('twofold_ingest_hits_dropped_total{endpoint="batch",reason="rate_limited"} 50');
    expect(metrics).toContain('twofold_ingest_hits_dropped_total{endpoint="track",reason="rate_limited"} 1');

    // Another address in the same window has its own 600.
    expect((await batch(10, '203.0.113.51')).statusCode).toBe(204);
    expect(await streamCount(t.deps)).toBe(before + 610);
  });

  it('keeps counters only as keyed digests shared through Postgres', async () => {
    const { rows } = await t.database.pool.query<{ k: string; hits: number }>(
      'SELECT k::text AS k, hits FROM hit_rate_windows ORDER BY hits DESC',
    );
    // The key is the digest's first 8 bytes XOR the first 8 of SHA-256 of the site's bucket.
    const keyOf = async (address: string) => {
      const digest = await addressDigest(t.database.pool, address);
      const bucket = createHash('sha256').update(`ingest:${site}`).digest();
      return (digest.readBigInt64BE(0) ^ bucket.readBigInt64BE(0)).toString();
    };
    expect(rows[0]).toEqual({ k: await keyOf('203.0.113.50'), hits: 651 });
    expect(rows[1]).toEqual({ k: await keyOf('203.0.113.51'), hits: 10 });
    expect(rows[0]!.k).toBe(
      counterKey(`ingest:${site}`, await addressDigest(t.database.pool, '203.0.113.50')),
    );
  });
});

describe('the batched limiter across API instances', () => {
  it('lets exactly the limit through when two instances count one address at once', async () => {
    await freshWindow(20_000);
    // Two instances: limiters on pools of their own, as two API processes have.
    const pools = [createPool(t.database.url, 4), createPool(t.database.url, 4)];
    try {
      const limiters = pools.map((p) => new BatchedWindowLimiter(p, 600, 60));
      const subject = await addressDigest(t.database.pool, '198.51.100.9');
      const answers = await Promise.all(
        Array.from({ length: 650 }, (_, i) => limiters[i % 2]!.allow('test:shared', subject)),
      );
      expect(answers.filter(Boolean)).toHaveLength(600);
      // Each instance's own 325 calls are counted in the order they were made: its refusals are its last calls.
      for (const k of [0, 1]) {
        const mine = answers.filter((_, i) => i % 2 === k);
        expect(mine).toEqual([...mine].sort((a, b) => Number(b) - Number(a)));
      }
      expect(await limiters[0]!.allow('test:shared', subject)).toBe(false);
      expect(await limiters[1]!.allow('test:other', subject)).toBe(true);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('answers a call for many counters in order, counted with the single calls of the same flush', async () => {
    await freshWindow(5_000);
    const limiter = new BatchedWindowLimiter(t.database.pool, 5, 60);
    const a = await addressDigest(t.database.pool, '198.51.100.11');
    const b = await addressDigest(t.database.pool, '198.51.100.12');
    const bucket = `test:each:${Date.now()}`;
    // a's places in the window: 1 and 2, then 3, 4, (b), 5 and 6 in the call, then 7.
    const [first, second, each, after] = await Promise.all([
      limiter.allow(bucket, a),
      limiter.allow(bucket, a),
      limiter.allowEach([a, a, b, a, a].map((subject) => ({ bucket, subject }))),
      limiter.allow(bucket, a),
    ]);
    expect([first, second]).toEqual([true, true]);
    expect(each).toEqual([true, true, true, true, false]);
    expect(after).toBe(false);
    expect(await limiter.allowEach([])).toEqual([]);
  });

  it('drops the rows of windows that have ended', async () => {
    const limiter = new BatchedWindowLimiter(t.database.pool, 5, 1);
    const subject = await addressDigest(t.database.pool, '198.51.100.10');
    expect(await limiter.allow('test:prune', subject)).toBe(true);
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await limiter.allow('test:prune', subject)).toBe(true);
    // The prune runs after the second flush answered; wait for it to reach the table.
    await expect
      .poll(async () => {
        const { rows } = await t.database.pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM hit_rate_windows WHERE k = $1',
          [counterKey('test:prune', subject)],
        );
        return rows[0]!.n;
      })
      .toBe(1);
  });
});
