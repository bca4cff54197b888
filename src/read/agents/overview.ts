import type { Db } from '../../db/sql.js';
import { eachWindow, withChange } from '../envelope/compare.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { type Source, sourceFor } from '../plan/planner.js';
import { type AgentRankRow, type RollupRankDimension, rankFetches, rankRollupFetches } from './breakdown.js';
import { type AgentTotals, agentTotals } from './totals.js';

export const AGENT_OVERVIEW_METRICS = ['fetches', 'agents', 'verified_share', 'bytes'] as const;
export type AgentOverviewMetric = (typeof AGENT_OVERVIEW_METRICS)[number];
/** Verified share cannot be computed without fetches: absent then, never 0 (rule 1). */
export type AgentOverviewFigures = Partial<Record<AgentOverviewMetric, number>>;

export interface AgentOverview extends AgentOverviewFigures {
  /**
   * The operators and purposes behind the fetches, ranked (purposes as docs/api.md#get-apiagentscatalog names
   * them).
   */
  operators: AgentRankRow[];
  purposes: AgentRankRow[];
  comparison?: AgentOverviewFigures;
  change?: AgentOverviewFigures;
}

export const TOP_ROWS = 10;

/** The agent overview fields (docs/api.md#audiences-on-the-core-reads) from a window's totals. */
export function agentFigures(t: AgentTotals): AgentOverviewFigures {
  const figures: AgentOverviewFigures = { fetches: t.fetches, agents: t.agents, bytes: t.bytes };
  if (t.fetches > 0) figures.verified_share = Math.round((t.verified / t.fetches) * 1000) / 10;
  return figures;
}

const figuresOf = async (db: Db, q: Query, w: Window, source?: Source) =>
  agentFigures(await agentTotals(db, q.site, w, q.filters, source));

/**
 * Fetches, distinct agents, verified share (percent of fetches from an address in the agent's
 * operator's published ranges) and bytes, with the top operators and purposes; with `compare`,
 * the other window's figures and the percent change of each.
 */
export async function agentOverview(db: Db, q: Query, _p?: unknown, source?: Source): Promise<AgentOverview> {
  const top = { limit: TOP_ROWS, page: 1 };
  const rank = (dimension: RollupRankDimension) =>
    (source ?? sourceFor(q, q.filters)) === 'rollup'
      ? rankRollupFetches(db, q, dimension, top)
      : rankFetches(db, q, { ...top, dimension });
  const [{ now, before }, operators, purposes] = await Promise.all([
    eachWindow(q, (w) => figuresOf(db, q, w, source)),
    rank('operator'),
    rank('purpose'),
  ]);
  return withChange({ ...now, operators, purposes }, before, AGENT_OVERVIEW_METRICS);
}
