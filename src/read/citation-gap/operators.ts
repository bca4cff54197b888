import { type Db, empty, join, type Sql, sql } from '../../db/sql.js';
import { arrivalOperator } from '../../enrich/attribution.js';
import type { Query } from '../envelope/query.js';
import { type FilterTree, filterDimensions } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import type { Source } from '../plan/planner.js';
import { urlArrivals, urlFetches, wholeDays } from './url-figures.js';
import { ratioOf } from './verdict.js';
import { inWindow } from '../envelope/in-window.js';

export interface OperatorRatio {
  operator: string;
  /** The operator's agent fetches (all its agents, verified or not). */
  fetches: number;
  html_fetches: number;
  /** Answer-engine arrivals from the operator's engines (by the session's source, else referrer). */
  arrivals: number;
  /** The crawl-to-refer ratio: html_fetches ÷ arrivals, two decimals; absent without arrivals. */
  ratio?: number;
}

/** Arrivals whose engine no longer names an operator (the source table changed since folding). */
export const UNATTRIBUTED = 'unknown';

/**
 * Rows of `operator`, `fetches`, `html_fetches` that sum to the window's fetches per operator.
 * Unfiltered, every fetch of the window is some URL's, so its whole UTC days are the site's
 * per-operator day rows (`citation_operator_day`) and only the ragged edges read minute rows.
 */
function operatorFetches(site: number, w: Window, filters: FilterTree, source: Source): Sql {
  const days = wholeDays(w);
  if (source === 'raw' || filterDimensions(filters).size > 0 || !days)
    return sql`SELECT f.operator, f.fetches, f.html_fetches FROM (${urlFetches(site, w, filters, source)}) f`;
  return sql`
    SELECT c.operator, c.fetches, c.html_fetches FROM citation_operator_day c
    WHERE c.site_id = ${site} AND ${inWindow('c.day', { start: days.first, end: days.last })}
    ${
      days.edges.length === 0
        ? empty
        : join(
            days.edges.map(
              (e) =>
                sql`UNION ALL SELECT f.operator, f.fetches, f.html_fetches FROM (${urlFetches(site, e, filters, source)}) f`,
            ),
            ' ',
          )
    }`;
}

/**
 * The crawl-to-refer ratio per operator (docs/api.md#get-apicitation-gapsummary), over the same URLs, window
 * and filters as the citation-gap rows, so the operators' fetches and arrivals add up to the summary's.
 * Ranked by HTML fetches, then arrivals, then name.
 */
export async function operatorRatios(db: Db, q: Query, source: Source): Promise<OperatorRatio[]> {
  const [fetched, arrived] = await Promise.all([
    db.query<{ operator: string; fetches: number; html_fetches: number }>(sql`
      SELECT f.operator, sum(f.fetches) AS fetches, sum(f.html_fetches) AS html_fetches
      FROM (${operatorFetches(q.site, q, q.filters, source)}) f GROUP BY 1`),
    db.query<{
      operator: string | null;
      source: string | null;
      referrer: string | null;
      arrivals: number;
    }>(sql`
      SELECT r.operator, r.source, r.referrer, sum(r.arrivals) AS arrivals
      FROM (${urlArrivals(q.site, q, q.filters, source, { byUrl: false })}) r GROUP BY 1, 2, 3`),
  ]);
  const byOperator = new Map<string, Omit<OperatorRatio, 'ratio'>>();
  const entry = (operator: string) => {
    const e = byOperator.get(operator) ?? { operator, fetches: 0, html_fetches: 0, arrivals: 0 };
    byOperator.set(operator, e);
    return e;
  };
  for (const f of fetched.rows) {
    const e = entry(f.operator);
    e.fetches += f.fetches;
    e.html_fetches += f.html_fetches;
  }
  for (const a of arrived.rows) {
    // The rollup credited the arrival when folding; a raw session is credited the same way here.
    const credited =
      a.operator ??
      arrivalOperator({ source: a.source ?? undefined, referrer: a.referrer ?? undefined }) ??
      '';
    entry(credited === '' ? UNATTRIBUTED : credited).arrivals += a.arrivals;
  }
  return [...byOperator.values()]
    .filter((e) => e.fetches > 0 || e.arrivals > 0)
    .sort(
      (a, b) =>
        b.html_fetches - a.html_fetches ||
        b.arrivals - a.arrivals ||
        (a.operator < b.operator ? -1 : a.operator > b.operator ? 1 : 0),
    )
    .map((e) => {
      const ratio = ratioOf(e.html_fetches, e.arrivals);
      return ratio === undefined ? e : { ...e, ratio };
    });
}
