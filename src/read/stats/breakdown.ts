import { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { AppError } from '../../errors/app-error.js';
import { columnOf, compileFilters } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS, type ResolvedDimension, resolveDimension } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import { DIMENSION_ROLLUP_ANSWERS } from '../../../projections/dimension-rollup/answers.js';
import type { KeptDimension } from '../../../projections/dimension-rollup/dimensions.js';
import type { Source } from '../plan/planner.js';
import { Paging, pageOf } from '../envelope/paging.js';
import { planDimensionRead, rollupBreakdown } from './dimension-rollup.js';
import { inWindow } from '../envelope/in-window.js';
import { DIMENSION_PAIRS_ANSWERS } from '../../pairs/answers.js';
import type { PairFilterDimension } from '../../pairs/dimensions.js';
import { pairBreakdown } from './dimension-pairs.js';

export const BreakdownParams = Paging.extend({
  dimension: z.string({ error: 'dimension is required' }).min(1),
});
export type BreakdownParams = z.infer<typeof BreakdownParams>;

export interface BreakdownRow {
  /** The dimension's value; null for hits without one. */
  value: string | number | null;
  visitors: number;
  pageviews: number;
  /** Percent of the window's (filtered) visitors, one decimal. */
  share?: number;
}

/**
 * Any filterable dimension, ranked by visitors (then pageviews, then value), with each value's
 * share of all visitors. Dimension values are per hit (a session's channel is copied onto its
 * hits), so a visitor seen with two values counts for both and shares may add up past 100.
 * From the dimension rollup where the planner says it answers (src/read/plan/planner.ts), else
 * from the raw hits; both give the same rows.
 */
export async function breakdown(
  db: Db,
  q: Query,
  p: BreakdownParams,
  source?: Source,
): Promise<BreakdownRow[]> {
  const resolved = resolveDimension(HUMAN_DIMENSIONS, p.dimension);
  if (!resolved.ok) throw new AppError('validation_error', resolved.message, { field: 'dimension' });
  const planned = await planDimensionRead(
    db,
    q,
    { dimension: resolved.dimension.name, metrics: ['visitors', 'pageviews'] },
    source,
  );
  const name = resolved.dimension.name;
  if (
    planned.source === 'rollup' &&
    !(planned.pairs ? DIMENSION_PAIRS_ANSWERS : DIMENSION_ROLLUP_ANSWERS).breakdowns.has(name)
  )
    throw new Error(`the rollup does not keep ${name}`);
  const rows = planned.pairs
    ? await pairBreakdown(db, q, planned.pairs, name as PairFilterDimension, p)
    : planned.source === 'rollup'
      ? await rollupBreakdown(db, q.site, planned.window, name as KeptDimension, p)
      : await rawBreakdown(db, q, p, resolved.dimension);
  return rows.map(({ total, ...r }) =>
    total > 0 ? { ...r, share: Math.round((r.visitors / total) * 1000) / 10 } : r,
  );
}

async function rawBreakdown(db: Db, q: Query, p: BreakdownParams, dimension: ResolvedDimension) {
  const value = columnOf(dimension, 'e');
  const where = sql`e.site_id = ${q.site} AND ${inWindow('e.ts', q)}
    AND ${compileFilters(q.filters, HUMAN_DIMENSIONS, 'e')}`;
  const { rows } = await db.query<BreakdownRow & { total: number }>(sql`
    WITH ranked AS (
      SELECT ${value} AS value, count(DISTINCT e.visitor_id) AS visitors,
             count(*) FILTER (WHERE e.kind = 'pageview') AS pageviews
      FROM events e WHERE ${where} GROUP BY 1)
    SELECT r.value, r.visitors, r.pageviews, t.total
    FROM ranked r CROSS JOIN (SELECT count(DISTINCT e.visitor_id) AS total FROM events e WHERE ${where}) t
    ORDER BY r.visitors DESC, r.pageviews DESC, r.value ASC NULLS LAST
    ${pageOf(p)}`);
  return rows;
}
