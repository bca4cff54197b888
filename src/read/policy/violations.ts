import { type Db, sql } from '../../db/sql.js';
import { compareNone } from '../envelope/one-window.js';
import type { Query } from '../envelope/query.js';
import { Paging, pageOf } from '../envelope/paging.js';
import { fetchesIn } from '../agents/totals.js';

export const ViolationsParams = Paging.extend({ compare: compareNone('policy/violations') });

export interface ViolationRow {
  agent_id: string;
  operator: string;
  purpose: string;
  pathname: string;
  /**
   * Verified and unverified (possibly spoofed) fetches of an agent are rows apart
   * (docs/api.md#get-apipolicyviolations).
   */
  verified: boolean;
  /** How it was verified: ip_range, reverse_dns, web_bot_auth; null when not. Each method is a row apart. */
  verified_by: string | null;
  fetches: number;
  /** The first and last of those fetches in the window. */
  first_fetch: string;
  last_fetch: string;
}

type Row = Omit<ViolationRow, 'first_fetch' | 'last_fetch'> & { first_fetch: Date; last_fetch: Date };

/**
 * Fetches of a path the robots.txt in force at the time of the fetch disallowed for that agent
 * (`robots_allowed` false, judged when folding; a fetch without a robots.txt in force is none),
 * per agent, path and verification, most fetches first, then the most recent.
 */
export async function policyViolations(db: Db, q: Query, p: Paging): Promise<ViolationRow[]> {
  const { rows } = await db.query<Row>(sql`
    SELECT a.agent_id, a.operator, a.purpose, a.pathname, a.verified, a.verified_by, count(*) AS fetches,
           min(a.ts) AS first_fetch, max(a.ts) AS last_fetch
    FROM agent_fetches a WHERE ${fetchesIn(q.site, q, q.filters)} AND a.robots_allowed = FALSE
    GROUP BY 1, 2, 3, 4, 5, 6
    ORDER BY 7 DESC, 9 DESC, a.agent_id COLLATE "C", a.pathname COLLATE "C", a.verified DESC,
             a.verified_by COLLATE "C" NULLS LAST, a.operator COLLATE "C"
    ${pageOf(p)}`);
  return rows.map((r) => ({
    ...r,
    first_fetch: r.first_fetch.toISOString(),
    last_fetch: r.last_fetch.toISOString(),
  }));
}
