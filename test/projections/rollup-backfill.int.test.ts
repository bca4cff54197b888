import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDataDesign } from '../../bench/read-data.js';
import { foldDay } from '../../bench/read-load.js';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const snapshot = async () => ({
  minute: (await db.pool.query('SELECT * FROM rollup_minute ORDER BY 1, 2, 3')).rows,
  hour: (await db.pool.query('SELECT * FROM rollup_hour ORDER BY 1, 2, 3')).rows,
  visitors: (await db.pool.query('SELECT * FROM rollup_visitor_state ORDER BY 1, 2')).rows,
});

describe('migration 0012 on rollups folded before it', () => {
  it('backfills last hits and hours to exactly what the fold now writes', async () => {
    const design: ReadDataDesign = {
      site: 1,
      hostname: 'bench.example',
      firstDay: Date.UTC(2026, 7, 1),
      days: 2,
      events: 3_000,
      pages: 20,
      seed: 5,
    };
    for (let day = 0; day < design.days; day++) await foldDay(db.pool, design, day);
    const folded = await snapshot();
    expect(folded.hour.length).toBeGreaterThan(40);
    // The tables as the fold before 0012 left them, then the migration.
    await db.pool.query(`DROP TABLE rollup_hour;
      ALTER TABLE rollup_minute DROP COLUMN visitors_last;
      ALTER TABLE rollup_visitor_state DROP COLUMN last_seen_at`);
    await db.pool.query(await readFile(join(MIGRATIONS_DIR, '0012_rollup_last_seen_and_hours.sql'), 'utf8'));
    expect(await snapshot()).toEqual(folded);
  });
});
