import { z } from 'zod';
import { type Db, join, type Sql, sql } from '../../db/sql.js';
import { onUtcDays } from '../agents/coverage-source.js';
import { URL_ROLLUP_KEEPS, urlFetches, urlSource } from '../citation-gap/url-figures.js';
import { comparisonWindow, percentChange } from '../envelope/compare.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { ALL_DIMENSIONS, type FilterTree, filterDimensions } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import type { Source } from '../plan/planner.js';
import { Paging, pageOf } from '../envelope/paging.js';
import { inWindow } from '../envelope/in-window.js';

/** Decay is a fall from the previous window, always; a year-ago window is not what it judges. */
export const DecayParams = Paging.extend({
  compare: z
    .enum(['none', 'previous'], {
      error: 'content decay always compares with the previous window; compare must be previous or none',
    })
    .optional(),
});
export type DecayParams = z.infer<typeof DecayParams>;

/** The thresholds of the rule (`DECAY_DROP_PERCENT`, `DECAY_MIN_PAGEVIEWS`). */
export interface DecaySettings {
  /** Pageviews must fall by more than this percent of the previous window's. */
  dropPercent: number;
  /** Pages with fewer pageviews in the previous window are not judged (a fall from 2 to 0 says little). */
  minPageviews: number;
}

export interface DecayRow {
  pathname: string;
  /** People's pageviews of the page in the window, and in the previous window. */
  pageviews: number;
  pageviews_before: number;
  /** Percent change, one decimal. */
  pageviews_change?: number;
  /** Agent fetches of the page (verified or not, any content type), now and before. */
  fetches: number;
  fetches_before: number;
  /** Percent change, one decimal; absent when there were no fetches before. */
  fetches_change?: number;
}

const iso = (d: Date) => d.toISOString();

function pageviewsPerPage(site: number, w: Window, filters: FilterTree): Sql {
  return sql`
    SELECT e.pathname, count(*) AS pageviews FROM events e
    WHERE e.site_id = ${site} AND e.kind = 'pageview' AND ${inWindow('e.ts', w)}
      AND ${compileFilters(filters, ALL_DIMENSIONS, 'e')}
    GROUP BY 1`;
}

function fetchesPerPage(site: number, w: Window, filters: FilterTree, source: Source): Sql {
  return sql`SELECT f.pathname, sum(f.fetches) AS fetches FROM (${urlFetches(site, w, filters, source)}) f GROUP BY 1`;
}

type Row = Omit<DecayRow, 'pageviews_change' | 'fetches_change'>;

/** Ranked by the pageviews lost, then by the fall in percent, then by fetches now (both paths). */
const RANK = (lost: Sql, now: Sql, before: Sql, fetches: Sql, path: Sql) =>
  sql`${lost} DESC, ${now}::numeric / ${before}, ${fetches} DESC, ${path}`;

/** The raw hits' pageviews per page, fetches per page from `src`. */
function decayFromHits(q: Query, before: Window, p: DecayParams, s: DecaySettings, src: Source): Sql {
  return sql`
    WITH now_views AS (${pageviewsPerPage(q.site, q, q.filters)}),
         before_views AS (${pageviewsPerPage(q.site, before, q.filters)}),
         now_fetches AS (${fetchesPerPage(q.site, q, q.filters, src)}),
         before_fetches AS (${fetchesPerPage(q.site, before, q.filters, src)})
    SELECT b.pathname, coalesce(n.pageviews, 0) AS pageviews, b.pageviews AS pageviews_before,
           f.fetches, coalesce(g.fetches, 0) AS fetches_before
    FROM before_views b
    JOIN now_fetches f ON f.pathname = b.pathname
    LEFT JOIN now_views n ON n.pathname = b.pathname
    LEFT JOIN before_fetches g ON g.pathname = b.pathname
    WHERE b.pageviews >= ${s.minPageviews}
      AND (b.pageviews - coalesce(n.pageviews, 0)) * 100 > ${s.dropPercent}::numeric * b.pageviews
      AND f.fetches > 0 AND f.fetches >= coalesce(g.fetches, 0)
    ORDER BY ${RANK(sql`b.pageviews - coalesce(n.pageviews, 0)`, sql`coalesce(n.pageviews, 0)`, sql`b.pageviews`, sql`f.fetches`, sql`b.pathname`)}
    ${pageOf(p)}`;
}

/**
 * The same rows for two windows of whole UTC days, from the per-day tables. A page's pageviews
 * before an instant are the running total on its url_pageview_day row "as of" that instant (the
 * one whose span (day, next_day] holds it; none: 0), so a window's pageviews of every page are the
 * difference of two such rows, whatever the window's length: one GiST scan finds the rows as of
 * the four window edges. Only the pages whose pageviews fell enough then look up their fetches:
 * the differences of their running totals (url_citation_through) as of the windows' edges, a
 * primary-key look-up each, whatever the windows' lengths.
 */
