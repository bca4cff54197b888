import { type Db, raw, sql } from '../../db/sql.js';
import { AppError } from '../../errors/app-error.js';
import { columnOf } from '../envelope/filter-sql.js';
import { AGENT_DIMENSIONS, resolveDimension } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import { type Paging, pageOf } from '../envelope/paging.js';
import type { BreakdownParams } from '../stats/breakdown.js';
import type { AGENT_ROLLUP_KEYS } from '../../../projections/agent-rollup-minute/answers.js';
import type { Source } from '../plan/planner.js';
import { agentRollupRows } from './rollup-rows.js';
import { agentSourceFor, rollupFilters } from './source.js';
import { fetchesIn } from './totals.js';

export interface AgentRankRow {
  /** The dimension's value; null for fetches without one (no country, say). */
  value: string | number | boolean | null;
  fetches: number;
  bytes: number;
  /** Percent of the window's (filtered) fetches, one decimal. */
  share?: number;
}

/**
 * Fetches ranked by one agent dimension (then bytes, then value), each with its share of all the
 * window's fetches; every fetch has exactly one value, so the shares add up to 100. From the
 * agent rollups when they answer (a dimension and filters their rows key by), else the raw fetches.
 */
export async function rankFetches(
  db: Db,
  q: Query,
  p: BreakdownParams,
  source?: Source,
): Promise<AgentRankRow[]> {
  const resolved = resolveDimension(AGENT_DIMENSIONS, p.dimension);
  if (!resolved.ok) throw new AppError('validation_error', resolved.message, { field: 'dimension' });
  if ((source ?? agentSourceFor(q, q.filters, p.dimension)) === 'rollup')
    return rankRollupFetches(db, q, p.dimension as RollupRankDimension, p);
  const value = columnOf(resolved.dimension, 'a');
  const { rows } = await db.query<AgentRankRow & { total: number }>(sql`
    SELECT ${value} AS value, count(*) AS fetches, sum(a.bytes) AS bytes, sum(count(*)) OVER () AS total
    FROM agent_fetches a WHERE ${fetchesIn(q.site, q, q.filters)}
    GROUP BY 1
    ORDER BY 2 DESC, 3 DESC, 1 ASC NULLS LAST
    ${pageOf(p)}`);
  return rows.map(({ total, ...r }) => ({ ...r, share: Math.round((r.fetches / total) * 1000) / 10 }));
}

/** The dimensions the agent rollups keep that a ranked list can be cut by. */
export type RollupRankDimension = (typeof AGENT_ROLLUP_KEYS)[number];

/**
 * `rankFetches` for a window the rollups answer, by a dimension they keep (and filtered by such
 * dimensions only): the same rows, ranked and shared the same way, from the window's rollup rows
 * at their coarsest grains.
 */
export async function rankRollupFetches(
  db: Db,
  q: Query,
  dimension: RollupRankDimension,
  p: Paging,
): Promise<AgentRankRow[]> {
  const value = raw(`r.${dimension}`);
  const { rows } = await db.query<AgentRankRow & { total: number }>(sql`
    SELECT ${value} AS value, sum(r.fetches) AS fetches, sum(r.bytes) AS bytes, sum(sum(r.fetches)) OVER () AS total
    FROM (${agentRollupRows(q.site, q)}) r
    WHERE ${rollupFilters(q.filters)}
    GROUP BY 1
    ORDER BY 2 DESC, 3 DESC, 1 ASC NULLS LAST
    ${pageOf(p)}`);
  return rows.map(({ total, ...r }) => ({ ...r, share: Math.round((r.fetches / total) * 1000) / 10 }));
}
