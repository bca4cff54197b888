import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/sql.js';
import { SiteCache } from '../../src/ingest/site-cache.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';

// The site cache in front of Postgres: `s` is anyone's to make up, so neither its memory nor its
// queries may grow with the number of ids a flood makes up.
let t: TestApp;
let cookie: string;
let ids: number[];
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signUp(t.app));
  ids = [];
  for (let i = 0; i < 6; i++) ids.push((await createSite(t.app, cookie, { domain: `c${i}.example` })).id);
});
afterAll(() => t.close());

/** The database, with every query it is asked written down: `site` or `ceiling`. */
function countingDb() {
  const seen: string[] = [];
  const db = {
    query: (q: { text: string }, ...rest: unknown[]) => {
      seen.push(/max\(id\)/i.test(q.text) ? 'ceiling' : 'site');
      return (t.deps.db.query as (...a: unknown[]) => unknown)(q, ...rest);
    },
  } as unknown as Db;
  return { db, seen, count: (kind: string) => seen.filter((s) => s === kind).length };
}

describe('the site cache', () => {
  it('answers a known site from memory after one query, and concurrent lookups share it', async () => {
    const { db, count } = countingDb();
    const cache = new SiteCache(db);
    const sites = await Promise.all([cache.get(ids[0]!), cache.get(ids[0]!), cache.get(ids[0]!)]);
    expect(sites.map((s) => s?.domain)).toEqual(['c0.example', 'c0.example', 'c0.example']);
    expect(await cache.get(ids[0]!)).toMatchObject({ id: ids[0] });
    expect(count('site')).toBe(1);
  });

  it('remembers an unknown id within the range of site ids: a repeat costs no query', async () => {
    const gone = ids[2]!;
    await t.deps.db.query('DELETE FROM sites WHERE id = $1', [gone]);
    const { db, count } = countingDb();
    const cache = new SiteCache(db);
    expect(await cache.get(gone)).toBeNull();
    expect(await cache.get(gone)).toBeNull();
    expect(cache.peek(gone)).toBeNull();
    expect(count('site')).toBe(1);
  });

  it('answers ids above the largest site id without a site query, reading that id at most 20 times a second', async () => {
    const { db, count } = countingDb();
    const cache = new SiteCache(db);
    const max = Math.max(...ids);
    const flood = Array.from({ length: 10_000 }, (_, i) => max + 1 + i * 7919);
    const started = Date.now();
    for (let k = 0; k < flood.length; k += 500)
      expect(new Set(await Promise.all(flood.slice(k, k + 500).map((id) => cache.get(id))))).toEqual(
        new Set([null]),
      );
    expect(count('site')).toBe(0);
    expect(count('ceiling')).toBeGreaterThanOrEqual(1);
    // The budget: 20 at once, then 20 a second, however many ids the flood made up.
    expect(count('ceiling')).toBeLessThanOrEqual(21 + Math.ceil((20 * (Date.now() - started)) / 1000));
    expect(cache.size).toBe(0);
    for (const id of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 2]) expect(await cache.get(id)).toBeNull();
    expect(count('site')).toBe(0);
  });

  it('finds a site created after it last read the largest id, at its first hit', async () => {
    const { db } = countingDb();
    const cache = new SiteCache(db);
    expect(await cache.get(ids[0]!)).not.toBeNull();
    const created = (await createSite(t.app, cookie, { domain: 'late.example' })).id;
    expect(await cache.get(created)).toMatchObject({ id: created, domain: 'late.example' });
  });

  it('holds at most its cap of entries, dropping the least recently used', async () => {
    const { db, count } = countingDb();
    const cache = new SiteCache(db, { maxEntries: 3 });
    for (const id of ids) await cache.get(id);
    expect(cache.size).toBe(3);
    const queries = count('site');
    await cache.get(ids[5]!);
    expect(count('site')).toBe(queries);
    await cache.get(ids[0]!);
    expect(count('site')).toBe(queries + 1);
    expect(cache.size).toBe(3);
  });

  it('answers a site it knew from its expired answer while Postgres cannot be reached, and asks again a second later', async () => {
    const { db: counting, count } = countingDb();
    let reachable = true;
    const db = {
      query: (...args: unknown[]) =>
        reachable
          ? (counting.query as (...a: unknown[]) => unknown)(...args)
          : Promise.reject(
              Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
            ),
    } as unknown as Db;
    const cache = new SiteCache(db, { ttlMs: 50 });
    expect(await cache.get(ids[1]!)).toMatchObject({ id: ids[1], domain: 'c1.example' });
    reachable = false;
    await new Promise((r) => setTimeout(r, 80));
    expect(cache.peek(ids[1]!)).toBeUndefined();
    expect(await cache.get(ids[1]!)).toMatchObject({ id: ids[1], domain: 'c1.example' });
    // Served from memory for a second: no query per hit while Postgres is away.
    expect(await cache.get(ids[1]!)).toMatchObject({ id: ids[1] });
    expect(cache.peek(ids[1]!)).toMatchObject({ id: ids[1] });
    // A site it never knew cannot be answered.
    await expect(cache.get(ids[3]!)).rejects.toThrow(/ECONNREFUSED/);
    reachable = true;
    expect(count('site')).toBe(1);
  });

  it('does not fall back on an expired answer when a query fails for another reason', async () => {
    let failing = false;
    const db = {
      query: (...args: unknown[]) =>
        failing
          ? Promise.reject(Object.assign(new Error('relation "sites" does not exist'), { code: '42P01' }))
          : (t.deps.db.query as (...a: unknown[]) => unknown)(...args),
    } as unknown as Db;
    const cache = new SiteCache(db, { ttlMs: 50 });
    expect(await cache.get(ids[1]!)).not.toBeNull();
    failing = true;
    await new Promise((r) => setTimeout(r, 80));
    await expect(cache.get(ids[1]!)).rejects.toThrow(/does not exist/);
  });
});
