import { type Sql, sql } from '../../db/sql.js';
import { fetchesIn, IS_HTML } from '../agents/totals.js';
import { compileFilters } from '../envelope/filter-sql.js';
import {
  ALL_DIMENSIONS,
  type DimensionCatalog,
  type FilterTree,
  filterDimensions,
} from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import { type Source, sourceFor } from '../envelope/source.js';

/*
 * The per-URL figures both readerships' page reads compare: agent fetches of a URL (from
 * `url_fetch_minute` or `agent_fetches`) and human arrivals on it from answer engines (sessions
 * entering on it, from `url_arrival_minute` or `sessions`). Filters are the `audience=all`
 * dimensions: a fetch matches by its own columns, an arrival by its entry pageview's, so the
 * URL an arrival is listed under is the one a `pathname` filter tests.
 */

/** The only filter dimension the per-URL rollups keep (both have `pathname`). */
export const URL_ROLLUP_KEEPS: ReadonlySet<string> = new Set(['pathname']);

const URL_ROLLUP_DIMENSIONS: DimensionCatalog = { pathname: { type: 'text', nullable: false } };

const iso = (d: Date) => d.toISOString();

/** Rollups when the window is minute-aligned and the filters test only `pathname`, else raw rows. */
export const urlSource = (w: Window, filters: FilterTree): Source =>
  sourceFor(w, filters, [], URL_ROLLUP_KEEPS);

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
      WHERE u.site_id = ${site} AND u.minute >= ${iso(w.start)} AND u.minute < ${iso(w.end)}
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
export function urlArrivals(site: number, w: Window, filters: FilterTree, source: Source): Sql {
  checked(source, filters);
  return source === 'rollup'
    ? sql`
      SELECT u.pathname, u.operator, NULL::text AS source, NULL::text AS referrer, sum(u.arrivals) AS arrivals
      FROM url_arrival_minute u
      WHERE u.site_id = ${site} AND u.minute >= ${iso(w.start)} AND u.minute < ${iso(w.end)}
        AND u.channel = 'answer_engine' AND ${compileFilters(filters, URL_ROLLUP_DIMENSIONS, 'u')}
      GROUP BY 1, 2`
    : sql`
      SELECT s.entry_path AS pathname, NULL::text AS operator, s.referrer_source AS source, s.referrer,
             count(*) AS arrivals
      FROM sessions s
      WHERE s.site_id = ${site} AND s.started_at >= ${iso(w.start)} AND s.started_at < ${iso(w.end)}
        AND s.channel = 'answer_engine' AND s.entry_path IS NOT NULL AND ${entryMatches(filters)}
      GROUP BY 1, 3, 4`;
}

/**
 * Per URL with a fetch or an answer-engine arrival in the window: `pathname`, `fetches`,
 * `html_fetches`, `arrivals`. (Rollup arrival rows may sum to 0 where a later hit moved a
 * session's entry elsewhere; such URLs without fetches are left out.)
 */
export function urlFigures(site: number, w: Window, filters: FilterTree, source: Source): Sql {
  return sql`
    SELECT x.pathname, sum(x.fetches) AS fetches, sum(x.html_fetches) AS html_fetches, sum(x.arrivals) AS arrivals
    FROM (
      SELECT f.pathname, f.fetches, f.html_fetches, 0 AS arrivals FROM (${urlFetches(site, w, filters, source)}) f
      UNION ALL
      SELECT r.pathname, 0, 0, r.arrivals FROM (${urlArrivals(site, w, filters, source)}) r
    ) x
    GROUP BY 1
    HAVING sum(x.fetches) > 0 OR sum(x.arrivals) > 0`;
}
