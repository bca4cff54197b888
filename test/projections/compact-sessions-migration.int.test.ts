import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { urlArrivals } from '../../src/read/citation-gap/url-figures.js';
import { HUMAN_DIMENSIONS, parseFilters } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { journeys } from '../../src/read/journeys/read.js';
import { sessions } from '../../src/read/sessions/list.js';
import { session } from '../../src/read/sessions/one.js';
import { humanTotals } from '../../src/read/stats/human-totals.js';
import { pages } from '../../src/read/stats/pages.js';
import { timeseries } from '../../src/read/stats/timeseries.js';
import { visitors } from '../../src/read/visitors/list.js';
import { createTestDatabase, insertSitesWithIds, type TestDatabase } from '../support/database.js';
import { applyMigration, foldDesign, twoDayDesign, tableShape } from '../support/design-stream.js';
import { windowQuery } from '../support/window-query.js';

const DESIGN = twoDayDesign(54);
const DAY = 86_400_000;
const PAGING = { limit: 100, page: 1 };

/**
 * `sessions` as migrations 0004 and 0008 left it: every column in the order it was added, and the
 * `mixed` flag today's fold writes (0054 drops it, 0061 brings it back from the hits).
 */
const SESSIONS_BEFORE_0054 = `
  DROP TABLE sessions;
  CREATE TABLE sessions (
    id uuid PRIMARY KEY, site_id bigint NOT NULL, visitor_id text NOT NULL,
    started_at timestamptz NOT NULL, last_seen_at timestamptz NOT NULL, pageviews integer NOT NULL,
    events integer NOT NULL, interactive integer NOT NULL, entry_path text, entry_at timestamptz,
    exit_path text, exit_at timestamptz, channel text, referrer_source text, utm_medium text,
    utm_campaign text, utm_term text, utm_content text, referrer text, country text, region text,
    city text, device text, browser text, os text, screen text, identity text, last_pageview_id uuid,
    mixed boolean);
  CREATE INDEX sessions_visitor ON sessions (visitor_id, last_seen_at);
  CREATE INDEX sessions_site_start ON sessions (site_id, started_at);`;

const DROPPED = ['region', 'city', 'os', 'screen'];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await insertSitesWithIds(db.pool, [[DESIGN.site, DESIGN.hostname]]);
}, 60_000);
afterAll(() => db.drop());

const inOneOrder = (rows: object[]) =>
  rows
    .map((r) => JSON.stringify(r))
    .sort()
    .map((r) => JSON.parse(r) as unknown);

/** Every kept column of every session, and the reads of `sessions`, with and without a filter. */
async function reads(kept: string[], ids: string[]) {
  const out: unknown[] = [(await db.pool.query(`SELECT ${kept.join(', ')} FROM sessions ORDER BY id`)).rows];
  const whole = windowQuery(DESIGN.site, DESIGN.firstDay, DESIGN.firstDay + 2 * DAY);
  const filtered: Query = {
    ...whole,
    filters: parseFilters([{ dimension: 'city', op: 'is', value: 'City DE' }], HUMAN_DIMENSIONS),
  };
  for (const q of [
    whole,
    filtered,
    windowQuery(DESIGN.site, DESIGN.firstDay + 6 * 3_600_000, DESIGN.firstDay + DAY),
  ]) {
    out.push(await sessions(db.pool, q, { ...PAGING, compare: 'none' }));
    out.push(await visitors(db.pool, q, { ...PAGING, compare: 'none' }));
    out.push(await pages(db.pool, q, PAGING, 'raw'));
    out.push(await humanTotals(db.pool, q.site, q, q.filters, 'raw'));
    out.push(await timeseries(db.pool, { ...q, granularity: 'hour' }, { metric: 'bounce_rate' }, 'raw'));
    out.push(await journeys(db.pool, q, { depth: 3, limit: 10, compare: 'none' }, 'raw'));
    // The citation gap filters by what its rollup keeps, which the city is not.
    // Its rows are a set (the SQL has no ORDER BY), so they are compared in one order.
    if (q !== filtered)
      out.push(inOneOrder((await db.pool.query(urlArrivals(q.site, q, q.filters, 'raw'))).rows));
  }
  for (const id of ids) out.push(await session(db.pool, whole, { id, compare: 'none' }));
  return out;
}

describe('migration 0054 on sessions folded before it', () => {
  it('drops the unread attributes, orders the rest by width, and every row and read stays the same', async () => {
    const after0054 = await tableShape(db.pool, 'sessions');
    await db.pool.query(SESSIONS_BEFORE_0054);
    await foldDesign(db.pool, DESIGN, [rawEvents] as Projection[], 3);
    // A place for each hit (the design has countries only), and what earlier folds kept of it in
    // the dropped columns: the first hit's.
    await db.pool.query(`UPDATE events SET region = 'Region ' || country, city = 'City ' || country`);
    await db.pool.query(`UPDATE sessions s SET region = e.region, city = e.city, os = e.os, screen = e.screen
      FROM events e WHERE e.id = s.id`);
    const stored = await db.pool.query<{ n: number; cities: number }>(
      'SELECT count(*)::int AS n, count(city)::int AS cities FROM sessions',
    );
    expect(stored.rows[0]!.cities).toBeGreaterThan(stored.rows[0]!.n / 2);
    // The rows' bytes as stored (header, padding and all), without the pages' slack.
    const rowBytes = async () =>
      (await db.pool.query<{ b: number }>('SELECT sum(pg_column_size(s.*))::int AS b FROM sessions s'))
        .rows[0]!.b;
    const bytesBefore = await rowBytes();

    const kept = after0054.columns.map((c) => c.name);
    const ids = (
      await db.pool.query<{ id: string }>('SELECT id FROM sessions WHERE pageviews > 2 ORDER BY id LIMIT 5')
    ).rows.map((r) => r.id);
    expect(ids).toHaveLength(5);
    const before = await reads(kept, ids);
    const [, list, , , , , , arrivals] = before as unknown[][];
    expect(list!.length).toBeGreaterThan(50);
    expect(arrivals!.length).toBeGreaterThan(0);

    await applyMigration(db.pool, '0054_compact_sessions.sql');
    await applyMigration(db.pool, '0061_sessions_mixed.sql');
    const now = await tableShape(db.pool, 'sessions');
    expect(now).toEqual(after0054);
    expect(now.columns.map((c) => c.name)).not.toEqual(expect.arrayContaining(DROPPED));
    expect(await reads(kept, ids)).toEqual(before);
    // The four attributes (32 B a session here) and the padding before three timestamps: 46.8 B.
    expect(bytesBefore - (await rowBytes())).toBeGreaterThanOrEqual(46 * stored.rows[0]!.n);
  });
});
