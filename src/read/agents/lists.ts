import { type Db, sql } from '../../db/sql.js';
import type { Query } from '../envelope/query.js';
import { type Paging, pageOf } from '../envelope/paging.js';
import { type AgentRankRow, rankFetches } from './breakdown.js';
import { fetchesIn } from './totals.js';

export interface AgentPageRow {
  pathname: string;
  fetches: number;
  /** Distinct agents that fetched the page. */
  agents: number;
  verified_fetches: number;
  bytes: number;
}

/** The pages agents fetched, ranked by fetches, with how many agents and how many verified. */
export async function agentPages(db: Db, q: Query, p: Paging): Promise<AgentPageRow[]> {
  const { rows } = await db.query<AgentPageRow>(sql`
    SELECT a.pathname, count(*) AS fetches, count(DISTINCT a.agent_id) AS agents,
           count(*) FILTER (WHERE a.verified) AS verified_fetches, sum(a.bytes) AS bytes
    FROM agent_fetches a WHERE ${fetchesIn(q.site, q, q.filters)}
    GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1
    ${pageOf(p)}`);
  return rows;
}

/** Where agents fetch from: countries and networks (ASN) of their addresses, ranked by fetches. */
export async function agentLocations(
  db: Db,
  q: Query,
  p: Paging,
): Promise<{ countries: AgentRankRow[]; networks: AgentRankRow[] }> {
  const [countries, networks] = await Promise.all([
    rankFetches(db, q, { ...p, dimension: 'country' }),
    rankFetches(db, q, { ...p, dimension: 'asn' }),
  ]);
  return { countries, networks };
}
