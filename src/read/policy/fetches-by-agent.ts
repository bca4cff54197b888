import { type Db, sql } from '../../db/sql.js';
import { agentRollupRows } from '../agents/rollup-rows.js';
import { inWindow } from '../envelope/in-window.js';
import type { Window } from '../envelope/range.js';

/**
 * Each agent's fetches of the site in the window (edges on whole minutes), verified or not, less
 * its fetches of `/robots.txt`, which no robots.txt can disallow (RFC 9309 §2.2.2). The totals come
 * from the agent rollups; only the `/robots.txt` fetches are counted from raw rows, by the
 * (site, pathname, ts) index.
 */
export async function fetchesByAgent(db: Db, site: number, w: Window): Promise<Map<string, number>> {
  const { rows } = await db.query<{ agent_id: string; fetches: number }>(sql`
    SELECT agent_id, sum(fetches) AS fetches FROM (
      SELECT agent_id, fetches FROM (${agentRollupRows(site, w)}) r
      UNION ALL
      SELECT agent_id, -count(*) FROM agent_fetches
      WHERE site_id = ${site} AND pathname = '/robots.txt' AND ${inWindow('ts', w)}
      GROUP BY agent_id
    ) f
    GROUP BY agent_id
    HAVING sum(fetches) > 0`);
  return new Map(rows.map((r) => [r.agent_id, r.fetches]));
}
