import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/db/pool.js';
import { freePort } from '../../src/embedded/ports.js';
import { INGEST_LIMIT } from '../../src/ingest/deps.js';
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

  it('keeps counters only as keyed digests shared through Postgres, for addresses past the allowance', async () => {
    // The key is the digest's first 8 bytes XOR the first 8 of SHA-256 of the site's bucket.
    const keyOf = async (address: string) => {
      const digest = await addressDigest(t.database.pool, address);
      const bucket = createHash('sha256').update(`ingest:${site}`).digest();
      return (digest.readBigInt64BE(0) ^ bucket.readBigInt64BE(0)).toString();
    };
    const hitsOf = async (address: string) => {
      const { rows } = await t.database.pool.query<{ hits: number }>(
        'SELECT hits FROM hit_rate_windows WHERE k = $1',
        [await keyOf(address)],
      );
      return rows.map((r) => r.hits);
    };
    // Every hit of the busy address is in its counter: the first call past the local allowance
    // carried the 16 let through before it.
    expect(await hitsOf('203.0.113.50')).toEqual([651]);
    // Ten hits stay within the allowance: no row, no round trip.
    expect(await hitsOf('203.0.113.51')).toEqual([]);
    expect(await keyOf('203.0.113.50')).toBe(
      counterKey(`ingest:${site}`, await addressDigest(t.database.pool, '203.0.113.50')),
    );
  });
});

