import { raw, type Sql, sql } from '../../src/db/sql.js';

export const DAY_MS = 86_400_000;

/** The start of the UTC day holding `ts` (epoch ms): the `day` of the per-day URL tables. */
export const dayOf = (ts: number) => Math.floor(ts / DAY_MS) * DAY_MS;

/** A (site, pathname, day) a fold wrote to one of the per-day URL tables. */
export interface UrlDay {
  site: number;
  pathname: string;
  day: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The statement that keeps `next_day` right in a per-URL, per-day table (`url_crawl_day`,
 * `url_pageview_day`) after rows for `days` were written: each written row and the row before it
 * (the URL's previous day) get the URL's next day after theirs. Days may come in any order (a
 * late fetch, a batch across midnight); rows whose next day did not change are not touched, so
 * the common case (today's rows, already chained) writes nothing.
 */
export function chainDays(table: 'url_crawl_day' | 'url_pageview_day', days: readonly UrlDay[]): Sql {
  const t = raw(table);
  return sql`
    WITH k AS (
      SELECT DISTINCT * FROM unnest(${days.map((d) => d.site)}::bigint[], ${days.map((d) => d.pathname)}::text[],
        ${days.map((d) => iso(d.day))}::timestamptz[]) AS k(site_id, pathname, day)),
    touched AS (
      SELECT k.site_id, k.pathname, k.day FROM k
      UNION
      SELECT k.site_id, k.pathname, p.day FROM k CROSS JOIN LATERAL (
        SELECT x.day FROM ${t} x WHERE x.site_id = k.site_id AND x.pathname = k.pathname AND x.day < k.day
        ORDER BY x.day DESC LIMIT 1) p)
    UPDATE ${t} c SET next_day = n.day
    FROM touched LEFT JOIN LATERAL (
      SELECT x.day FROM ${t} x WHERE x.site_id = touched.site_id AND x.pathname = touched.pathname
        AND x.day > touched.day
      ORDER BY x.day LIMIT 1) n ON TRUE
    WHERE c.site_id = touched.site_id AND c.pathname = touched.pathname AND c.day = touched.day
      AND c.next_day IS DISTINCT FROM n.day`;
}
