import { z } from 'zod';
import { type Db, raw, type Sql, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { AGENT_DIMENSIONS, filterDimensions } from '../envelope/filters.js';
import { compareNone } from '../envelope/one-window.js';
import type { Query } from '../envelope/query.js';
import { Paging, pageOf, rowsBefore } from '../envelope/paging.js';
import { type CoverageSource, coverageSource } from './coverage-source.js';
import { fetchesIn } from './totals.js';
import { inWindow } from '../envelope/in-window.js';

export const COVERAGE_SORTS = ['stalest', 'recent', 'fetches'] as const;
export type CoverageSort = (typeof COVERAGE_SORTS)[number];

export const CoverageParams = Paging.extend({
  compare: compareNone('coverage'),
  sort: z
    .enum(COVERAGE_SORTS, { error: `sort must be one of ${COVERAGE_SORTS.join(', ')}` })
    .default('stalest'),
});
export type CoverageParams = z.infer<typeof CoverageParams>;

export interface CoverageRow {
  pathname: string;
  /** The URL's first and last (filtered) fetch in the window. */
  first_crawl: string;
  last_crawl: string;
  /** Whole seconds from the last crawl to the window's end, or to now when the window ends later. */
  freshness_gap: number;
  fetches: number;
  /** Fetches from an address in the agent's own operator's ranges; spoofed ones count in `fetches` only. */
  verified_fetches: number;
  /** Distinct agents that fetched it, and their ids, most fetches first. */
  agents: number;
  agent_ids: string[];
}

// Ties break by path in code-unit order, whatever the database's collation. `t` qualifies the
// columns (`u.`), or is empty where they are the output's own.
const ORDER: Record<CoverageSort, (t: string) => string> = {
  stalest: (t) => `${t}last_crawl ASC, ${t}pathname COLLATE "C" ASC`,
  recent: (t) => `${t}last_crawl DESC, ${t}pathname COLLATE "C" ASC`,
  fetches: (t) => `${t}fetches DESC, ${t}last_crawl DESC, ${t}pathname COLLATE "C" ASC`,
};

const AGENT_LIST = sql`count(*) AS agents, array_agg(c.agent_id ORDER BY c.fetches DESC, c.agent_id COLLATE "C") AS agent_ids`;

const iso = (d: Date) => d.toISOString();

/** The per-day rows of the window's days: over alias `d`, of url_coverage_day. */
const daysIn = (q: Query) => sql`d.site_id = ${q.site} AND ${inWindow('d.day', q)}`;

/** Per URL and agent: (pathname, agent_id, first_crawl, last_crawl, fetches, verified_fetches). */
function perAgent(q: Query, source: CoverageSource): Sql {
  if (source === 'projection')
    return sql`
      SELECT c.pathname, c.agent_id, c.first_crawl, c.last_crawl, c.fetches, c.verified_fetches
      FROM url_coverage_agents c
      WHERE c.site_id = ${q.site} AND ${compileFilters(q.filters, AGENT_DIMENSIONS, 'c')}`;
  if (source === 'day')
    return sql`
      SELECT d.pathname, d.agent_id, min(d.first_crawl) AS first_crawl, max(d.last_crawl) AS last_crawl,
             sum(d.fetches) AS fetches, sum(d.verified_fetches) AS verified_fetches
      FROM url_coverage_day d WHERE ${daysIn(q)} AND ${compileFilters(q.filters, AGENT_DIMENSIONS, 'd')}
      GROUP BY 1, 2`;
  return sql`
      SELECT a.pathname, a.agent_id, min(a.ts) AS first_crawl, max(a.ts) AS last_crawl, count(*) AS fetches,
             count(*) FILTER (WHERE a.verified) AS verified_fetches
      FROM agent_fetches a WHERE ${fetchesIn(q.site, q, q.filters)}
      GROUP BY 1, 2`;
}

/**
 * The page of a window of whole UTC days, stalest or most recent first, without adding up the
 * window's days for every URL. A URL's last crawl before the window's end is on its one
 * url_crawl_day row whose span (day, next_day] holds the end; it lies in the window when it is at
 * or after the start. The GiST index finds those rows and hands them out by their last crawl
 * nearest the start (stalest) or the end (most recent), so the page costs about as many rows as
 * it holds. Rows tied with the page's last one on the crawl time come along, so the tie-break by
 * path is exact. Then only the page's URLs add up their days, per agent, from url_coverage_day.
 */
function dayPage(q: Query, p: CoverageParams): Sql {
  const asOf = sql`c.site_id = ${q.site} AND tstzrange(c.day, c.next_day, '(]') @> ${iso(q.end)}::timestamptz
    AND c.last_crawl >= ${iso(q.start)} AND ${compileFilters(q.filters, AGENT_DIMENSIONS, 'c')}`;
  const stalest = p.sort === 'stalest';
  const offset = rowsBefore(p);
  return sql`
    WITH ranked AS (
      SELECT c.pathname, c.last_crawl FROM url_crawl_day c WHERE ${asOf}
      ORDER BY c.last_crawl <-> ${iso(stalest ? q.start : q.end)}::timestamptz
      LIMIT ${offset + p.limit}),
    page AS (
      SELECT u.pathname, u.last_crawl FROM (
        SELECT r.pathname, r.last_crawl FROM ranked r
        UNION
        SELECT c.pathname, c.last_crawl FROM url_crawl_day c
        WHERE ${asOf} AND c.last_crawl = (SELECT ${raw(stalest ? 'max' : 'min')}(r.last_crawl) FROM ranked r)) u
      ORDER BY ${raw(ORDER[p.sort]('u.'))} ${pageOf(p)})
    SELECT u.pathname, a.first_crawl, u.last_crawl, a.fetches, a.verified_fetches, a.agents, a.agent_ids
    FROM page u CROSS JOIN LATERAL (
      SELECT min(c.first_crawl) AS first_crawl, sum(c.fetches) AS fetches,
             sum(c.verified_fetches) AS verified_fetches, ${AGENT_LIST}
      FROM (
        SELECT d.agent_id, min(d.first_crawl) AS first_crawl, sum(d.fetches) AS fetches,
               sum(d.verified_fetches) AS verified_fetches
        FROM url_coverage_day d WHERE ${daysIn(q)} AND d.pathname = u.pathname
        GROUP BY d.agent_id) c) a
    ORDER BY ${raw(ORDER[p.sort]('u.'))}`;
}

/**
 * The page of URLs with their figures. Without a filter on the agent the projection's url_coverage
 * ranks the URLs (its (site, last_crawl) index serves the stalest and the most recent first), or
 * for a window of whole UTC days url_crawl_day does (dayPage), and only the page's URLs look up
 * their agents; otherwise the URLs add up from their agents' rows.
 */
function coveragePage(q: Query, p: CoverageParams, source: CoverageSource): Sql {
  const page = pageOf(p);
  // Ranking by fetches, or URLs by one agent's fetches, adds up every URL's days of the window.
  if (source === 'day' && p.sort !== 'fetches' && !filterDimensions(q.filters).has('agent_id'))
    return dayPage(q, p);
  if (source === 'projection' && !filterDimensions(q.filters).has('agent_id'))
    return sql`
      SELECT u.pathname, u.first_crawl, u.last_crawl, u.fetches, a.verified_fetches, a.agents, a.agent_ids
      FROM (
        SELECT u.pathname, u.first_crawl, u.last_crawl, u.fetches FROM url_coverage u
        WHERE u.site_id = ${q.site} AND ${compileFilters(q.filters, AGENT_DIMENSIONS, 'u')}
        ORDER BY ${raw(ORDER[p.sort]('u.'))} ${page}) u
      CROSS JOIN LATERAL (
        SELECT sum(c.verified_fetches) AS verified_fetches, ${AGENT_LIST}
        FROM url_coverage_agents c WHERE c.site_id = ${q.site} AND c.pathname = u.pathname) a
      ORDER BY ${raw(ORDER[p.sort]('u.'))}`;
  // The page is ranked first, so only its URLs gather their agents' lists.
  return sql`
    WITH c AS (${perAgent(q, source)}),
    u AS (
      SELECT c.pathname, min(c.first_crawl) AS first_crawl, max(c.last_crawl) AS last_crawl, sum(c.fetches) AS fetches
      FROM c GROUP BY c.pathname
      ORDER BY ${raw(ORDER[p.sort](''))} ${page})
    SELECT u.pathname, u.first_crawl, u.last_crawl, u.fetches, sum(c.verified_fetches) AS verified_fetches,
           ${AGENT_LIST}
    FROM u JOIN c ON c.pathname = u.pathname
    GROUP BY u.pathname, u.first_crawl, u.last_crawl, u.fetches
    ORDER BY ${raw(ORDER[p.sort]('u.'))}`;
}

type Row = Omit<CoverageRow, 'first_crawl' | 'last_crawl' | 'freshness_gap'> & {
  first_crawl: Date;
  last_crawl: Date;
};

/**
 * Per URL crawled in the window (by a fetch matching the filters): its first and last crawl in the
 * window, the freshness gap, the agents and the fetches; stalest first unless `sort` says otherwise.
 * From the coverage projections where they answer the window exactly (coverage-source.ts: the
 * all-time tables for a window holding the whole crawl, the per-day tables for a window of whole
 * UTC days), else from agent_fetches: all give the same rows.
 */
export async function agentCoverage(
  db: Db,
  q: Query,
  p: CoverageParams,
  opts: { source?: CoverageSource; now?: Date } = {},
): Promise<CoverageRow[]> {
  const source = opts.source ?? (await coverageSource(db, q));
  const { rows } = await db.query<Row>(coveragePage(q, p, source));
  const asOf = Math.min(q.end.getTime(), (opts.now ?? new Date()).getTime());
  return rows.map((r) => ({
    pathname: r.pathname,
    first_crawl: r.first_crawl.toISOString(),
    last_crawl: r.last_crawl.toISOString(),
    // A fetch may carry a time a little ahead of the clock (edge rows up to five minutes).
    freshness_gap: Math.max(0, Math.floor((asOf - r.last_crawl.getTime()) / 1000)),
    fetches: r.fetches,
    verified_fetches: r.verified_fetches,
    agents: r.agents,
    agent_ids: r.agent_ids,
  }));
}
