import { type Db, sql } from '../../db/sql.js';
import { compileFilters, sessionMatches } from '../envelope/filter-sql.js';
import { EMPTY_FILTERS, type FilterTree, filterDimensions, HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import { type Source, sourceFor } from '../plan/planner.js';
import { rollupTotals } from './rollup-totals.js';
import { addTotals, type HumanTotals } from './totals.js';
import { inWindows } from '../envelope/in-window.js';
import { PAIR_CODES } from '../../pairs/dimensions.js';
import { type PairPlan, pairRows, planPairRead } from './dimension-pairs.js';

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
  /** Whether the source is the planner's (not forced): a filter of one value then reads the pair rollups too. */
  planned = false,
): Promise<HumanTotals & { source: Source }> {
  if (source === 'rollup' && filterDimensions(filters).size > 0)
    throw new Error('the rollups cannot answer a filtered query');
  if (source === 'rollup') return { ...(await fromRollups(db, site, w)), source };
  const pairs = planned
    ? await planPairRead(db, site, {
        window: w,
        filters,
        metrics: ['visitors', 'pageviews', 'sessions', 'bounces', 'duration'],
      })
    : undefined;
  return {
    ...(pairs ? await fromPairs(db, site, pairs, filters) : await fromRaw(db, site, w, filters)),
    source,
  };
}

async function fromRaw(
  db: Db,
  site: number,
  w: Window | readonly Window[],
  filters: FilterTree,
): Promise<HumanTotals> {
  const windows = 'start' in w ? [w] : w;
  const hit = compileFilters(filters, HUMAN_DIMENSIONS, 'e');
  const { rows } = await db.query<HumanTotals>(sql`
    SELECT
      (SELECT count(DISTINCT visitor_id) FROM events e
        WHERE site_id = ${site} AND ${inWindows('ts', windows)} AND ${hit}) AS visitors,
      (SELECT count(*) FROM events e
        WHERE site_id = ${site} AND kind = 'pageview' AND ${inWindows('ts', windows)} AND ${hit}) AS pageviews,
      s.sessions, s.bounces, s.duration_ms
    FROM (SELECT count(*) AS sessions,
            count(*) FILTER (WHERE pageviews = 1 AND interactive = 0) AS bounces,
            coalesce(sum(extract(epoch FROM last_seen_at - started_at) * 1000), 0)::bigint AS duration_ms
          FROM sessions s
          WHERE site_id = ${site} AND ${inWindows('started_at', windows)}
            AND ${sessionMatches(filters, 's')}) s`);
  return rows[0]!;
}

/**
 * Totals under one filter value from the pair rollups' counted days (their `all` rows) and the
 * raw tables for the rest of the window: visitor ids live one UTC day, so the parts add up.
 */
async function fromPairs(db: Db, site: number, plan: PairPlan, filters: FilterTree): Promise<HumanTotals> {
  const [counted, rest] = await Promise.all([
    db.query<HumanTotals>(sql`
      SELECT coalesce(sum(p.visitors), 0)::int AS visitors, coalesce(sum(p.pageviews), 0)::int AS pageviews,
             coalesce(sum(p.sessions), 0)::int AS sessions, coalesce(sum(p.bounces), 0)::int AS bounces,
             coalesce(sum(p.duration_ms), 0)::bigint AS duration_ms
      FROM ${pairRows(site, plan, [PAIR_CODES.all])}`),
    plan.rest.length > 0 ? fromRaw(db, site, plan.rest, filters) : undefined,
  ]);
  const c = counted.rows[0]!;
  return rest ? addTotals(c, rest) : c;
}

/** The window as one bucket of the minute rollups (see rollup-totals.ts for the exact visitors). */
async function fromRollups(db: Db, site: number, w: Window): Promise<HumanTotals> {
  const [t] = await rollupTotals(db, site, [w]);
  return { ...t!, visitors: t!.visitors! };
}
