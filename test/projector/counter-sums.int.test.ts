import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStatement } from '../../src/db/copy.js';
import { type CounterColumn, Counters } from '../../src/db/counters.js';
import { withTransaction } from '../../src/db/transaction.js';
import { CounterSums } from '../../src/projector/counter-sums.js';
import { dropAllIndexes } from '../../src/projector/rebuild.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.pool.query(`
    CREATE TABLE tally (site_id bigint NOT NULL, at timestamptz NOT NULL, value text, n bigint NOT NULL,
      first timestamptz NOT NULL, last timestamptz NOT NULL,
      CONSTRAINT tally_key UNIQUE NULLS NOT DISTINCT (site_id, at, value));
    CREATE INDEX tally_last ON tally (site_id, last);
    CREATE SCHEMA sums_t; CREATE TABLE sums_t.tally (LIKE public.tally INCLUDING ALL);`);
});
afterAll(() => db.drop());

const COLUMNS: CounterColumn[] = [
  { name: 'site_id', type: 'bigint' },
  { name: 'at', type: 'timestamptz' },
  { name: 'value', type: 'text' },
  { name: 'n', type: 'bigint', merge: 'add' },
  { name: 'first', type: 'timestamptz', merge: 'least' },
  { name: 'last', type: 'timestamptz', merge: 'greatest' },
];
const A = '2026-11-01T00:00:00.000Z';
const B = '2026-11-01T00:01:00.000Z';
const C = '2026-11-02T00:00:00.000Z';
/** Three batches with keys in common: a null value, '' and 'x' are three keys. */
const BATCHES = [
  new Counters('tally', COLUMNS, [
    [1, 1, 1],
    [A, A, A],
    [null, '', 'x'],
    [1, 2, 3],
    [B, B, C],
    [B, B, C],
  ]),
  new Counters('tally', COLUMNS, [
    [1, 1],
    [A, A],
    [null, 'x'],
    [10, 20],
    [A, C],
    [C, C],
  ]),
  new Counters('tally', COLUMNS, [
    [1, 2],
    [A, A],
    [undefined, 'x'],
    [100, 5],
    [C, A],
    [A, A],
  ]),
];

const rows = async (table: string) =>
  (
    await db.pool.query(
      `SELECT site_id, at, value, n::int, first, last FROM ${table} ORDER BY site_id, value NULLS FIRST`,
    )
  ).rows;

describe('counters summed in memory for a rebuild', () => {
  it('write the rows the live upserts write, however often they are flushed', async () => {
    for (const c of BATCHES) await withTransaction(db.pool, (tx) => runStatement(tx, c));
    const live = await rows('tally');
    expect(live.map((r) => [r.site_id, r.value, r.n])).toEqual([
      [1, null, 111],
      [1, '', 2],
      [1, 'x', 23],
      [2, 'x', 5],
    ]);
    expect(live[0]).toMatchObject({ first: new Date(A), last: new Date(C) });

    const later = await dropAllIndexes(db.pool, 'sums_t', ['tally']);
    const sums = new CounterSums('sums_t', new Set(['tally']));
    // Flushed after the first batch and at the end: keys 1/null and 1/x are written twice, then
    // merged. The second batch comes while the first flush copies: it waits for the next one.
    sums.add(BATCHES[0]!);
    const flushing = sums.flush(db.pool);
    sums.add(BATCHES[1]!);
    await flushing;
    sums.add(BATCHES[2]!);
    expect(sums.size).toBe(3);
    await sums.flush(db.pool);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM sums_t.tally')).rows[0].n).toBe(6);
    for (const s of sums.collapse()) await db.pool.query(s);
    for (const s of later) await db.pool.query(s);
    expect(await rows('sums_t.tally')).toEqual(live);

    const indexes = async (schema: string) =>
      (
        await db.pool.query(
          `SELECT indexname, regexp_replace(indexdef, '^.* ON [^ ]+ ', '') AS def FROM pg_indexes
           WHERE schemaname = $1 AND tablename = 'tally' ORDER BY 2`,
          [schema],
        )
      ).rows;
    expect(later).toHaveLength(2);
    expect((await indexes('sums_t')).map((i) => i.def)).toEqual((await indexes('public')).map((i) => i.def));
    const constraints = await db.pool.query(
      `SELECT conname, n.nspname FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
       WHERE contype = 'u' AND conrelid IN ('public.tally'::regclass, 'sums_t.tally'::regclass) ORDER BY 2`,
    );
    expect(constraints.rows.map((r) => r.nspname)).toEqual(['public', 'sums_t']);
  });

  it('leave counters of tables they do not sum to run as statements', () => {
    const sums = new CounterSums('sums_t', new Set(['other']));
    expect(sums.takes(BATCHES[0])).toBe(false);
    expect(sums.takes(new Counters('other', COLUMNS, []))).toBe(true);
  });
});
