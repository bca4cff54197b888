import { z } from 'zod';
import { PATH_SESSION_WALKS_ANSWERS } from '../../../projections/path-sessions/answers.js';
import { WALK_PAGES } from '../../../projections/path-sessions/walks.js';
import { type Db, join, raw, type Sql, sql } from '../../db/sql.js';
import { withLocalSettings } from '../../db/local-settings.js';
import { pgText } from '../../db/text.js';
import { compareNone } from '../envelope/one-window.js';
import type { Query } from '../envelope/query.js';
import { filterDimensions } from '../envelope/filters.js';
import { sessionMatches } from '../envelope/filter-sql.js';
import { journeyGraph, type Journeys, type Walk } from './graph.js';
import { inWindow, inWindows } from '../envelope/in-window.js';
import { countedDays } from '../stats/counted-days.js';
import { type Source, sourceOf } from '../plan/planner.js';

/** As deep as path_session_walks keeps a session's pageviews, so every depth can be answered there. */
export const MAX_DEPTH = WALK_PAGES - 1;

/** The starting path (docs/api.md#get-apistatsjourneys: the window comes from `range`). */
export const JourneyStart = z.object({
  start: z
    .string()
    .max(2048, 'start is a path of at most 2048 characters')
    .startsWith('/', 'start is the starting path, beginning with /')
    .pipe(pgText())
    .optional(),
});

/** Journeys' own parameters besides the starting path (`JourneyStart`, one of the report's own keys). */
export const JourneysParams = z.object({
  depth: z.coerce
    .number({ error: `depth must be an integer from 1 to ${MAX_DEPTH}` })
    .int(`depth must be an integer from 1 to ${MAX_DEPTH}`)
    .min(1, `depth must be an integer from 1 to ${MAX_DEPTH}`)
    .max(MAX_DEPTH, `depth must be at most ${MAX_DEPTH}`)
    .default(3),
  limit: z.coerce
    .number({ error: 'limit must be an integer from 1 to 100' })
    .int('limit must be an integer from 1 to 100')
    .min(1, 'limit must be an integer from 1 to 100')
    .max(100, 'limit must be at most 100')
    .default(10),
  compare: compareNone('journeys'),
});
export type JourneysParams = z.infer<typeof JourneysParams> & z.infer<typeof JourneyStart>;

const iso = (d: Date) => d.toISOString();

/**
 * `rollup` (path_session_walks) for the journeys from each session's entry page, unfiltered or
 * filtered by the session's own dimensions, else `raw`: from a chosen start page the walk may begin
 * past a stored walk's pages.
 */
export const journeysSource = (q: Query, p: Pick<JourneysParams, 'start'>): Source =>
  sourceOf(
    {
      window: q,
      metrics: ['sessions'],
      dimension: p.start === undefined ? 'entry_walk' : 'start_walk',
      ...(q.filters ? { filters: q.filters } : {}),
    },
    PATH_SESSION_WALKS_ANSWERS,
  );

/**
 * Where the sessions that started in the window went: from the first pageview of `start` in each
 * session (without `start`, from its first pageview, its entry page), that page and the next
 * `depth` pageviews, in the order they happened. With filters, the sessions holding a matching hit,
 * each with all its pageviews, so a filter selects journeys without cutting pages out of them.
 * The database gives each distinct walk with its sessions; `journeyGraph` prunes them into nodes.
 */
export async function journeys(
  db: Db,
  q: Query,
  p: JourneysParams,
  source: Source = journeysSource(q, p),
): Promise<Journeys> {
  if (source === 'rollup' && p.start === undefined)
    return journeyGraph(await storedWalks(db, q, p.depth), p.limit);
  const window = sql`s.site_id = ${q.site} AND ${inWindow('s.started_at', q)}
    AND ${sessionMatches(q.filters, 's')}`;
  // With a start page, only the sessions that viewed it, found by the pageviews' path index (a
  // session that started in the window has no hit before the window's start).
  const sessions =
    p.start === undefined
      ? sql`SELECT s.id FROM sessions s WHERE ${window}`
      : sql`SELECT s.id FROM sessions s
          WHERE s.id IN (SELECT e.session_id FROM events e
                         WHERE e.site_id = ${q.site} AND e.kind = 'pageview' AND e.pathname = ${p.start}
                           AND e.ts >= ${iso(q.start)})
            AND ${window}`;
  const firstStep =
    p.start === undefined
      ? sql`SELECT session_id, 1 AS n0 FROM pv GROUP BY 1`
      : sql`SELECT session_id, min(n) AS n0 FROM pv WHERE pathname = ${p.start} GROUP BY 1`;
  const rows = await walkRows(
    db,
    sql`
    WITH s AS (${sessions}),
    pv AS (
      SELECT e.session_id, e.pathname,
             row_number() OVER (PARTITION BY e.session_id ORDER BY e.ts, e.seq, e.id) AS n
      FROM events e JOIN s ON s.id = e.session_id
      WHERE e.site_id = ${q.site} AND e.ts >= ${iso(q.start)} AND e.kind = 'pageview'),
    f AS (${firstStep}),
    w AS (
      SELECT array_agg(pv.pathname ORDER BY pv.n) AS paths
      FROM pv JOIN f ON f.session_id = pv.session_id
      WHERE pv.n BETWEEN f.n0 AND f.n0 + ${p.depth}
      GROUP BY pv.session_id)
    SELECT paths, count(*) AS sessions FROM w GROUP BY paths`,
    p.depth,
  );
  return journeyGraph(rows, p.limit);
}

