import {
  bitOf,
  blockOf,
  PATH_VISITOR_TABLES,
  type PathBitTables,
} from '../../../projections/path-visitors/fold.js';
import { type Db, join, raw, type Sql, sql } from '../../db/sql.js';
import { likePathPattern } from '../../goals/target.js';
import type { FilterTree } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import { inWindow } from '../envelope/in-window.js';
import { PATH_VISITORS_ANSWERS } from '../../../projections/path-visitors/answers.js';
import { sourceOf } from '../plan/planner.js';
import { DIMENSION_PAIRS_ANSWERS } from '../../pairs/answers.js';

/**
 * Where path goals are counted: the `path_visitors` projection, under one filter value the pair
 * rollups (goals on `<dir>/*`; the others from their pageviews), or the pageviews themselves.
 */
export type GoalSource = 'path_visitors' | 'dimension_pairs' | 'raw';

/** Path goals' visitors and conversions by the pages' path, from the projections when they answer the window and filters. */
export function goalSource(w: Window, filters: FilterTree): GoalSource {
  const needs = { window: w, filters, metrics: ['visitors', 'pageviews'] } as const;
  if (sourceOf({ ...needs, dimension: 'pathname' }, PATH_VISITORS_ANSWERS) === 'rollup')
    return 'path_visitors';
  return sourceOf({ ...needs, dimension: 'prefix' }, DIMENSION_PAIRS_ANSWERS) === 'rollup'
    ? 'dimension_pairs'
    : 'raw';
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The window's whole UTC days, and the parts of days at its edges (none when it starts and ends at midnight). */
export function dayCover(w: Window): { days: [number, number] | null; edges: [number, number][] } {
  const [start, end] = [w.start.getTime(), w.end.getTime()];
  const [first, last] = [Math.ceil(start / DAY_MS) * DAY_MS, Math.floor(end / DAY_MS) * DAY_MS];
  if (first >= last) return { days: null, edges: [[start, end]] };
  const edges: [number, number][] = [
    [start, first],
    [last, end],
  ];
  return { days: [first, last], edges: edges.filter(([a, b]) => a < b) };
}

/**
 * The directory a pattern `<dir>/*` counts every path under (`/docs/*`: `/docs/`), whose whole days
 * `path_prefix_visitors_day` holds in one row per block; null for any other pattern (`/*` too: the
 * root is no prefix there), read from the rows of the matching paths.
 */
export function directoryPrefix(pattern: string): string | null {
  const dir = pattern.slice(0, -1);
  return pattern.endsWith('/*') && dir.length > 1 && !dir.includes('*') ? dir : null;
}

/**
 * The rows `(block, bits[, pageviews])` whose OR per block is the set of numbers (visitors, or
 * sessions for `path_sessions`) with a pageview matching `path` in the window: the whole days' rows
 * of the matching paths (or of the directory for `<dir>/*`), and each edge's matching pageviews
 * (less than a day each) as the bits of their numbers. A number on several paths or days is one
 * bit, so the set bits of the OR count exactly the distinct visitors (or sessions).
 */
export function pathBlockRows(site: number, w: Window, path: string, t: PathBitTables): Sql {
  const { days, edges } = dayCover(w);
  const pattern = likePathPattern(path);
  const columns = raw(t.pageviews ? `block, ${t.bits}, pageviews` : `block, ${t.bits}`);
  const parts: Sql[] = [];
  const prefix = directoryPrefix(path);
  if (days && prefix !== null)
    parts.push(sql`
      SELECT ${columns} FROM ${raw(t.prefixDay)}
      WHERE site_id = ${site} AND prefix = ${prefix} AND ${inWindow('day', { start: days[0], end: days[1] })}`);
  else if (days)
    parts.push(sql`
      SELECT ${columns} FROM ${raw(t.day)}
      WHERE site_id = ${site} AND ${inWindow('day', { start: days[0], end: days[1] })} AND pathname LIKE ${pattern}`);
  for (const [a, b] of edges) {
    const at = sql`h.hour + u.ms * interval '1 millisecond'`;
    parts.push(sql`
      SELECT ${blockOf(sql`u.n`)}, ${bitOf(sql`u.n`)}${raw(t.pageviews ? ', 1' : '')}
      FROM ${raw(t.hits)} h CROSS JOIN LATERAL unnest(h.ms, h.ns) AS u(ms, n)
      WHERE h.site_id = ${site} AND h.hour >= ${iso(Math.floor(a / HOUR_MS) * HOUR_MS)}
        AND h.hour < ${iso(b)} AND h.pathname LIKE ${pattern} AND ${inWindow(at, { start: a, end: b })}`);
  }
  return join(parts, ' UNION ALL ');
}

/** One path goal's distinct visitors and pageviews in the window, from `path_visitors`. */
function branch(id: number, site: number, w: Window, path: string): Sql {
  return sql`
    SELECT ${id}::bigint AS id, coalesce(sum(bit_count(v)), 0) AS visitors, coalesce(sum(p), 0) AS conversions
    FROM (SELECT bit_or(visitors) AS v, sum(pageviews) AS p
          FROM (${pathBlockRows(site, w, path, PATH_VISITOR_TABLES)}) AS h(block, visitors, pageviews)
          GROUP BY block) b`;
}

/** Visitors and conversions of path goals without filters, from the `path_visitors` projection. */
export async function pathGoalCounts(
  db: Db,
  site: number,
  w: Window,
  goals: readonly { id: number; path: string }[],
): Promise<{ id: number; visitors: number; conversions: number }[]> {
  if (goals.length === 0) return [];
  const { rows } = await db.query<{ id: number; visitors: number; conversions: number }>(
    join(
      goals.map((g) => branch(g.id, site, w, g.path)),
      ' UNION ALL ',
    ),
  );
  return rows;
}
