import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vitalHistograms } from '../../projections/vital-histograms/projection.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { applyMigration, foldDesign, twoDayDesign } from '../support/design-stream.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const DESIGN = twoDayDesign(6);

const snapshot = async () => (await db.pool.query('SELECT * FROM vital_values AS r ORDER BY r::text')).rows;

describe('migration 0037 on vital_values folded before it', () => {
  it('turns the rows of values into exactly the bucket rows the fold now writes', async () => {
    // Folded in batches of 7 messages: rows merged across batches, as live folding merges them.
    await foldDesign(db.pool, DESIGN, [vitalHistograms], 7);
    const folded = await snapshot();
    const counts = await db.pool.query<{ values: number; samples: number }>(`
      SELECT sum(cardinality(vals))::int AS values, sum((SELECT sum(n) FROM unnest(counts) n))::int AS samples
      FROM vital_values`);
    const { values, samples } = counts.rows[0]!;
    expect(values).toBeGreaterThan(500);
    expect(folded.length).toBeLessThan(values);
    expect(samples).toBeGreaterThan(values);
    // The table as 0020 and 0033 made it, a row per distinct value, then the migration.
    await db.pool.query(`
      CREATE TABLE old_values (site_id bigint NOT NULL, vital text NOT NULL, bucket integer NOT NULL,
        span smallint NOT NULL, start timestamptz NOT NULL, device text, value real NOT NULL, samples integer NOT NULL,
        CONSTRAINT old_values_key UNIQUE NULLS NOT DISTINCT (site_id, vital, bucket, span, start, device, value)
          INCLUDE (samples));
      INSERT INTO old_values SELECT site_id, vital, bucket, span, start, device, u.value, u.samples
        FROM vital_values CROSS JOIN LATERAL unnest(vals, counts) AS u(value, samples);
      DROP TABLE vital_values;
      ALTER TABLE old_values RENAME TO vital_values;`);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM vital_values')).rows[0].n).toBe(values);
    await applyMigration(db.pool, '0037_vital_values_by_bucket.sql');
    expect(await snapshot()).toEqual(folded);
  });
});