/**
 * The walks of `walks` (rows of `paths`, `sessions`), each page sent as a column of its own:
 * node-pg parses a text array element by element, which took a month's 82,080 walks some 100–150
 * ms longer at 10 M events.
 */
async function walkRows(db: Db, walks: Sql, depth: number): Promise<Walk[]> {
  const pages = Array.from({ length: depth + 1 }, (_, i) => i + 1);
  const { rows } = await db.query<Record<string, string | number | null>>(sql`
    SELECT cardinality(w.paths) AS n, w.sessions, ${join(
      pages.map((k) => raw(`w.paths[${k}] AS p${k}`)),
      ', ',
    )} FROM (${walks}) w`);
  return rows.map((r) => ({
    paths: pages.slice(0, Number(r.n)).map((k) => r[`p${k}`] as string),
    sessions: Number(r.sessions),
  }));
}

/**
 * Each distinct walk of `depth` + 1 pages from the entry page, with its sessions that started in the
 * window: unfiltered, the counted days' walks (`walk_days`, by the sessions' start day) and the rest
 * of the window's from `path_session_walks`; with filters (on the session's own dimensions), those
 * whose `sessions` row matches, the rows read as the window's range of starts (a walk starts when
 * its session does) and hashed, rather than looked up one walk at a time.
 */
async function storedWalks(db: Db, q: Query, depth: number): Promise<Walk[]> {
  const pages = sql`${depth + 1}::int`;
  if (filterDimensions(q.filters).size > 0) {
    return withLocalSettings(db, GROUPING_WALKS, (c) =>
      walkRows(
        c,
        sql`
      SELECT w.paths[1:${pages}] AS paths, count(*) AS sessions FROM path_session_walks w
      JOIN sessions s ON s.id = w.session_id AND s.site_id = ${q.site} AND ${inWindow('s.started_at', q)}
        AND ${sessionMatches(q.filters, 's')}
      WHERE w.site_id = ${q.site} AND ${inWindow('w.started_at', q)}
      GROUP BY 1`,
        depth,
      ),
    );
  }
  const counted = (await countedDays(db, q.site, q)) ?? { days: [], rest: [q] };
  const parts = [
    ...(counted.days.length > 0
      ? [
          sql`SELECT d.paths[1:${pages}] AS paths, d.sessions FROM walk_days d
          WHERE d.site_id = ${q.site} AND d.day = ANY(${counted.days}::date[])`,
        ]
      : []),
    ...(counted.rest.length > 0
      ? [
          sql`SELECT w.paths[1:${pages}] AS paths, 1 AS sessions FROM path_session_walks w
          WHERE w.site_id = ${q.site} AND ${inWindows('w.started_at', counted.rest)}`,
        ]
      : []),
  ];
  return withLocalSettings(db, GROUPING_WALKS, (c) =>
    walkRows(
      c,
      sql`SELECT paths, sum(sessions)::int AS sessions FROM (${join(parts, ' UNION ALL ')}) x GROUP BY 1`,
      depth,
    ),
  );
}

/**
 * A month's walks grouped by hashing in memory, on one core rather than three beside the page's
 * other reads: unfiltered, the default 4 MB spilled the hash and sorted on disk (0.34 s against
 * 0.72–0.83 at 10 M events); under a filter the planner sorted the matching sessions' 231,132
 * walks by their text arrays (0.87–0.88 s hashed against 1.29–1.40 sorted)
 * (docs/benchmarks.md#journeys-and-pages-under-load).
 */
const GROUPING_WALKS = { work_mem: '65536', max_parallel_workers_per_gather: '0', enable_sort: 'off' };
