import { type Db, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { sourceFor } from '../plan/planner.js';
import { rollupTotals } from '../stats/rollup-totals.js';
import { inWindow } from '../envelope/in-window.js';

/**
 * The overview's `visitors` of a window (distinct visitors with a hit matching the filters), the
 * base of a conversion rate: from the minute rollups when the planner allows it, else from the
 * hits. Only the visitors: a goal's rate needs neither sessions nor pageviews.
 */
export async function windowVisitors(db: Db, q: Query, w: Window): Promise<number> {
  if (sourceFor(w, q.filters) === 'rollup') return (await rollupTotals(db, q.site, [w]))[0]!.visitors!;
  const { rows } = await db.query<{ visitors: number }>(sql`
    SELECT count(DISTINCT e.visitor_id COLLATE "C") AS visitors FROM events e
    WHERE e.site_id = ${q.site} AND ${inWindow('e.ts', w)}
      AND ${compileFilters(q.filters, HUMAN_DIMENSIONS, 'e')}`);
  return rows[0]!.visitors;
}
