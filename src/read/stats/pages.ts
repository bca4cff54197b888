import { type Db, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import { type Paging, pageOf } from '../envelope/paging.js';
import type { Source } from '../plan/planner.js';
import { planDimensionRead, rollupPages } from './dimension-rollup.js';
import { sessionMatches } from '../envelope/filter-sql.js';
import { pairPages } from './dimension-pairs.js';
import { inWindow } from '../envelope/in-window.js';

export interface PageRow {
  pathname: string;
  visitors: number;
  pageviews: number;
  /** Sessions of the window that began on the page. */
  entries: number;
  /** Sessions of the window that ended on it. */
  exits: number;
  /** Mean maximum scroll (percent) of its pageviews that reported one; absent without any. */
  scroll_depth?: number;
  /** Mean engaged seconds of its pageviews that reported engagement; absent without any. */
  time_on_page?: number;
}

/**
 * Pages ranked by visitors, with entries and exits (sessions that started in the window, by
 * their first and last pageview) and the engagement the tracker reported for each pageview. From
 * the dimension rollup where the planner says it answers, else from the raw hits and sessions.
 */
export async function pages(db: Db, q: Query, p: Paging, source?: Source): Promise<PageRow[]> {
  const planned = await planDimensionRead(
    db,
    q,
    { dimension: 'pathname', metrics: ['visitors', 'pageviews', 'entries', 'exits', 'engagement'] },
    source,
  );
  const rows = planned.pairs
    ? await pairPages(db, q, planned.pairs, p)
    : planned.source === 'rollup'
      ? await rollupPages(db, q.site, planned.window, p)
      : await rawPages(db, q, p);
  return rows.map(({ scroll, engaged, ...r }) => ({
    ...r,
    ...(scroll === null ? {} : { scroll_depth: Math.round(scroll) }),
    ...(engaged === null ? {} : { time_on_page: Math.round(engaged / 100) / 10 }),
  }));
}

async function rawPages(db: Db, q: Query, p: Paging) {
  const hit = compileFilters(q.filters, HUMAN_DIMENSIONS, 'e');
  const sessions = sql`site_id = ${q.site} AND ${inWindow('started_at', q)}
    AND ${sessionMatches(q.filters, 's')}`;
  const { rows } = await db.query<PageRow & { scroll: number | null; engaged: number | null }>(sql`
    WITH hits AS (
      SELECT e.pathname, count(DISTINCT e.visitor_id) AS visitors,
             count(*) FILTER (WHERE e.kind = 'pageview') AS pageviews,
             avg(e.scroll) FILTER (WHERE e.kind = 'pageview') AS scroll,
             avg(e.engaged_ms) FILTER (WHERE e.kind = 'pageview') AS engaged
      FROM events e
      WHERE e.site_id = ${q.site} AND ${inWindow('e.ts', q)} AND ${hit}
      GROUP BY 1),
    entries AS (SELECT entry_path AS pathname, count(*) AS n FROM sessions s WHERE ${sessions} GROUP BY 1),
    exits AS (SELECT exit_path AS pathname, count(*) AS n FROM sessions s WHERE ${sessions} GROUP BY 1)
    SELECT h.pathname, h.visitors, h.pageviews, coalesce(en.n, 0) AS entries, coalesce(ex.n, 0) AS exits,
           h.scroll, h.engaged
    FROM hits h LEFT JOIN entries en ON en.pathname = h.pathname LEFT JOIN exits ex ON ex.pathname = h.pathname
    WHERE h.pageviews > 0
    ORDER BY h.visitors DESC, h.pageviews DESC, h.pathname
    ${pageOf(p)}`);
  return rows;
}
