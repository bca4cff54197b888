import { join, type Sql, sql } from '../../db/sql.js';
import { fetchesIn, IS_HTML } from '../agents/totals.js';
import { compileFilters } from '../envelope/filter-sql.js';
import {
  ALL_DIMENSIONS,
  type DimensionCatalog,
  type FilterTree,
  filterDimensions,
} from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import { URL_MINUTE_ANSWERS } from '../../../projections/citation-gap/answers.js';
import { type Source, sourceOf } from '../plan/planner.js';
import { inWindow } from '../envelope/in-window.js';

/*
 * The per-URL figures both readerships' page reads compare: agent fetches of a URL (from
 * `url_fetch_minute` or `agent_fetches`) and human arrivals on it from answer engines (sessions
 * entering on it, from `url_arrival_minute` or `sessions`). Filters are the `audience=all`
 * dimensions: a fetch matches by its own columns, an arrival by its entry pageview's, so the
 * URL an arrival is listed under is the one a `pathname` filter tests.
 */

/** The only filter dimension the per-URL rollups keep (both have `pathname`). */
export const URL_ROLLUP_KEEPS = URL_MINUTE_ANSWERS.filters;

const URL_ROLLUP_DIMENSIONS: DimensionCatalog = { pathname: { type: 'text', nullable: false } };

const iso = (d: Date) => d.toISOString();
const DAY_MS = 86_400_000;

/** The per-URL rollups when they answer the window and filters, else raw rows. */
export const urlSource = (w: Window, filters: FilterTree): Source =>
  sourceOf(
    { window: w, filters, dimension: 'pathname', metrics: ['fetches', 'arrivals'] },
    URL_MINUTE_ANSWERS,
  );

function checked(source: Source, filters: FilterTree): void {
  if (source === 'rollup' && [...filterDimensions(filters)].some((d) => !URL_ROLLUP_KEEPS.has(d)))
    throw new Error('the per-URL rollups keep no dimension but pathname');
}

/** Per URL with a fetch in the window: `pathname`, `fetches`, `html_fetches`, and `operator`. */
export function urlFetches(site: number, w: Window, filters: FilterTree, source: Source): Sql {
  checked(source, filters);
  return source === 'rollup'
    ? sql`
      SELECT u.pathname, u.operator, sum(u.fetches) AS fetches, sum(u.html_fetches) AS html_fetches
      FROM url_fetch_minute u
      WHERE u.site_id = ${site} AND ${inWindow('u.minute', w)}
        AND ${compileFilters(filters, URL_ROLLUP_DIMENSIONS, 'u')}
      GROUP BY 1, 2`
    : sql`
      SELECT a.pathname, a.operator, count(*) AS fetches, count(*) FILTER (WHERE ${IS_HTML}) AS html_fetches
      FROM agent_fetches a WHERE ${fetchesIn(site, w, filters)}
      GROUP BY 1, 2`;
}

/** Sessions of the raw tables that match the filters by their entry pageview (alias `s`). */
function entryMatches(filters: FilterTree): Sql {
  if (filterDimensions(filters).size === 0) return sql`TRUE`;
  return sql`EXISTS (SELECT 1 FROM events e WHERE e.session_id = s.id AND e.kind = 'pageview'
    AND e.ts = s.entry_at AND e.pathname = s.entry_path AND ${compileFilters(filters, ALL_DIMENSIONS, 'e')})`;
}

/**
 * Answer-engine arrivals of the window (sessions that started in it, by entry page), as rows of
 * `pathname`, `arrivals` and what credits them to an operator: the rollup's `operator` ('' for
 * none), or the raw session's `source` and `referrer` for `arrivalOperator` to read.
 */
export function urlArrivals(
  site: number,
  w: Window,
  filters: FilterTree,
  source: Source,
  { byUrl }: { byUrl: boolean } = { byUrl: true },
): Sql {
  checked(source, filters);
  // Summed per operator alone (byUrl false, `pathname` null), the rollup's rows need no per-URL step.
  return source === 'rollup'
    ? sql`
      SELECT ${byUrl ? sql`u.pathname` : sql`NULL::text`} AS pathname, u.operator, NULL::text AS source,
             NULL::text AS referrer, sum(u.arrivals) AS arrivals
      FROM url_arrival_minute u
      WHERE u.site_id = ${site} AND ${inWindow('u.minute', w)}
        AND u.channel = 'answer_engine' AND ${compileFilters(filters, URL_ROLLUP_DIMENSIONS, 'u')}
      GROUP BY 1, 2`
    : sql`
      SELECT s.entry_path AS pathname, NULL::text AS operator, s.referrer_source AS source, s.referrer,
             count(*) AS arrivals
      FROM sessions s
      WHERE s.site_id = ${site} AND ${inWindow('s.started_at', w)}
        AND s.channel = 'answer_engine' AND s.entry_path IS NOT NULL AND ${entryMatches(filters)}
      GROUP BY 1, 3, 4`;
}

