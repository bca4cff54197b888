import { type Db, sql } from '../../db/sql.js';
import type { Query } from '../envelope/query.js';
import { REALTIME_MS } from '../stats/realtime.js';
import { fetchesIn } from './totals.js';

export interface AgentRealtime {
  /** Distinct agents that fetched in the last five minutes. */
  agents: number;
  fetches: number;
  /** The pages being fetched now, by fetches. */
  pages: { pathname: string; fetches: number }[];
}

/** The agents of the last five minutes, whatever the envelope's window; filters apply. */
export async function agentRealtime(
  db: Db,
  q: Query,
  _p: unknown,
  now: Date = new Date(),
): Promise<AgentRealtime> {
  const w = { start: new Date(now.getTime() - REALTIME_MS), end: now };
  const where = fetchesIn(q.site, w, q.filters);
  const [totals, pages] = await Promise.all([
    db.query<{ agents: number; fetches: number }>(sql`
      SELECT count(DISTINCT agent_id) AS agents, count(*) AS fetches FROM agent_fetches a WHERE ${where}`),
    db.query<{ pathname: string; fetches: number }>(sql`
      SELECT pathname, count(*) AS fetches FROM agent_fetches a WHERE ${where}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`),
  ]);
  return { ...totals.rows[0]!, pages: pages.rows };
}
