import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vitalHistograms } from '../../projections/vital-histograms/projection.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { applyMigration, foldDesign, twoDayDesign } from '../support/design-stream.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const DESIGN = twoDayDesign(5);

const snapshot = async () =>
  (await db.pool.query('SELECT * FROM vital_page_samples AS r ORDER BY r::text')).rows;

describe('migration 0033 on vital_page_samples folded before it', () => {
  it('turns the rows of samples into exactly the day rows the fold now writes', async () => {
    await foldDesign(db.pool, DESIGN, [vitalHistograms], 7);
    const folded = await snapshot();
    const samples = await db.pool.query('SELECT sum(cardinality(vals))::int AS n FROM vital_page_samples');
    expect(samples.rows[0].n).toBeGreaterThan(500);
    expect(folded.length).toBeLessThan(samples.rows[0].n);
    // The table as 0028 made it, each sample a row, then the migration.
    await db.pool.query(`
      CREATE TABLE old_samples (site_id bigint NOT NULL, pathname text NOT NULL, vital text NOT NULL,
        bucket integer NOT NULL, ts timestamptz NOT NULL, value real NOT NULL);
      INSERT INTO old_samples SELECT site_id, pathname, vital, bucket, day + u.ms * interval '1 millisecond', u.value
        FROM vital_page_samples CROSS JOIN LATERAL unnest(ms, vals) AS u(ms, value);
      DROP TABLE vital_page_samples;
      ALTER TABLE old_samples RENAME TO vital_page_samples;
      CREATE INDEX vital_page_samples_bucket ON vital_page_samples (site_id, pathname, vital, bucket, ts) INCLUDE (value);`);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM vital_page_samples')).rows[0].n).toBe(
      samples.rows[0].n,
    );
    await applyMigration(db.pool, '0033_vital_page_samples_by_day.sql');
    expect(await snapshot()).toEqual(folded);
  });
});