function decayFromDays(q: Query, before: Window, p: DecayParams, s: DecaySettings): Sql {
  if ([...filterDimensions(q.filters)].some((d) => !URL_ROLLUP_KEEPS.has(d)))
    throw new Error('the per-URL rollups keep no dimension but pathname');
  const span = sql`tstzrange(v.day, v.next_day, '(]')`;
  const edges = [before.start, before.end, q.start, q.end].map((d) => sql`${iso(d)}::timestamptz`);
  const [b0, b1, n0, n1] = edges.map(
    (at) => sql`coalesce(max(v.pageviews_through) FILTER (WHERE ${span} @> ${at}), 0)`,
  );
  // A page's fetches through the last open day on or before the day ending at `at` (0 before any).
  const through = (at: Date) => sql`coalesce((
    SELECT t.fetches FROM url_citation_through t
    WHERE t.site_id = ${q.site} AND t.pathname = j.pathname AND t.day = (
      SELECT max(d.day) FROM url_citation_days d WHERE d.site_id = ${q.site} AND d.day < ${iso(at)})), 0)`;
  // Materialized, so only the judged pages look up their fetches.
  return sql`
    WITH judged AS MATERIALIZED (
      SELECT v.pathname, ${n1} - ${n0} AS pageviews, ${b1} - ${b0} AS pageviews_before
      FROM url_pageview_day v
      WHERE v.site_id = ${q.site} AND (${join(
        edges.map((at) => sql`${span} @> ${at}`),
        ' OR ',
      )})
        AND ${compileFilters(q.filters, ALL_DIMENSIONS, 'v')}
      GROUP BY v.pathname
      HAVING ${b1} - ${b0} > 0 AND ${b1} - ${b0} >= ${s.minPageviews}
        AND (${b1} - ${b0} - (${n1} - ${n0})) * 100 > ${s.dropPercent}::numeric * (${b1} - ${b0})),
    fetched AS MATERIALIZED (
      SELECT j.pathname, j.pageviews, j.pageviews_before, f.fetches, coalesce(f.fetches_before, 0) AS fetches_before
      FROM judged j CROSS JOIN LATERAL (
        SELECT ${through(q.end)} - ${through(q.start)} AS fetches,
               ${through(before.end)} - ${through(before.start)} AS fetches_before) f)
    SELECT x.pathname, x.pageviews, x.pageviews_before, x.fetches, x.fetches_before FROM fetched x
    WHERE x.fetches > 0 AND x.fetches >= x.fetches_before
    ORDER BY ${RANK(sql`x.pageviews_before - x.pageviews`, sql`x.pageviews`, sql`x.pageviews_before`, sql`x.fetches`, sql`x.pathname`)}
    ${pageOf(p)}`;
}

/**
 * Pages people left while agents kept reading them: at least `minPageviews` pageviews in the
 * previous window, more than `dropPercent` percent fewer in this one, and at least one agent
 * fetch now and no fewer than before. Ranked by the pageviews lost, then by the fall in percent,
 * then by fetches now. When the planner allows (`source` rollup: both windows minute-aligned,
 * filtered on the path at most), the fetches come from `url_fetch_minute`, and for two windows of
 * whole UTC days everything comes from the per-day tables (decayFromDays); otherwise people's
 * pageviews come from the raw hits, and with `source` raw the fetches from agent_fetches.
 */
export async function contentDecay(
  db: Db,
  q: Query,
  p: DecayParams,
  s: DecaySettings,
  source?: Source,
): Promise<DecayRow[]> {
  const before = q.comparison ?? comparisonWindow(q, 'previous', q.tz)!;
  const src =
    source ??
    (urlSource(q, q.filters) === 'rollup' && urlSource(before, q.filters) === 'rollup' ? 'rollup' : 'raw');
  const days = src === 'rollup' && onUtcDays(q) && onUtcDays(before);
  const { rows } = await db.query<Row>(
    days ? decayFromDays(q, before, p, s) : decayFromHits(q, before, p, s, src),
  );
  return rows.map((r) => {
    const pageviews = percentChange(r.pageviews, r.pageviews_before);
    const fetches = percentChange(r.fetches, r.fetches_before);
    return {
      pathname: r.pathname,
      pageviews: r.pageviews,
      pageviews_before: r.pageviews_before,
      ...(pageviews === undefined ? {} : { pageviews_change: pageviews }),
      fetches: r.fetches,
      fetches_before: r.fetches_before,
      ...(fetches === undefined ? {} : { fetches_change: fetches }),
    };
  });
}
