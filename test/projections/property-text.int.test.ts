import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { propertyText } from '../../projections/dimension-rollup/dimensions.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('propertyText', () => {
  it('gives what props->>key gives from the stored jsonb, for any value a hit may carry', async () => {
    const value = fc.oneof(
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.integer(),
      fc.constantFrom(1e21, 1.5e-7, -2.5e-10, 123456789012345680000, 0.1 + 0.2, -0),
      fc.boolean(),
      fc.string(),
      fc.constant(null),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(value, { minLength: 1, maxLength: 50 }), async (values) => {
        const { rows } = await db.pool.query<{ text: string | null }>(
          `SELECT (jsonb_build_object('v', v) ->> 'v') AS text FROM unnest($1::jsonb[]) WITH ORDINALITY AS u(v, i) ORDER BY i`,
          [values.map((v) => JSON.stringify(v))],
        );
        expect(values.map(propertyText)).toEqual(rows.map((r) => r.text));
      }),
      { numRuns: 60, seed: 1 },
    );
  });
});
