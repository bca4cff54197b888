import { type Db, sql } from '../../db/sql.js';
import type { Query } from '../envelope/query.js';
import { REALTIME_MS } from '../stats/realtime.js';
import { pageReads } from './page-reads.js';

export interface AllRealtime {
  /** Page reads by people and agents in the last five minutes. */
  pageviews: number;
  pages: { pathname: string; pageviews: number }[];
}

/** The page reads of the last five minutes, by both readerships, whatever the envelope's window. */
export async function allRealtime(
  db: Db,
  q: Query,
  _p: unknown,
  now: Date = new Date(),
): Promise<AllRealtime> {
  const reads = pageReads(
    q.site,
    { start: new Date(now.getTime() - REALTIME_MS), end: now },
    q.filters,
    sql`e.pathname`,
  );
  const { rows } = await db.query<{ pathname: string | null; pageviews: number }>(sql`
    SELECT pathname, count(*) AS pageviews FROM (${reads}) r GROUP BY ROLLUP (pathname)
    ORDER BY (pathname IS NULL) DESC, 2 DESC, 1 LIMIT 11`);
  const [total, ...pages] = rows;
  return { pageviews: total?.pageviews ?? 0, pages: pages as AllRealtime['pages'] };
}
