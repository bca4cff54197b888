import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactIndexes } from '../../src/retention/compact-indexes.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
const MB = 1024 * 1024;
const OPTIONS = { minBytes: 2 * MB };

const indexBytes = async (name: string) =>
  Number(
    (await db.pool.query<{ b: string }>(`SELECT pg_relation_size('${name}'::regclass) AS b`)).rows[0]!.b,
  );

/**
 * `rows` hits on 500 pages in time order, as a fold writes them: each page's new key lands in the
 * middle of an index keyed by page and then time (as `events_pageview_path` is).
 */
const insertHits = (from: number, rows: number) =>
  db.pool.query(
    `INSERT INTO page_hits (page, ts) SELECT '/docs/page-' || ((g::bigint * 7919) % 500), g FROM generate_series($1::int, $2::int) g`,
    [from, from + rows - 1],
  );

describe('index compaction', () => {
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.pool.query('CREATE TABLE page_hits (page text NOT NULL, ts integer NOT NULL)');
    await db.pool.query('CREATE INDEX page_hits_page_ts ON page_hits (page, ts)');
    await insertHits(0, 150_000);
    await db.pool.query('VACUUM ANALYZE page_hits');
  }, 120_000);
  afterAll(async () => db?.drop());

  it('rebuilds a large index filled out of key order, records its density, and leaves it until it grows', async () => {
    const before = await indexBytes('page_hits_page_ts');
    const first = await compactIndexes(db.pool, OPTIONS);
    expect(first.map((c) => c.index)).toEqual(['page_hits_page_ts']);
    expect(first[0]!.bytesBefore).toBe(before);
    // Half-filled leaves written in the middle of the key range: the rebuilt index is far smaller.
    expect(first[0]!.bytesAfter).toBe(await indexBytes('page_hits_page_ts'));
    expect(first[0]!.bytesAfter / before).toBeLessThan(0.7);
    const { rows } = await db.pool.query<{ index_name: string; bytes_per_row: number }>(
      'SELECT index_name, bytes_per_row FROM index_compactions',
    );
    expect(rows).toEqual([
      { index_name: 'page_hits_page_ts', bytes_per_row: first[0]!.bytesAfter / 150_000 },
    ]);

    // Nothing grew since: the next run rebuilds nothing.
    expect(await compactIndexes(db.pool, OPTIONS)).toEqual([]);

    // As many hits again, out of key order: bytes a row grow past 1.25 times the recorded density.
    await insertHits(150_000, 150_000);
    await db.pool.query('VACUUM ANALYZE page_hits');
    const again = await compactIndexes(db.pool, OPTIONS);
    expect(again.map((c) => c.index)).toEqual(['page_hits_page_ts']);
    expect(again[0]!.bytesAfter).toBeLessThan(again[0]!.bytesBefore * 0.8);
  }, 120_000);

  it('skips indexes under the size floor and indexes filled in key order', async () => {
    await db.pool.query('CREATE TABLE in_order (ts integer NOT NULL)');
    await db.pool.query('CREATE INDEX in_order_ts ON in_order (ts)');
    await db.pool.query('INSERT INTO in_order SELECT g FROM generate_series(1, 150000) g');
    await db.pool.query('VACUUM ANALYZE in_order');
    // Recorded once (the first run knows no density), then never again: appends fill leaves whole.
    const first = await compactIndexes(db.pool, OPTIONS);
    expect(first.map((c) => c.index)).toEqual(['in_order_ts']);
    expect(first[0]!.bytesAfter / first[0]!.bytesBefore).toBeGreaterThan(0.9);
    await db.pool.query('INSERT INTO in_order SELECT g FROM generate_series(150001, 300000) g');
    await db.pool.query('VACUUM ANALYZE in_order');
    expect(await compactIndexes(db.pool, OPTIONS)).toEqual([]);
    // The floor: with it above every index, nothing is looked at.
    expect(await compactIndexes(db.pool, { minBytes: 1024 * MB })).toEqual([]);
  }, 120_000);

  it('drops the invalid copy an interrupted rebuild left behind', async () => {
    // A concurrent build that fails leaves its invalid index, as a cut-short REINDEX CONCURRENTLY does.
    await expect(
      db.pool.query('CREATE UNIQUE INDEX CONCURRENTLY page_hits_page_ccnew ON page_hits (page)'),
    ).rejects.toThrow(/could not create unique index/);
    const invalid = 'SELECT count(*)::int AS n FROM pg_class WHERE relname = $1';
    expect((await db.pool.query(invalid, ['page_hits_page_ccnew'])).rows[0].n).toBe(1);
    await compactIndexes(db.pool, OPTIONS);
    expect((await db.pool.query(invalid, ['page_hits_page_ccnew'])).rows[0].n).toBe(0);
  }, 60_000);

  it('runs in one process at a time: another holding the job finds nothing to do', async () => {
    await insertHits(300_000, 200_000);
    await db.pool.query('VACUUM ANALYZE page_hits');
    const holder = await db.pool.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(hashtext('twofold.compact-indexes'))");
      expect(await compactIndexes(db.pool, OPTIONS)).toEqual([]);
      await holder.query("SELECT pg_advisory_unlock(hashtext('twofold.compact-indexes'))");
    } finally {
      holder.release();
    }
    expect((await compactIndexes(db.pool, OPTIONS)).map((c) => c.index)).toEqual(['page_hits_page_ts']);
  }, 120_000);
});
