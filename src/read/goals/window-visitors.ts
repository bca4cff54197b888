import { type Db, sql } from '../../db/sql.js';
import { PAIR_CODES } from '../../pairs/dimensions.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { type FilterTree, HUMAN_DIMENSIONS } from '../envelope/filters.js';
import { inWindows } from '../envelope/in-window.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { sourceFor } from '../plan/planner.js';
import { pairRows, planPairRead } from '../stats/dimension-pairs.js';
import { rollupTotals } from '../stats/rollup-totals.js';

/**
 * The overview's `visitors` of a window (distinct visitors with a hit matching the filters), the
 * base of a conversion rate: from the minute rollups when the planner allows it, under one filter
 * value from the pair rollups' counted days (visitor ids live one UTC day, so days add up) and the
 * hits of the rest, else from the hits. Only the visitors: a goal's rate needs neither sessions nor
 * pageviews.
 */
export async function windowVisitors(db: Db, q: Query, w: Window): Promise<number> {
  if (sourceFor(w, q.filters) === 'rollup') return (await rollupTotals(db, q.site, [w]))[0]!.visitors!;
  const pairs = await planPairRead(db, q.site, { window: w, filters: q.filters, metrics: ['visitors'] });
  if (pairs === undefined) return hitVisitors(db, q.site, [w], q.filters);
  const [counted, rest] = await Promise.all([
    db.query<{ visitors: number }>(sql`
      SELECT coalesce(sum(p.visitors), 0)::int AS visitors FROM ${pairRows(q.site, pairs, [PAIR_CODES.all])}`),
    pairs.rest.length > 0 ? hitVisitors(db, q.site, pairs.rest, q.filters) : 0,
  ]);
  return counted.rows[0]!.visitors + rest;
}

async function hitVisitors(db: Db, site: number, windows: readonly Window[], filters: FilterTree) {
  const { rows } = await db.query<{ visitors: number }>(sql`
    SELECT count(DISTINCT e.visitor_id COLLATE "C")::int AS visitors FROM events e
    WHERE e.site_id = ${site} AND ${inWindows('e.ts', windows)}
      AND ${compileFilters(filters, HUMAN_DIMENSIONS, 'e')}`);
  return rows[0]!.visitors;
}
