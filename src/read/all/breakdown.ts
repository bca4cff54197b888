import { type Db, sql } from '../../db/sql.js';
import { AppError } from '../../errors/app-error.js';
import { columnOf } from '../envelope/filter-sql.js';
import { ALL_DIMENSIONS, resolveDimension } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import { type Paging, pageOf } from '../envelope/paging.js';
import type { BreakdownParams } from '../stats/breakdown.js';
import { pageReads } from './page-reads.js';

export interface AllRankRow {
  value: string | number | null;
  /** Page reads: people's pageviews plus agents' HTML fetches. */
  pageviews: number;
  /** Percent of the window's page reads, one decimal. */
  share: number;
}

/** Page reads of both readerships ranked by a dimension both have (`pathname`, `country`…). */
export async function allBreakdown(db: Db, q: Query, p: BreakdownParams): Promise<AllRankRow[]> {
  const resolved = resolveDimension(ALL_DIMENSIONS, p.dimension);
  if (!resolved.ok) throw new AppError('validation_error', resolved.message, { field: 'dimension' });
  const { rows } = await db.query<AllRankRow & { total: number }>(sql`
    SELECT r.value, count(*) AS pageviews, sum(count(*)) OVER () AS total
    FROM (${pageReads(q.site, q, q.filters, sql`${columnOf(resolved.dimension, 'e')} AS value`)}) r
    GROUP BY 1 ORDER BY 2 DESC, 1 ASC NULLS LAST
    ${pageOf(p)}`);
  return rows.map(({ total, ...r }) => ({ ...r, share: Math.round((r.pageviews / total) * 1000) / 10 }));
}

export const allPages = (db: Db, q: Query, p: Paging) => allBreakdown(db, q, { ...p, dimension: 'pathname' });

export const allLocations = async (db: Db, q: Query, p: Paging) => ({
  countries: await allBreakdown(db, q, { ...p, dimension: 'country' }),
});
