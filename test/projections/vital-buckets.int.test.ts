import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bucketIndex, bucketOf, VITALS } from '../../projections/vital-histograms/buckets.js';
import { sql } from '../../src/db/sql.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('bucketIndex', () => {
  it('puts every value in the bucket Postgres gives it through the stored real', async () => {
    // Bounds themselves and their neighbours, CLS to four decimals, values no real holds exactly.
    const values = [
      0, 0.00004, 0.0001, 0.09999, 0.1, 0.1234, 0.25, 0.99999, 1, 1.5, 24.999, 25, 25.0001, 26, 27, 99.9, 100,
      1234.5678, 2500, 4000.0001, 599_999.9, 600_000, 600_001, 3_600_000,
    ];
    const samples = VITALS.flatMap((vital) => values.map((value) => ({ vital, value })));
    const { rows } = await db.pool.query<{ bucket: number }>(sql`
      SELECT ${bucketOf(sql`vital`, sql`value`)} AS bucket
      FROM unnest(${samples.map((s) => s.vital)}::text[], ${samples.map((s) => s.value)}::real[]) WITH ORDINALITY
        AS s(vital, value, i) ORDER BY i`);
    expect(samples.map((s) => bucketIndex(s.vital, s.value))).toEqual(rows.map((r) => r.bucket));
    expect(new Set(rows.map((r) => r.bucket)).size).toBeGreaterThan(10);
  });
});
