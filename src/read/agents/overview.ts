import type { Db } from '../../db/sql.js';
import { eachWindow, withChange } from '../envelope/compare.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import type { Source } from '../plan/planner.js';
import { type AgentRankRow, rankFetches } from './breakdown.js';
import { type AgentTotals, agentTotals } from './totals.js';

export const AGENT_OVERVIEW_METRICS = [
  'fetches',
  'agents',
  'verified_share',
  'bytes',
  'forged_signatures',
] as const;

/** How a fetch was verified (the dimension `verified_by`), as the overview reports each method's share. */
export const VERIFICATION_METHODS = ['ip_range', 'reverse_dns', 'web_bot_auth'] as const;
export type VerifiedByShares = Record<(typeof VERIFICATION_METHODS)[number], number>;
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
  /** Percent of the window's fetches each method verified (one decimal); absent without fetches. */
  verified_by?: VerifiedByShares;
  comparison?: AgentOverviewFigures;
  change?: AgentOverviewFigures;
}

export const TOP_ROWS = 10;

/** The agent overview fields (docs/api.md#audiences-on-the-core-reads) from a window's totals. */
export function agentFigures(t: AgentTotals): AgentOverviewFigures {
  const figures: AgentOverviewFigures = {
    fetches: t.fetches,
    agents: t.agents,
    bytes: t.bytes,
    forged_signatures: t.forged,
  };
  if (t.fetches > 0) figures.verified_share = Math.round((t.verified / t.fetches) * 1000) / 10;
  return figures;
}

const figuresOf = async (db: Db, q: Query, w: Window, source?: Source) =>
  agentFigures(await agentTotals(db, q.site, w, q.filters, source));

/**
 * Fetches, distinct agents, verified share (percent of fetches their operator vouched for: a Web
 * Bot Auth signature, its published ranges, or reverse DNS) and that share per method, bytes,
 * forged signatures (fetches whose Web Bot Auth claim failed), with the top operators and
 * purposes; with `compare`, the other window's figures and the percent change of each.
 */
export async function agentOverview(db: Db, q: Query, _p?: unknown, source?: Source): Promise<AgentOverview> {
  const top = { limit: TOP_ROWS, page: 1 };
  const rank = (dimension: string, paging = top) => rankFetches(db, q, { ...paging, dimension }, source);
  const [{ now, before }, operators, purposes, methods] = await Promise.all([
    eachWindow(q, (w) => figuresOf(db, q, w, source)),
    rank('operator'),
    rank('purpose'),
    rank('verified_by', { limit: VERIFICATION_METHODS.length + 1, page: 1 }),
  ]);
  const overview: AgentOverview = { ...now, operators, purposes };
  if (now.fetches)
    overview.verified_by = Object.fromEntries(
      VERIFICATION_METHODS.map((m) => [m, methods.find((r) => r.value === m)?.share ?? 0]),
    ) as VerifiedByShares;
  return withChange(overview, before, AGENT_OVERVIEW_METRICS);
}