/** Per URL, fetches and arrivals of a window from the minute rows (rollup) or the raw rows. */
function figureRows(site: number, w: Window, filters: FilterTree, source: Source): Sql {
  return sql`
    SELECT f.pathname, f.fetches, f.html_fetches, 0 AS arrivals FROM (${urlFetches(site, w, filters, source)}) f
    UNION ALL
    SELECT r.pathname, 0, 0, r.arrivals FROM (${urlArrivals(site, w, filters, source)}) r`;
}

/**
 * Per URL, the figures of the whole UTC days [first, end) from `url_citation_through`: the totals
 * as of the window's last day less those as of the day before its first (each the rows of the
 * site's latest open day on or before it; a URL without a row then has none yet).
 */
function wholeDayRows(site: number, first: number, end: number, filters: FilterTree): Sql {
  const asOf = (day: number) =>
    sql`(SELECT max(d.day) FROM url_citation_days d WHERE d.site_id = ${site} AND d.day <= ${iso(new Date(day))})`;
  return sql`
    SELECT e.pathname, e.fetches - coalesce(b.fetches, 0) AS fetches,
           e.html_fetches - coalesce(b.html_fetches, 0) AS html_fetches, e.arrivals - coalesce(b.arrivals, 0) AS arrivals
    FROM url_citation_through e
    LEFT JOIN url_citation_through b ON b.site_id = e.site_id AND b.day = ${asOf(first - DAY_MS)} AND b.pathname = e.pathname
    WHERE e.site_id = ${site} AND e.day = ${asOf(end - DAY_MS)} AND ${compileFilters(filters, URL_ROLLUP_DIMENSIONS, 'e')}`;
}

/**
 * A window as its whole UTC days [first, last) and the ragged edges around them; undefined when
 * it holds no whole UTC day.
 */
export function wholeDays(w: Window): { first: number; last: number; edges: Window[] } | undefined {
  const start = w.start.getTime();
  const end = w.end.getTime();
  const first = Math.ceil(start / DAY_MS) * DAY_MS;
  const last = Math.floor(end / DAY_MS) * DAY_MS;
  if (first >= last) return undefined;
  const edges = [
    { start, end: first },
    { start: last, end },
  ]
    .filter((e) => e.start < e.end)
    .map((e) => ({ start: new Date(e.start), end: new Date(e.end) }));
  return { first, last, edges };
}

/**
 * Per URL with a fetch or an answer-engine arrival in the window: `pathname`, `fetches`,
 * `html_fetches`, `arrivals`. From the rollups, the window's whole UTC days are the difference of
 * two days of running totals and only its ragged edges read minute rows. (Arrival rows may sum to
 * 0 where a later hit moved a session's entry elsewhere; such URLs without fetches are left out.)
 */
export function urlFigures(site: number, w: Window, filters: FilterTree, source: Source): Sql {
  const days = wholeDays(w);
  if (source === 'rollup' && days) {
    checked(source, filters);
    const whole = wholeDayRows(site, days.first, days.last, filters);
    if (days.edges.length === 0)
      return sql`SELECT w.* FROM (${whole}) w WHERE w.fetches > 0 OR w.arrivals > 0`;
    return sql`
      SELECT x.pathname, sum(x.fetches) AS fetches, sum(x.html_fetches) AS html_fetches, sum(x.arrivals) AS arrivals
      FROM (
        ${whole}
        ${join(
          days.edges.map((e) => sql`UNION ALL ${figureRows(site, e, filters, source)}`),
          ' ',
        )}
      ) x
      GROUP BY 1
      HAVING sum(x.fetches) > 0 OR sum(x.arrivals) > 0`;
  }
  return sql`
    SELECT x.pathname, sum(x.fetches) AS fetches, sum(x.html_fetches) AS html_fetches, sum(x.arrivals) AS arrivals
    FROM (${figureRows(site, w, filters, source)}) x
    GROUP BY 1
    HAVING sum(x.fetches) > 0 OR sum(x.arrivals) > 0`;
}
