import type { LightMyRequestResponse } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportCursors } from '../../src/read/export/cursors.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';

/*
 * Reads have a budget: a statement timeout (READ_TIMEOUT_MS), a pool of their own, and at most
 * READ_CONCURRENCY in flight per API key or signed-in account. Reads are made slow for real: the
 * test's own connection takes an ACCESS EXCLUSIVE lock on `sessions`, which /api/stats/sessions
 * scans, so each such read waits on the lock until it is released (or its statement times out).
 * Hang detectors only: no assertion about speed.
 */
const HANG = 10_000;

let slow: TestApp; // READ_TIMEOUT_MS=300
let held: TestApp; // the default timeout: reads wait as long as the lock is held

interface Fixture {
  cookie: string;
  site: number;
  keys: string[];
}

async function fixture(t: TestApp, keys: number): Promise<Fixture> {
  const owner = await signUp(t.app);
  const site = (await createSite(t.app, owner.cookie, { domain: 'budget.example', timezone: 'UTC' })).id;
  const made: string[] = [];
  for (let i = 0; i < keys; i++) made.push((await createKey(t.app, owner.cookie, site, `k${i}`)).key);
  return { cookie: owner.cookie, site, keys: made };
}

let s: Fixture;
let h: Fixture;

beforeAll(async () => {
  slow = await buildTestApp({ env: { READ_TIMEOUT_MS: '300' } });
  held = await buildTestApp();
  s = await fixture(slow, 1);
  h = await fixture(held, 2);
});
afterAll(async () => {
  await slow?.close();
  await held?.close();
});

/** An ACCESS EXCLUSIVE lock on a table, held by the test's own connection until released. */
async function lockTable(t: TestApp, table: 'sessions' | 'dimension_rollup'): Promise<() => Promise<void>> {
  const c: pg.PoolClient = await t.database.pool.connect();
  await c.query('BEGIN');
  await c.query(`LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`);
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await c.query('ROLLBACK');
    c.release();
  };
}

/** Reads waiting on a lock, as Postgres sees them. */
async function waitingReads(t: TestApp): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FROM sessions s%'`,
  );
  return rows[0]!.n;
}

const sessionsUrl = (f: Fixture) => `/api/stats/sessions?site=${f.site}&range=7d`;
const read = (t: TestApp, f: Fixture, key: string) =>
  t.app.inject({ url: sessionsUrl(f), headers: { authorization: `Bearer ${key}` } });

