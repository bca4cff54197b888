import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import { dayEvents, type ReadDataDesign } from '../../bench/read-data.js';
import { firstSeqs, HITS_PER_MESSAGE } from '../../bench/read-load.js';
import type { Projection } from '../../projections/projection.js';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { HitRecorded } from '../../streams/events.js';
import { createTestDatabase, insertSitesWithIds, type TestDatabase } from './database.js';
import { messages } from './projection-spec.js';

/** A small design of the read bench's shape: 3,000 events over two days from 2026-08-01, 20 pages. */
export const twoDayDesign = (seed: number): ReadDataDesign => ({
  site: 1,
  hostname: 'bench.example',
  firstDay: Date.UTC(2026, 7, 1),
  days: 2,
  events: 3_000,
  pages: 20,
  seed,
});

/** Runs one migration file of migrations/ again, as a database folded before it would meet it. */
export async function applyMigration(pool: pg.Pool, file: string): Promise<void> {
  await pool.query(await readFile(join(MIGRATIONS_DIR, file), 'utf8'));
}

/**
 * The projector's path for a read benchmark design: each day's hits as stream messages of 40,
 * folded `perBatch` messages at a time by foldBatch (decode, load state, fold, checkpoint) into
 * each projection, as a worker folds its deliveries.
 */
export async function foldDesign(
  pool: pg.Pool,
  d: ReadDataDesign,
  projections: readonly Projection[],
  perBatch: number,
): Promise<void> {
  const seqs = firstSeqs(d);
  for (let day = 0; day < d.days; day++) {
    const hits = dayEvents(d, day);
    const groups: HitRecorded[][] = [];
    for (let i = 0; i < hits.length; i += HITS_PER_MESSAGE) groups.push(hits.slice(i, i + HITS_PER_MESSAGE));
    const msgs = messages(groups, seqs[day]);
    for (let i = 0; i < msgs.length; i += perBatch)
      for (const p of projections) await foldBatch(pool, p, msgs.slice(i, i + perBatch));
  }
}

/**
 * A test database with the design's site, its days folded into `projections` (5 messages a batch),
 * and site `hand` (`hand.example`) for a test's own hits.
 */
export async function designDatabase(
  d: ReadDataDesign,
  hand: number,
  projections: readonly Projection[],
): Promise<TestDatabase> {
  const db = await createTestDatabase();
  await insertSitesWithIds(db.pool, [
    [d.site, d.hostname],
    [hand, 'hand.example'],
  ]);
  await foldDesign(db.pool, d, projections, 5);
  return db;
}

/** A table's columns in order with their types and nullability, and its indexes: what a migration test compares. */
export async function tableShape(pool: pg.Pool, table: string) {
  const columns = await pool.query<{ name: string; type: string; notnull: boolean }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type, attnotnull AS notnull
     FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped ORDER BY attnum`,
    [table],
  );
  const indexes = await pool.query<{ name: string; def: string }>(
    `SELECT indexname AS name, regexp_replace(indexdef, '^.* ON [^ ]+ ', '') AS def
     FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1 ORDER BY 1`,
    [table],
  );
  return { columns: columns.rows, indexes: indexes.rows };
}
