import {
  DIMENSION_CODES,
  DIMENSION_GRAINS,
  type KeptDimension,
} from '../../../projections/dimension-rollup/dimensions.js';
import { type Db, raw, sql } from '../../db/sql.js';
import type { Window } from '../envelope/range.js';
import { splitByGrains, visitorSpans } from './rollup-totals.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A window as the dimension rollup's rows: each span from or to a UTC midnight (the planner
 * sends a window inside one UTC day to the raw hits) as whole days, then hours, then quarter
 * hours at its edges; `last` when the span ends at a midnight, so it counts `visitors_last`.
 */
function windowParts(w: Window) {
  const parts = visitorSpans([w]).flatMap((span) => {
    if (span.count === 'inner')
      throw new Error('the dimension rollup cannot count visitors inside one UTC day');
    return splitByGrains(span.start, span.end, DIMENSION_GRAINS).map((p) => ({
      ...p,
      last: span.count === 'last',
    }));
  });
  return sql`unnest(${parts.map((p) => p.grain.grain)}::smallint[], ${parts.map((p) => iso(p.start))}::timestamptz[],
    ${parts.map((p) => iso(p.end))}::timestamptz[], ${parts.map((p) => p.last)}::boolean[]) AS p(grain, s, e, last)`;
}

const visitorsOf = (alias: string) =>
  raw(`sum(CASE WHEN p.last THEN ${alias}.visitors_last ELSE ${alias}.visitors END)`);

interface Page {
  limit: number;
  page: number;
}
const pageOf = (p: Page) => sql`LIMIT ${p.limit} OFFSET ${(p.page - 1) * p.limit}`;

/**
 * A breakdown by a kept dimension, ranked as the raw read ranks it (visitors, pageviews, value),
 * with the window's distinct visitors (the share base) on every row.
 */
export async function rollupBreakdown(
  db: Db,
  site: number,
  w: Window,
  dimension: KeptDimension,
  p: Page,
): Promise<{ value: string | null; visitors: number; pageviews: number; total: number }[]> {
  const dim = DIMENSION_CODES[dimension];
  const { rows } = await db.query(sql`
    WITH sums AS (
      SELECT r.dim, r.value, sum(r.pageviews) AS pageviews, sum(r.events) AS events, ${visitorsOf('r')} AS visitors
      FROM ${windowParts(w)}
      JOIN dimension_rollup r ON r.site_id = ${site} AND r.dim = ANY(${[DIMENSION_CODES.all, dim]}::smallint[])
        AND r.grain = p.grain AND r.at >= p.s AND r.at < p.e
      GROUP BY r.dim, r.value)
    SELECT s.value, s.visitors, s.pageviews, t.total
    FROM sums s CROSS JOIN (SELECT coalesce(sum(visitors), 0) AS total FROM sums WHERE dim = ${DIMENSION_CODES.all}) t
    WHERE s.dim = ${dim} AND s.events > 0
    ORDER BY s.visitors DESC, s.pageviews DESC, s.value ASC NULLS LAST
    ${pageOf(p)}`);
  return rows;
}

/**
 * Pages with a pageview in the window, ranked by visitors, with the sessions that started in it
 * by entry and exit page and the summed engagement of their pageviews (`scroll` and `engaged`
 * the means, as numerics, as the raw read's `avg` gives them).
 */
export async function rollupPages(db: Db, site: number, w: Window, p: Page) {
  const parts = windowParts(w);
  const { rows } = await db.query<{
    pathname: string;
    visitors: number;
    pageviews: number;
    entries: number;
    exits: number;
    scroll: number | null;
    engaged: number | null;
  }>(sql`
    WITH top AS (
      SELECT r.value AS pathname, ${visitorsOf('r')} AS visitors, sum(r.pageviews) AS pageviews
      FROM ${parts}
      JOIN dimension_rollup r ON r.site_id = ${site} AND r.dim = ${DIMENSION_CODES.pathname}
        AND r.grain = p.grain AND r.at >= p.s AND r.at < p.e
      GROUP BY r.value HAVING sum(r.pageviews) > 0
      ORDER BY 2 DESC, 3 DESC, 1
      ${pageOf(p)}),
    extra AS (
      SELECT x.pathname, sum(x.entries) AS entries, sum(x.exits) AS exits, sum(x.scroll) AS scroll,
             sum(x.scroll_n) AS scroll_n, sum(x.engaged_ms) AS engaged, sum(x.engaged_n) AS engaged_n
      FROM ${parts}
      JOIN page_rollup x ON x.site_id = ${site} AND x.grain = p.grain AND x.at >= p.s AND x.at < p.e
        AND x.pathname IN (SELECT pathname FROM top)
      GROUP BY x.pathname)
    SELECT h.pathname, h.visitors, h.pageviews, coalesce(x.entries, 0) AS entries, coalesce(x.exits, 0) AS exits,
           x.scroll::numeric / nullif(x.scroll_n, 0) AS scroll, x.engaged::numeric / nullif(x.engaged_n, 0) AS engaged
    FROM top h LEFT JOIN extra x ON x.pathname = h.pathname
    ORDER BY h.visitors DESC, h.pageviews DESC, h.pathname`);
  return rows;
}

/** Custom events but identify calls (or the one named), ranked by visitors, then events, then name. */
export async function rollupEventNames(db: Db, site: number, w: Window, p: Page, only?: string) {
  const { rows } = await db.query<{ value: string; visitors: number; events: number }>(sql`
    SELECT r.value, ${visitorsOf('r')} AS visitors, sum(r.events) AS events
    FROM ${windowParts(w)}
    JOIN dimension_rollup r ON r.site_id = ${site} AND r.dim = ${DIMENSION_CODES.event}
      AND r.grain = p.grain AND r.at >= p.s AND r.at < p.e
      AND ${only === undefined ? sql`r.value <> 'identify'` : sql`r.value = ${only}`}
    GROUP BY r.value HAVING sum(r.events) > 0
    ORDER BY 2 DESC, 3 DESC, 1
    ${pageOf(p)}`);
  return rows;
}

/**
 * An event's counts per value of one property, or undefined when some of its hits in the window
 * lack the property: their null row's distinct visitors are in no counter.
 */
export async function rollupEventProperty(
  db: Db,
  site: number,
  w: Window,
  name: string,
  key: string,
  p: Page,
) {
  const parts = windowParts(w);
  const { rows: sums } = await db.query<{ missing: number }>(sql`
    SELECT coalesce((SELECT sum(r.events) FROM ${parts}
                     JOIN dimension_rollup r ON r.site_id = ${site} AND r.dim = ${DIMENSION_CODES.event}
                       AND r.grain = p.grain AND r.at >= p.s AND r.at < p.e AND r.value = ${name}), 0)
         - coalesce((SELECT sum(r.events) FROM ${parts}
                     JOIN event_property_rollup r ON r.site_id = ${site} AND r.name = ${name} AND r.key = ${key}
                       AND r.grain = p.grain AND r.at >= p.s AND r.at < p.e), 0) AS missing`);
  if (sums[0]!.missing !== 0) return undefined;
  const { rows } = await db.query<{ value: string; visitors: number; events: number }>(sql`
    SELECT r.value, ${visitorsOf('r')} AS visitors, sum(r.events) AS events
    FROM ${parts}
    JOIN event_property_rollup r ON r.site_id = ${site} AND r.name = ${name} AND r.key = ${key}
      AND r.grain = p.grain AND r.at >= p.s AND r.at < p.e
    GROUP BY r.value HAVING sum(r.events) > 0
    ORDER BY 2 DESC, 3 DESC, 1
    ${pageOf(p)}`);
  return rows;
}