/** The promise, or a failure once HANG has passed. */
function within<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} still unanswered after ${HANG} ms`)), HANG);
  });
  return Promise.race([p, hang]).finally(() => clearTimeout(timer));
}

describe('READ_TIMEOUT_MS', () => {
  it('cancels a read that runs past it: 503 database_error saying it took too long', async () => {
    const release = await lockTable(slow, 'sessions');
    try {
      const res = await within(read(slow, s, s.keys[0]!), 'the locked read');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: {
          code: 'database_error',
          message: 'the read took too long and was cancelled; ask for a shorter window or fewer filters',
        },
      });
    } finally {
      await release();
    }
  });

  it('frees each cancelled read: after more cancelled reads than the budget and the pool hold, reads pass', async () => {
    const release = await lockTable(slow, 'sessions');
    try {
      for (let round = 0; round < 2; round++) {
        const answers = await within(
          Promise.all(Array.from({ length: 8 }, () => read(slow, s, s.keys[0]!))),
          'the locked reads',
        );
        expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(503));
      }
    } finally {
      await release();
    }
    // More reads at once than the read pool's connections: every connection came back healthy.
    const after = await within(
      Promise.all(Array.from({ length: 8 }, () => read(slow, s, s.keys[0]!))),
      'the reads after',
    );
    expect(after.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(slow.deps.readDb.totalCount).toBeLessThanOrEqual(10);
    expect(slow.deps.readDb.waitingCount).toBe(0);
  });

  it('a tool call that runs past it is JSON-RPC -32603 with data.code database_error', async () => {
    // A breakdown of days reads the dimension rollup.
    const release = await lockTable(slow, 'dimension_rollup');
    try {
      const res = await within(
        slow.app.inject({
          method: 'POST',
          url: '/api/mcp',
          headers: { authorization: `Bearer ${s.keys[0]}`, 'content-type': 'application/json' },
          payload: {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: {
              name: 'get_breakdown',
              arguments: { site: s.site, range: '7d', dimension: 'pathname' },
            },
          },
        }),
        'the locked tool call',
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().error).toEqual({
        code: -32603,
        message: 'the read took too long and was cancelled; ask for a shorter window or fewer filters',
        data: { code: 'database_error' },
      });
    } finally {
      await release();
    }
  });
});

describe('READ_CONCURRENCY', () => {
  it('a ninth read in flight for one key is 429 rate_limited with Retry-After; the eight pass', async () => {
    const release = await lockTable(held, 'sessions');
    let answers: LightMyRequestResponse[];
    try {
      const eight = Array.from({ length: 8 }, () => read(held, h, h.keys[0]!));
      await expect.poll(() => waitingReads(held), { timeout: HANG }).toBe(8);
      const ninth = await within(read(held, h, h.keys[0]!), 'the ninth read');
      expect(ninth.statusCode).toBe(429);
      expect(ninth.headers['retry-after']).toBe('1');
      expect(ninth.json()).toEqual({
        error: {
          code: 'rate_limited',
          message: 'more than 8 reads in flight for this API key; retry when one has finished',
        },
      });
      // Another key of the same account has a budget of its own.
      const other = read(held, h, h.keys[1]!);
      await expect.poll(() => waitingReads(held), { timeout: HANG }).toBe(9);
      await release();
      answers = await within(Promise.all([...eight, other]), 'the released reads');
    } finally {
      await release();
    }
    expect(answers.map((r) => r.statusCode)).toEqual(Array(9).fill(200));
  });

  it('counts a signed-in account like a key, and exports and the tool endpoint against the same budget', async () => {
    const release = await lockTable(held, 'sessions');
    try {
      const byCookie = (url: string) => held.app.inject({ url, headers: { cookie: h.cookie } });
      const eight = Array.from({ length: 8 }, () => byCookie(sessionsUrl(h)));
      await expect.poll(() => waitingReads(held), { timeout: HANG }).toBe(8);
      const refused = await within(
        Promise.all([
          byCookie(sessionsUrl(h)),
          byCookie(`/api/stats/export.csv?site=${h.site}&range=7d&report=sessions`),
          byCookie(`/api/stats/export.pdf?site=${h.site}&range=7d&report=sessions`),
        ]),
        'the reads over budget',
      );
      expect(refused.map((r) => [r.statusCode, r.headers['retry-after'], r.json().error.code])).toEqual(
        Array(3).fill([429, '1', 'rate_limited']),
      );
      expect(refused[0]!.json().error.message).toBe(
        'more than 8 reads in flight for this account; retry when one has finished',
      );
      await release();
      expect((await within(Promise.all(eight), 'the released reads')).map((r) => r.statusCode)).toEqual(
        Array(8).fill(200),
      );
    } finally {
      await release();
    }
  });

  it('the tool endpoint: a POST beyond the key’s budget is 429 before its body is read', async () => {
    const release = await lockTable(held, 'sessions');
    try {
      const eight = Array.from({ length: 8 }, () => read(held, h, h.keys[1]!));
      await expect.poll(() => waitingReads(held), { timeout: HANG }).toBe(8);
      const res = await held.app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: { authorization: `Bearer ${h.keys[1]}`, 'content-type': 'application/json' },
        payload: { jsonrpc: '2.0', id: 1, method: 'ping' },
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json().error.code).toBe('rate_limited');
      await release();
      await within(Promise.all(eight), 'the released reads');
    } finally {
      await release();
    }
  });

  it('frees the slots of reads whose clients went away: after 8 aborted reads, 8 pass and a ninth is refused', async () => {
    const url = await held.app.listen({ port: 0, host: '127.0.0.1' });
    const release = await lockTable(held, 'sessions');
    try {
      const aborts = Array.from({ length: 8 }, () => new AbortController());
      const gone = aborts.map((a) =>
        fetch(`${url}${sessionsUrl(h)}`, {
          headers: { authorization: `Bearer ${h.keys[0]}` },
          signal: a.signal,
        }).catch((err: Error) => err.name),
      );
      await expect.poll(() => waitingReads(held), { timeout: HANG }).toBe(8);
      for (const a of aborts) a.abort();
      expect(await Promise.all(gone)).toEqual(Array(8).fill('AbortError'));
      await release();
    } finally {
      await release();
    }
    // The aborted reads finish their queries, then give their slots back.
    await expect.poll(async () => (await read(held, h, h.keys[0]!)).statusCode, { timeout: HANG }).toBe(200);
    const again = await lockTable(held, 'sessions');
    try {
      const eight = Array.from({ length: 8 }, () => read(held, h, h.keys[0]!));
      await expect.poll(() => waitingReads(held), { timeout: HANG }).toBe(8);
      expect((await read(held, h, h.keys[0]!)).statusCode).toBe(429);
      await again();
      expect((await within(Promise.all(eight), 'the released reads')).map((r) => r.statusCode)).toEqual(
        Array(8).fill(200),
      );
    } finally {
      await again();
    }
  });
});

describe('pools', () => {
  it('a read that waits READ_TIMEOUT_MS for a free read connection is 503 database_error, and reads pass once one frees', async () => {
    // Every connection of the read pool held (as ten downloads would hold them).
    const held = await Promise.all(
      Array.from({ length: 10 }, () => ExportCursors.open(slow.deps.readDb, 60_000)),
    );
    try {
      const res = await within(read(slow, s, s.keys[0]!), 'the queued read');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: {
          code: 'database_error',
          message: 'every read connection stayed busy too long; retry shortly',
        },
      });
    } finally {
      await Promise.all(held.map((c) => c.close()));
    }
    expect((await read(slow, s, s.keys[0]!)).statusCode).toBe(200);
  });

  it('management answers while reads hold every connection of the read pool', async () => {
    const release = await lockTable(held, 'sessions');
    try {
      // Two keys' full budgets: 16 reads, more than the read pool's 10 connections.
      const reads = h.keys.flatMap((k) => Array.from({ length: 8 }, () => read(held, h, k)));
      await expect.poll(() => waitingReads(held), { timeout: HANG }).toBe(10);
      expect(held.deps.readDb.waitingCount).toBe(6);
      const sites = await within(
        held.app.inject({ url: '/api/sites', headers: { cookie: h.cookie } }),
        'GET /api/sites',
      );
      expect(sites.statusCode).toBe(200);
      expect(sites.json().data.map((x: { id: number }) => x.id)).toEqual([h.site]);
      // Still held: the answer did not wait for them.
      expect(await waitingReads(held)).toBe(10);
      await release();
      expect((await within(Promise.all(reads), 'the released reads')).map((r) => r.statusCode)).toEqual(
        Array(16).fill(200),
      );
    } finally {
      await release();
    }
  });
});

describe('the read pool', () => {
  it('plans without JIT, while the other pools keep the server’s setting', async () => {
    const jit = async (db: Pick<pg.Pool, 'query'>) =>
      (await db.query<{ jit: string }>("SELECT current_setting('jit') AS jit")).rows[0]!.jit;
    const name = (await held.database.pool.query<{ d: string }>('SELECT current_database() AS d')).rows[0]!.d;
    await held.database.pool.query(`ALTER DATABASE ${name} SET jit = on`);
    // Connections opened from now on take the database's setting.
    const fresh = await Promise.all(Array.from({ length: 10 }, () => held.deps.readDb.connect()));
    try {
      expect(await Promise.all(fresh.map((c) => jit(c)))).toEqual(Array(10).fill('off'));
    } finally {
      for (const c of fresh) c.release();
    }
    const other = await held.deps.db.connect();
    try {
      expect(await jit(other)).toBe('on');
    } finally {
      other.release(true);
    }
  });
});
