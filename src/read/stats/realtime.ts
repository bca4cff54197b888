import { type Db, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import { inWindow } from '../envelope/in-window.js';

export const REALTIME_MS = 5 * 60_000;

export interface Realtime {
  /** Distinct visitors with a hit in the last five minutes. */
  visitors: number;
  /** The pages people have open: pathnames viewed in the last five minutes, by visitors. */
  pages: { pathname: string; visitors: number }[];
}

/**
 * The people of the last five minutes, whatever the envelope's window; filters apply. The agents
 * of the same minutes are `audience=agent` (rule 4: never both readerships in one answer).
 */
export async function realtime(db: Db, q: Query, _p: unknown, now: Date = new Date()): Promise<Realtime> {
  const last = inWindow('ts', { start: now.getTime() - REALTIME_MS, end: now });
  const hit = compileFilters(q.filters, HUMAN_DIMENSIONS, 'e');
  const [people, pages] = await Promise.all([
    db.query<{ visitors: number }>(sql`
      SELECT count(DISTINCT visitor_id) AS visitors FROM events e
      WHERE site_id = ${q.site} AND ${last} AND ${hit}`),
    db.query<{ pathname: string; visitors: number }>(sql`
      SELECT pathname, count(DISTINCT visitor_id) AS visitors FROM events e
      WHERE site_id = ${q.site} AND kind = 'pageview' AND ${last} AND ${hit}
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 10`),
  ]);
  return { visitors: people.rows[0]!.visitors, pages: pages.rows };
}
