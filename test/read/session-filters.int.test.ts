import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { SESSION_ROW_COLUMNS } from '../../projections/raw-events/answers.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { sql } from '../../src/db/sql.js';
import { compileFilters, sessionMatches } from '../../src/read/envelope/filter-sql.js';
import { type FilterTree, HUMAN_DIMENSIONS, parseFilters } from '../../src/read/envelope/filters.js';
import type { HitRecorded } from '../../streams/events.js';
import type { TestDatabase } from '../support/database.js';
import { applyMigration, designDatabase, twoDayDesign } from '../support/design-stream.js';
import { hit, MIN, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

const DESIGN = twoDayDesign(11);
const HAND = 77;
let db: TestDatabase;
const SESSION_DIMS = Object.keys(SESSION_ROW_COLUMNS) as (keyof typeof SESSION_ROW_COLUMNS)[];
/** Each session dimension's values in the data, and one no hit has. */
const values: Record<string, string[]> = {};

const at = (m: number) => T0 + m * MIN;
const google = 'https://www.google.com/';
const bing = 'https://www.bing.com/';
/*
 * Site 77 by hand, one session a visitor, each batch below folded on its own:
 *   uniform   two pageviews from DE, Chrome, from Google                     not mixed
 *   moved     DE, then FR (another place in the same session)                mixed
 *   switched  a desktop pageview, then a mobile one                          mixed
 *   late      a pageview at 10 from Google; later a hit at 5 from Bing: the session is Bing's
 *             now, its first hit stored as Google's                           mixed
 */
const BATCHES: HitRecorded[][] = [
  [
    hit({ site: HAND, visitor: 'uniform', ts: at(0), country: 'DE', browser: 'Chrome', referrer: google }),
    hit({ site: HAND, visitor: 'moved', ts: at(0), country: 'DE' }),
    hit({ site: HAND, visitor: 'switched', ts: at(0), device: 'desktop' }),
    hit({ site: HAND, visitor: 'late', ts: at(10), country: 'DE', referrer: google }),
  ],
  [
    hit({ site: HAND, visitor: 'uniform', ts: at(1), country: 'DE', browser: 'Chrome', pathname: '/a' }),
    hit({ site: HAND, visitor: 'moved', ts: at(1), country: 'FR', pathname: '/a' }),
    hit({ site: HAND, visitor: 'switched', ts: at(1), device: 'mobile', pathname: '/a' }),
  ],
  [hit({ site: HAND, visitor: 'late', ts: at(5), country: 'DE', referrer: bing, pathname: '/b' })],
];

beforeAll(async () => {
  db = await designDatabase(DESIGN, HAND, [rawEvents] as Projection[]);
  for (const m of messages(BATCHES, 90_000)) await foldBatch(db.pool, rawEvents, [m]);
  for (const d of SESSION_DIMS) {
    const { rows } = await db.pool.query<{ v: string }>(
      `SELECT DISTINCT ${SESSION_ROW_COLUMNS[d]} AS v FROM events WHERE ${SESSION_ROW_COLUMNS[d]} IS NOT NULL ORDER BY 1`,
    );
    values[d] = [...rows.map((r) => r.v), 'none such'];
  }
}, 120_000);
afterAll(() => db.drop());

const mixedFlags = async () =>
  (
    await db.pool.query<{ visitor_id: string; mixed: boolean }>(
      'SELECT visitor_id, mixed FROM sessions WHERE site_id = $1 ORDER BY visitor_id',
      [HAND],
    )
  ).rows;

/** The sessions, by id, that hold a hit matching `filters`: as a hit-by-hit EXISTS, and as sessionMatches says. */
async function bothWays(filters: FilterTree) {
  const hit = compileFilters(filters, HUMAN_DIMENSIONS, 'e');
  const exists = await db.pool.query<{ id: string }>(sql`
    SELECT s.id FROM sessions s WHERE EXISTS (SELECT 1 FROM events e WHERE e.session_id = s.id AND ${hit}) ORDER BY 1`);
  const matched = await db.pool.query<{ id: string }>(sql`
    SELECT s.id FROM sessions s WHERE ${sessionMatches(filters, 's')} ORDER BY 1`);
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
  it('marks a session mixed when a hit may differ from its row: another place or device, a late re-attribution', async () => {
    expect(await mixedFlags()).toEqual([
      { visitor_id: 'late', mixed: true },
      { visitor_id: 'moved', mixed: true },
      { visitor_id: 'switched', mixed: true },
      { visitor_id: 'uniform', mixed: false },
    ]);
    const late = await db.pool.query(
      "SELECT s.referrer_source AS row, array_agg(e.referrer_source ORDER BY e.ts) AS hits FROM sessions s JOIN events e ON e.session_id = s.id WHERE s.visitor_id = 'late' GROUP BY 1",
    );
    expect(late.rows).toEqual([{ row: 'Bing', hits: ['Bing', 'Google'] }]);
  });

  it('answers filters on the row’s dimensions from the row, as the hit-by-hit EXISTS does', async () => {
    // The design gives sources, campaigns, places and devices to some sessions and none to others.
    for (const d of ['source', 'utm_campaign', 'country', 'device', 'browser'])
      expect(values[d]!.length).toBeGreaterThan(2);
    const de = parseFilters([{ dimension: 'country', op: 'is', value: 'FR' }], HUMAN_DIMENSIONS);
    expect(sessionMatches(de, 's').text).toMatch(/^CASE WHEN s\.mixed THEN EXISTS/);
    // `moved` has a hit from FR though its row says DE; `late` a hit from Google though its row says Bing.
    for (const [dimension, value] of [
      ['country', 'FR'],
      ['source', 'Google'],
      ['device', 'desktop'],
    ]) {
      const once = await bothWays(parseFilters([{ dimension, op: 'is', value }], HUMAN_DIMENSIONS));
      expect(once.matched.length).toBeGreaterThan(0);
      expect(once.matched).toEqual(once.exists);
    }
    await fc.assert(
      fc.asyncProperty(tree, async (t) => {
        const { exists, matched } = await bothWays(parseFilters([t], HUMAN_DIMENSIONS));
        expect(matched).toEqual(exists);
      }),
      { numRuns: 80 },
    );
  }, 120_000);

  it('reads the hits for a tree naming a dimension the row does not keep (the page, the city)', async () => {
    for (const other of [
      [{ dimension: 'pathname', op: 'is', value: '/' }],
      [{ dimension: 'city', op: 'is_not', value: 'Berlin' }],
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
      expect(sessionMatches(filters, 's').text).toMatch(/^EXISTS/);
      const { exists, matched } = await bothWays(filters);
      expect(matched.length).toBeGreaterThan(0);
      expect(matched).toEqual(exists);
    }
  }, 60_000);

  it('gives sessions folded before the flag the same flags from their hits (migration 0061)', async () => {
    const flags = async () =>
      (await db.pool.query<{ id: string; mixed: boolean }>('SELECT id, mixed FROM sessions ORDER BY id'))
        .rows;
    const folded = await flags();
    expect(folded.filter((f) => f.mixed).length).toBeGreaterThanOrEqual(3);
    await db.pool.query('ALTER TABLE sessions DROP COLUMN mixed');
    await applyMigration(db.pool, '0061_sessions_mixed.sql');
    expect(await flags()).toEqual(folded);
  });
});
