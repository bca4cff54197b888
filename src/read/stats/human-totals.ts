import { type Db, type Sql, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { EMPTY_FILTERS, type FilterTree, filterDimensions, HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import { type Source, sourceFor } from '../plan/planner.js';
import { rollupTotals } from './rollup-totals.js';
import type { HumanTotals } from './totals.js';
import { inWindow } from '../envelope/in-window.js';

/**
 * A site's human totals over a window, from the minute rollups when the planner allows it (see
 * src/read/plan/planner.ts), else from the raw tables; both give the same figures. Sessions (with their bounces
 * and duration) belong to the window their first hit lies in, on both paths. With filters,
 * visitors and pageviews count the matching hits, and sessions those with a matching hit.
 */
export async function humanTotals(
  db: Db,
  site: number,
  w: Window,
  filters: FilterTree = EMPTY_FILTERS,
  source: Source = sourceFor(w, filters),
): Promise<HumanTotals & { source: Source }> {
  if (source === 'rollup' && filterDimensions(filters).size > 0)
    throw new Error('the rollups cannot answer a filtered query');
  return {
    ...(source === 'rollup' ? await fromRollups(db, site, w) : await fromRaw(db, site, w, filters)),
    source,
  };
}

/** `TRUE`, or whether the session has a hit that matches the filters. */
export function sessionMatches(filters: FilterTree, session: Sql): Sql {
  if (filterDimensions(filters).size === 0) return sql`TRUE`;
  return sql`EXISTS (SELECT 1 FROM events e WHERE e.session_id = ${session} AND ${compileFilters(filters, HUMAN_DIMENSIONS, 'e')})`;
}

async function fromRaw(db: Db, site: number, w: Window, filters: FilterTree): Promise<HumanTotals> {
  const hit = compileFilters(filters, HUMAN_DIMENSIONS, 'e');
  const { rows } = await db.query<HumanTotals>(sql`
    SELECT
      (SELECT count(DISTINCT visitor_id) FROM events e
        WHERE site_id = ${site} AND ${inWindow('ts', w)} AND ${hit}) AS visitors,
      (SELECT count(*) FROM events e
        WHERE site_id = ${site} AND kind = 'pageview' AND ${inWindow('ts', w)} AND ${hit}) AS pageviews,
      s.sessions, s.bounces, s.duration_ms
    FROM (SELECT count(*) AS sessions,
            count(*) FILTER (WHERE pageviews = 1 AND interactive = 0) AS bounces,
            coalesce(sum(extract(epoch FROM last_seen_at - started_at) * 1000), 0)::bigint AS duration_ms
          FROM sessions s
          WHERE site_id = ${site} AND ${inWindow('started_at', w)}
            AND ${sessionMatches(filters, sql`s.id`)}) s`);
  return rows[0]!;
}

/** The window as one bucket of the minute rollups (see rollup-totals.ts for the exact visitors). */
async function fromRollups(db: Db, site: number, w: Window): Promise<HumanTotals> {
  const [t] = await rollupTotals(db, site, [w]);
  return { ...t!, visitors: t!.visitors! };
}