describe('the batched limiter across API instances', () => {
  it('lets exactly the limit through when two instances without an allowance count one address at once', async () => {
    await freshWindow(20_000);
    // Two instances: limiters on pools of their own, as two API processes have.
    const pools = [createPool(t.database.url, 4), createPool(t.database.url, 4)];
    try {
      const limiters = pools.map((p) => new BatchedWindowLimiter(p, { limit: 600, windowSeconds: 60 }));
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

  it('lets through at most the allowance more than the limit when two instances with one share an address', async () => {
    await freshWindow(20_000);
    const pools = [createPool(t.database.url, 4), createPool(t.database.url, 4)];
    try {
      const [a, b] = pools.map(
        (p) => new BatchedWindowLimiter(p, { limit: 600, windowSeconds: 60, localAllowance: 16 }),
      );
      const subject = await addressDigest(t.database.pool, '198.51.100.8');
      const bucket = `test:spread:${Date.now()}`;
      // A lets 10 through on its own, which Postgres does not hear of yet.
      const first = await Promise.all(Array.from({ length: 10 }, () => a!.allow(bucket, subject)));
      expect(first.every(Boolean)).toBe(true);
      // B counts its own 650 exactly: its first 600.
      const fromB = await Promise.all(Array.from({ length: 650 }, () => b!.allow(bucket, subject)));
      expect(fromB.indexOf(false)).toBe(600);
      expect(fromB.filter(Boolean)).toHaveLength(600);
      // A's allowance runs out at its 16th; its 17th carries the 16 to Postgres and is refused.
      const more = await Promise.all(Array.from({ length: 7 }, () => a!.allow(bucket, subject)));
      expect(more).toEqual([true, true, true, true, true, true, false]);
      // 616 let through in all: the limit and A's allowance. Postgres holds every call.
      const { rows } = await t.database.pool.query<{ hits: number }>(
        'SELECT hits FROM hit_rate_windows WHERE k = $1',
        [counterKey(bucket, subject)],
      );
      expect(rows).toEqual([{ hits: 667 }]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('writes nothing for an address within its allowance, and the whole count with the first call past it', async () => {
    await freshWindow(5_000);
    const limiter = new BatchedWindowLimiter(t.database.pool, INGEST_LIMIT);
    const subject = await addressDigest(t.database.pool, '198.51.100.13');
    const bucket = `test:allowance:${Date.now()}`;
    const rows = async () =>
      (
        await t.database.pool.query<{ hits: number }>('SELECT hits FROM hit_rate_windows WHERE k = $1', [
          counterKey(bucket, subject),
        ])
      ).rows;
    for (let i = 0; i < INGEST_LIMIT.localAllowance; i++)
      expect(await limiter.allow(bucket, subject)).toBe(true);
    expect(await rows()).toEqual([]);
    expect(await limiter.allow(bucket, subject)).toBe(true);
    expect(await rows()).toEqual([{ hits: INGEST_LIMIT.localAllowance + 1 }]);
    expect(await limiter.allow(bucket, subject)).toBe(true);
    expect(await rows()).toEqual([{ hits: INGEST_LIMIT.localAllowance + 2 }]);
  });

  it('carries the allowance again after an upsert that failed', async () => {
    await freshWindow(10_000);
    // The limiter's connection gives up on a lock after 300 ms, as on a Postgres that is unavailable.
    const url = new URL(t.database.url);
    url.searchParams.set('options', '-c lock_timeout=300');
    const pool = createPool(url.toString(), 1);
    const holder = await t.database.pool.connect();
    try {
      const limiter = new BatchedWindowLimiter(pool, { limit: 5, windowSeconds: 60, localAllowance: 2 });
      const subject = await addressDigest(t.database.pool, '198.51.100.14');
      const bucket = `test:failed:${Date.now()}`;
      expect([await limiter.allow(bucket, subject), await limiter.allow(bucket, subject)]).toEqual([
        true,
        true,
      ]);
      await holder.query('BEGIN');
      await holder.query('LOCK TABLE hit_rate_windows IN ACCESS EXCLUSIVE MODE');
      await expect(limiter.allow(bucket, subject)).rejects.toThrow(/lock timeout/);
      await holder.query('COMMIT');
      // The 2 let through and this call: 3 in Postgres, so 2 more fit under 5.
      expect(await limiter.allow(bucket, subject)).toBe(true);
      const { rows } = await t.database.pool.query<{ hits: number }>(
        'SELECT hits FROM hit_rate_windows WHERE k = $1',
        [counterKey(bucket, subject)],
      );
      expect(rows).toEqual([{ hits: 3 }]);
      expect(await limiter.allowEach([1, 2, 3].map(() => ({ bucket, subject })))).toEqual([
        true,
        true,
        false,
      ]);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      holder.release();
      await pool.end();
    }
  });

  it('counts alone against the whole limit while Postgres cannot be reached', async () => {
    await freshWindow(5_000);
    // Nothing listens there: every connection is refused, as when the server is stopped.
    const pool = createPool(`postgres://postgres@127.0.0.1:${await freePort()}/none`, 1);
    try {
      const limiter = new BatchedWindowLimiter(pool, { limit: 5, windowSeconds: 60, localAllowance: 2 });
      const a = await addressDigest(t.database.pool, '198.51.100.15');
      const b = await addressDigest(t.database.pool, '198.51.100.16');
      const bucket = `test:alone:${Date.now()}`;
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await limiter.allow(bucket, a));
      expect(answers).toEqual([true, true, true, true, true, false, false]);
      expect(await limiter.allowEach([a, b, b].map((subject) => ({ bucket, subject })))).toEqual([
        false,
        true,
        true,
      ]);
    } finally {
      await pool.end();
    }
  });

  // One instance is exact whatever its allowance: the answers are those of counting every call in
  // Postgres (an allowance over the limit counts as the limit).
  it.each([0, 2, 16])(
    'answers a call for many counters in order, counted with the single calls of the same flush (allowance %i)',
    async (localAllowance) => {
      await freshWindow(5_000);
      const limiter = new BatchedWindowLimiter(t.database.pool, {
        limit: 5,
        windowSeconds: 60,
        localAllowance,
      });
      const a = await addressDigest(t.database.pool, '198.51.100.11');
      const b = await addressDigest(t.database.pool, '198.51.100.12');
      const bucket = `test:each:${localAllowance}:${Date.now()}`;
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
    },
  );

  it('drops the rows of windows that have ended', async () => {
    const limiter = new BatchedWindowLimiter(t.database.pool, { limit: 5, windowSeconds: 1 });
    const subject = await addressDigest(t.database.pool, '198.51.100.10');
    expect(await limiter.allow('test:prune', subject)).toBe(true);
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await limiter.allow('test:prune', subject)).toBe(true);
    // The prune runs after the second flush answered; wait for it to reach the table.
    await expect
      .poll(
        async () => {
          const { rows } = await t.database.pool.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM hit_rate_windows WHERE k = $1',
            [counterKey('test:prune', subject)],
          );
          return rows[0]!.n;
        },
        // A busy machine delays the prune past poll's default second.
        { timeout: 10_000 },
      )
      .toBe(1);
  });
});
