import { type Db, type Sql, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { AGENT_DIMENSIONS, EMPTY_FILTERS, type FilterTree } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import type { Source } from '../plan/planner.js';
import { agentRollupRows } from './rollup-rows.js';
import { agentSourceFor, rollupFilters } from './source.js';
import { inWindow } from '../envelope/in-window.js';

/** The sums every agent figure of a window (or bucket) derives from. */
export interface AgentTotals {
  fetches: number;
  /** Distinct agents (catalog ids; every unknown user agent is the one agent `unknown`). */
  agents: number;
  verified: number;
  bytes: number;
  /** Fetches answered with `text/html`: the pages among the fetches. */
  html_fetches: number;
  /** Fetches whose Web Bot Auth signature failed its checks. */
  forged: number;
}

export const EMPTY_AGENT_TOTALS: AgentTotals = {
  fetches: 0,
  agents: 0,
  verified: 0,
  bytes: 0,
  html_fetches: 0,
  forged: 0,
};

/**
 * `text/html` with or without parameters, as the agent projections' `isHtml` decides it when
 * they count `html_fetches`: the raw path must count the same fetches as the rollups.
 */
export const IS_HTML = sql`content_type ~* '^\\s*text/html\\s*(;|$)'`;

/** The raw fetches of a window that match the filters, as a WHERE condition over alias `a`. */
export function fetchesIn(site: number, w: Window, filters: FilterTree = EMPTY_FILTERS): Sql {
  return sql`a.site_id = ${site} AND ${inWindow('a.ts', w)}
    AND ${compileFilters(filters, AGENT_DIMENSIONS, 'a')}`;
}

export type AgentTotalsRow = AgentTotals & { b: Date | null; g: string | null };

export interface AgentGrouping {
  /** The bucket of a row's time (`minute` or `a.ts`), or a constant for the whole window. */
  bucket: (time: Sql) => Sql;
  /** A second key from the row's agent id (e.g. the top agents, the rest as `other`). */
  group?: (agentId: Sql) => Sql;
}

/**
 * Agent totals per bucket (and group), from `agent_rollup_minute` when the planner allows it
 * (filters only on the dimensions its rows key by), else from `agent_fetches`; both give the same figures (distinct agents are exact on both: the
 * rollup keys by agent).
 */
export async function agentTotalsBy(
  db: Db,
  site: number,
  w: Window,
  filters: FilterTree,
  { bucket, group = () => sql`NULL::text` }: AgentGrouping,
  source: Source = agentSourceFor(w, filters),
): Promise<AgentTotalsRow[]> {
  const { rows } = await db.query<AgentTotalsRow>(
    source === 'rollup'
      ? sql`
        SELECT ${bucket(sql`minute`)} AS b, ${group(sql`agent_id`)} AS g, sum(fetches) AS fetches,
               count(DISTINCT agent_id) AS agents, coalesce(sum(fetches) FILTER (WHERE verified), 0) AS verified,
               sum(bytes) AS bytes, sum(html_fetches) AS html_fetches, sum(forged_fetches) AS forged
        FROM agent_rollup_minute r
        WHERE site_id = ${site} AND ${inWindow('minute', w)} AND ${rollupFilters(filters)}
        GROUP BY 1, 2`
      : sql`
        SELECT ${bucket(sql`a.ts`)} AS b, ${group(sql`a.agent_id`)} AS g, count(*) AS fetches,
               count(DISTINCT a.agent_id) AS agents, count(*) FILTER (WHERE a.verified) AS verified,
               sum(a.bytes) AS bytes, count(*) FILTER (WHERE ${IS_HTML}) AS html_fetches,
               count(*) FILTER (WHERE a.signature_forged) AS forged
        FROM agent_fetches a WHERE ${fetchesIn(site, w, filters)}
        GROUP BY 1, 2`,
  );
  return rows;
}

/**
 * A window's agent totals (zeros for a window without fetches): from the agent rollups at their
 * coarsest grains when the planner allows it (a month is its days' rows), else from `agent_fetches`.
 */
export async function agentTotals(
  db: Db,
  site: number,
  w: Window,
  filters: FilterTree = EMPTY_FILTERS,
  source: Source = agentSourceFor(w, filters),
): Promise<AgentTotals> {
  if (source === 'rollup') {
    const { rows } = await db.query<AgentTotals>(sql`
      SELECT sum(fetches) AS fetches, count(DISTINCT agent_id) AS agents,
             coalesce(sum(fetches) FILTER (WHERE verified), 0) AS verified, sum(bytes) AS bytes,
             sum(html_fetches) AS html_fetches, sum(forged_fetches) AS forged
      FROM (${agentRollupRows(site, w)}) r
      WHERE ${rollupFilters(filters)}
      HAVING count(*) > 0`);
    return rows[0] ?? { ...EMPTY_AGENT_TOTALS };
  }
  const [row] = await agentTotalsBy(db, site, w, filters, { bucket: () => sql`NULL::timestamptz` }, source);
  if (!row) return { ...EMPTY_AGENT_TOTALS };
  const { b: _b, g: _g, ...totals } = row;
  return totals;
}
