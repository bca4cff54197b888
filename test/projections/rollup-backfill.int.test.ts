import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldDay } from '../../bench/read-load.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { applyMigration, twoDayDesign } from '../support/design-stream.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const snapshot = async () => ({
  minute: (await db.pool.query('SELECT * FROM rollup_minute ORDER BY 1, 2, 3')).rows,
  quarters: (await db.pool.query('SELECT * FROM rollup_quarter_hour ORDER BY 1, 2, 3')).rows,
  hours: (await db.pool.query('SELECT * FROM rollup_hour ORDER BY 1, 2, 3')).rows,
  visitors: (await db.pool.query('SELECT * FROM rollup_visitor_state ORDER BY 1, 2')).rows,
});

describe('migrations 0012 and 0018 on rollups folded before them', () => {
  it('backfills last hits, quarter hours and hours to exactly what the fold now writes', async () => {
    const design = twoDayDesign(5);
    for (let day = 0; day < design.days; day++) await foldDay(db.pool, design, day);
    const folded = await snapshot();
    expect(folded.hours.length).toBeGreaterThan(40);
    // The tables as the fold before 0012 left them, then the two migrations.
    await db.pool.query(`DROP TABLE rollup_hour, rollup_quarter_hour;
      ALTER TABLE rollup_minute DROP COLUMN visitors_last;
      ALTER TABLE rollup_visitor_state DROP COLUMN last_seen_at`);
    for (const file of ['0012_rollup_last_seen_and_hours.sql', '0018_rollup_quarter_hour.sql'])
      await applyMigration(db.pool, file);
    expect(await snapshot()).toEqual(folded);
  });
});
