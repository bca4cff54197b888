import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { sql } from '../../src/db/sql.js';
import { compileFilters, sessionMatches } from '../../src/read/envelope/filter-sql.js';
import { type FilterTree, HUMAN_DIMENSIONS, parseFilters } from '../../src/read/envelope/filters.js';
import type { TestDatabase } from '../support/database.js';
import { designDatabase, twoDayDesign } from '../support/design-stream.js';

const DESIGN = twoDayDesign(11);
let db: TestDatabase;
/** Each session dimension's values in the design, and one no hit has. */
const values: Record<string, string[]> = {};
const SESSION_DIMS = ['channel', 'source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
const COLUMN: Record<string, string> = { source: 'referrer_source' };

beforeAll(async () => {
  db = await designDatabase(DESIGN, 99, [rawEvents] as Projection[]);
  for (const d of SESSION_DIMS) {
    const { rows } = await db.pool.query<{ v: string }>(
      `SELECT DISTINCT ${COLUMN[d] ?? d} AS v FROM events WHERE ${COLUMN[d] ?? d} IS NOT NULL ORDER BY 1`,
    );
    values[d] = [...rows.map((r) => r.v), 'none such'];
  }
}, 120_000);
afterAll(() => db.drop());

/** The sessions of the design, by id, that hold a hit matching `filters`: as a hit-by-hit EXISTS, and as sessionMatches says. */
async function bothWays(filters: FilterTree) {
  const hit = compileFilters(filters, HUMAN_DIMENSIONS, 'e');
  const exists = await db.pool.query<{ id: string }>(sql`
    SELECT s.id FROM sessions s WHERE s.site_id = ${DESIGN.site}
      AND EXISTS (SELECT 1 FROM events e WHERE e.session_id = s.id AND ${hit}) ORDER BY 1`);
  const matched = await db.pool.query<{ id: string }>(sql`
    SELECT s.id FROM sessions s WHERE s.site_id = ${DESIGN.site} AND ${sessionMatches(filters, 's')} ORDER BY 1`);
  return { exists: exists.rows.map((r) => r.id), matched: matched.rows.map((r) => r.id) };
}

const leaf = fc.constantFrom(...SESSION_DIMS).chain((dimension) =>
  fc.record({
    dimension: fc.constant(dimension),
    op: fc.constantFrom('is', 'is_not', 'contains', 'not_contains', 'starts_with'),
    value: fc.constantFrom(...values[dimension]!, 'e'),
  }),
);
const tree = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ and: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ or: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ not: tie('node') }),
  ),
})).node;

describe('sessionMatches', () => {
  it('answers filters on the session dimensions from the session row, as the hit-by-hit EXISTS does', async () => {
    // The design gives channels, sources and campaigns to some sessions and none to the rest.
    expect(values.source!.length).toBeGreaterThan(3);
    expect(values.utm_campaign!.length).toBeGreaterThan(2);
    const source = parseFilters(
      [{ dimension: 'source', op: 'is', value: values.source![0] }],
      HUMAN_DIMENSIONS,
    );
    // Compiled on the row, with no EXISTS over the hits.
    expect(sessionMatches(source, 's').text).not.toMatch(/EXISTS/);
    const once = await bothWays(source);
    expect(once.matched.length).toBeGreaterThan(0);
    expect(once.matched).toEqual(once.exists);
    await fc.assert(
      fc.asyncProperty(tree, async (t) => {
        const filters = parseFilters([t], HUMAN_DIMENSIONS);
        const { exists, matched } = await bothWays(filters);
        expect(matched).toEqual(exists);
      }),
      { numRuns: 60 },
    );
  }, 120_000);

  it('reads the hits for a tree naming a dimension a session does not share (the page, the country)', async () => {
    for (const other of [
      [{ dimension: 'pathname', op: 'is', value: '/' }],
      [{ dimension: 'country', op: 'is_not', value: 'DE' }],
      [
        {
          or: [
            { dimension: 'source', op: 'is', value: values.source![0] },
            { dimension: 'pathname', op: 'contains', value: 'docs' },
          ],
        },
      ],
    ]) {
      const filters = parseFilters(other, HUMAN_DIMENSIONS);
      expect(sessionMatches(filters, 's').text).toMatch(/EXISTS/);
      const { exists, matched } = await bothWays(filters);
      expect(matched.length).toBeGreaterThan(0);
      expect(matched).toEqual(exists);
    }
  }, 60_000);
});
