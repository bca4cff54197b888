import { z } from 'zod';
import { PATH_SESSION_WALKS_ANSWERS } from '../../../projections/path-sessions/answers.js';
import { WALK_PAGES } from '../../../projections/path-sessions/walks.js';
import { type Db, sql } from '../../db/sql.js';
import { withoutJit } from '../../db/local-settings.js';
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
  const { rows } = await db.query<Walk>(sql`
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
    SELECT paths, count(*) AS sessions FROM w GROUP BY paths`);
  return journeyGraph(rows, p.limit);
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
    // The mixed sessions' EXISTS puts its estimate far above its work (a hash join of a month's
    // walks): JIT's compilation took half of it.
    const { rows } = await withoutJit(db, (c) =>
      c.query<Walk>(sql`
      SELECT w.paths[1:${pages}] AS paths, count(*) AS sessions FROM path_session_walks w
      JOIN sessions s ON s.id = w.session_id AND s.site_id = ${q.site} AND ${inWindow('s.started_at', q)}
        AND ${sessionMatches(q.filters, 's')}
      WHERE w.site_id = ${q.site} AND ${inWindow('w.started_at', q)}
      GROUP BY 1`),
    );
    return rows;
  }
  const counted = (await countedDays(db, q.site, q)) ?? { days: [], rest: [q] };
  const { rows } = await db.query<Walk>(sql`
    SELECT paths, sum(sessions)::int AS sessions FROM (
      SELECT d.paths[1:${pages}] AS paths, d.sessions FROM walk_days d
      WHERE d.site_id = ${q.site} AND d.day = ANY(${counted.days}::date[])
      UNION ALL
      SELECT w.paths[1:${pages}], 1 FROM path_session_walks w
      WHERE w.site_id = ${q.site} AND ${inWindows('w.started_at', counted.rest)}) x
    GROUP BY 1`);
  return rows;
}
