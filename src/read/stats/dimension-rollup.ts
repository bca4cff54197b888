import {
  DIMENSION_CODES,
  DIMENSION_GRAINS,
  type KeptDimension,
} from '../../../projections/dimension-rollup/dimensions.js';
import { DIMENSION_ROLLUP_ANSWERS } from '../../../projections/dimension-rollup/answers.js';
import { type Db, raw, type Sql, sql } from '../../db/sql.js';
import { AUTOMATIC_KINDS } from '../../goals/automatic-events.js';
import { type Paging, pageOf } from '../envelope/paging.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { newestNeed } from '../plan/newest-hit.js';
import { endsAfterData, type ReadNeeds, type Source, sourceOf } from '../plan/planner.js';
import { type PairPlan, planPairRead } from './dimension-pairs.js';
import type { PageSums } from './page-sums.js';
import { splitByGrains, visitorSpans } from './rollup-totals.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A window the rollup reads; `endsAfterData` when it ends after the site's newest hit. */
export interface RollupWindow extends Window {
  endsAfterData?: boolean;
}

/**
 * The source of a read of the dimension rollup's (the planner's choice unless `forced`), and the
 * window as the rollup reads it; for a read filtered by one value, the pair rollup's plan when it
 * answers (src/pairs/answers.ts) and has counted days in the window. The site's newest hit is read
 * only for a window ending off a quarter hour, as one ending now does.
 */
export async function planDimensionRead(
  db: Db,
  q: Query,
  needs: Pick<ReadNeeds, 'dimension' | 'metrics'>,
  forced?: Source,
): Promise<{ source: Source; window: RollupWindow; pairs?: PairPlan }> {
  const filtered: ReadNeeds = { ...needs, window: q, filters: q.filters };
  const pairs = forced !== 'raw' ? await planPairRead(db, q.site, filtered) : undefined;
  if (pairs) return { source: 'rollup', window: q, pairs };
  const full: ReadNeeds = {
    ...filtered,
    ...(await newestNeed(db, q.site, q, DIMENSION_ROLLUP_ANSWERS.unitMs)),
  };
  return {
    source: forced ?? sourceOf(full, DIMENSION_ROLLUP_ANSWERS),
    window: { start: q.start, end: q.end, endsAfterData: endsAfterData(full) },
  };
}

/**
 * A window as the dimension rollup's rows: each span from or to a UTC midnight as whole days,
 * then hours, then quarter hours at its edges (a window ending off a quarter hour takes the rows
 * of its last, partial one); `last` when the span ends at a midnight, or inside one UTC day at a
 * window end after the site's newest hit, so it counts `visitors_last` (planner.ts, `answers`).
 */
function windowParts(w: RollupWindow) {
  const parts = visitorSpans([w]).flatMap((span) => {
    if (span.count === 'inner' && !w.endsAfterData)
      throw new Error('the dimension rollup cannot count visitors inside one UTC day');
    return splitByGrains(span.start, span.end, DIMENSION_GRAINS).map((p) => ({
      ...p,
      last: span.count !== 'first',
    }));
  });
  return sql`unnest(${parts.map((p) => p.grain.grain)}::smallint[], ${parts.map((p) => iso(p.start))}::timestamptz[],
    ${parts.map((p) => iso(p.end))}::timestamptz[], ${parts.map((p) => p.last)}::boolean[]) AS p(grain, s, e, last)`;
}

const VISITORS = raw('sum(CASE WHEN p.last THEN r.visitors_last ELSE r.visitors END)');

/**
 * `rows` (the grouped rows of table `r` in the part `p`, alias `x`) for every part of the window:
 * one index range a part. As a join, Postgres guessed thousands of rows from the parts' unnest and
 * chose to read the whole table in parallel.
 */
const eachPart = (w: RollupWindow, rows: Sql) => sql`${windowParts(w)} CROSS JOIN LATERAL (${rows}) x`;
const inPart = raw('r.grain = p.grain AND r.at >= p.s AND r.at < p.e');

/**
 * A breakdown by a kept dimension, ranked as the raw read ranks it (visitors, pageviews, value),
 * with the window's distinct visitors (the share base) on every row.
 */
export async function rollupBreakdown(
  db: Db,
  site: number,
  w: RollupWindow,
  dimension: KeptDimension,
  p: Paging,
): Promise<{ value: string | null; visitors: number; pageviews: number; total: number }[]> {
  const dim = DIMENSION_CODES[dimension];
  const { rows } = await db.query(sql`
    WITH sums AS (
      SELECT x.dim, x.value, sum(x.pageviews) AS pageviews, sum(x.events) AS events, sum(x.visitors) AS visitors
      FROM ${eachPart(
        w,
        sql`SELECT r.dim, r.value, sum(r.pageviews) AS pageviews, sum(r.events) AS events, ${VISITORS} AS visitors
        FROM dimension_rollup r
        WHERE r.site_id = ${site} AND r.dim = ANY(${[DIMENSION_CODES.all, dim]}::smallint[]) AND ${inPart}
        GROUP BY r.dim, r.value`,
      )}
      GROUP BY x.dim, x.value)
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
export async function rollupPages(db: Db, site: number, w: RollupWindow, p: Paging) {
  const { rows } = await db.query<PageSums>(sql`
    WITH top AS (
      SELECT x.value AS pathname, sum(x.visitors) AS visitors, sum(x.pageviews) AS pageviews
      FROM ${eachPart(
        w,
        sql`SELECT r.value, ${VISITORS} AS visitors, sum(r.pageviews) AS pageviews
        FROM dimension_rollup r WHERE r.site_id = ${site} AND r.dim = ${DIMENSION_CODES.pathname} AND ${inPart}
        GROUP BY r.value`,
      )}
      GROUP BY x.value HAVING sum(x.pageviews) > 0
      ORDER BY 2 DESC, 3 DESC, 1
      ${pageOf(p)}),
    extra AS (
      SELECT x.pathname, sum(x.entries) AS entries, sum(x.exits) AS exits, sum(x.scroll) AS scroll,
             sum(x.scroll_n) AS scroll_n, sum(x.engaged) AS engaged, sum(x.engaged_n) AS engaged_n
      FROM ${eachPart(
        w,
        sql`SELECT r.pathname, sum(r.entries) AS entries, sum(r.exits) AS exits, sum(r.scroll) AS scroll,
          sum(r.scroll_n) AS scroll_n, sum(r.engaged_ms) AS engaged, sum(r.engaged_n) AS engaged_n
        FROM page_rollup r
        WHERE r.site_id = ${site} AND ${inPart} AND r.pathname IN (SELECT pathname FROM top)
        GROUP BY r.pathname`,
      )}
      GROUP BY x.pathname)
    SELECT h.pathname, h.visitors, h.pageviews, coalesce(x.entries, 0) AS entries, coalesce(x.exits, 0) AS exits,
           x.scroll::numeric / nullif(x.scroll_n, 0) AS scroll, x.engaged::numeric / nullif(x.engaged_n, 0) AS engaged
    FROM top h LEFT JOIN extra x ON x.pathname = h.pathname
    ORDER BY h.visitors DESC, h.pageviews DESC, h.pathname`);
  return rows;
}

/**
 * Events but identify calls (or the one named), ranked by visitors, then events, then name:
 * custom events from the `event` rows, automatic ones from the `kind` rows of their kinds. Undefined
 * when a name is both a custom event's and an automatic one's in the window: no counter gives the
 * distinct visitors of the two together.
 */
export async function rollupEventNames(db: Db, site: number, w: RollupWindow, p: Paging, only?: string) {
  const auto = only === undefined ? AUTOMATIC_KINDS : AUTOMATIC_KINDS.filter((a) => a.name === only);
  const named = sql`CASE r.value ${raw(auto.map((a) => `WHEN '${a.kind}' THEN '${a.name}'`).join(' ') || 'WHEN NULL THEN NULL')} END`;
  const { rows } = await db.query<{ value: string; visitors: number; events: number; clash: boolean }>(sql`
    SELECT x.value, sum(x.visitors) AS visitors, sum(x.events) AS events,
           bool_or(count(DISTINCT x.dim) FILTER (WHERE x.events > 0) > 1) OVER () AS clash
    FROM ${eachPart(
      w,
      sql`SELECT r.dim, CASE WHEN r.dim = ${DIMENSION_CODES.kind} THEN ${named} ELSE r.value END AS value,
             ${VISITORS} AS visitors, sum(r.events) AS events
      FROM dimension_rollup r
      WHERE r.site_id = ${site} AND ${inPart}
        AND ((r.dim = ${DIMENSION_CODES.event}
              AND ${only === undefined ? sql`r.value <> 'identify'` : sql`r.value = ${only}`})
          OR (r.dim = ${DIMENSION_CODES.kind} AND r.value = ANY(${auto.map((a) => a.kind)}::text[])))
      GROUP BY r.dim, r.value`,
    )}
    GROUP BY x.value HAVING sum(x.events) > 0
    ORDER BY 2 DESC, 3 DESC, 1
    ${pageOf(p)}`);
  if (rows.some((r) => r.clash)) return undefined;
  return rows.map(({ clash: _clash, ...r }) => r);
}

/**
 * An event's counts per value of one property, or undefined when some of its hits in the window
 * lack the property: their null row's distinct visitors are in no counter.
 */
export async function rollupEventProperty(
  db: Db,
  site: number,
  w: RollupWindow,
  name: string,
  key: string,
  p: Paging,
) {
  const { rows: sums } = await db.query<{ missing: number }>(sql`
    SELECT coalesce((SELECT sum(x.events) FROM ${eachPart(
      w,
      sql`SELECT sum(r.events) AS events FROM dimension_rollup r
      WHERE r.site_id = ${site} AND r.dim = ${DIMENSION_CODES.event} AND r.value = ${name} AND ${inPart}`,
    )}), 0)
         - coalesce((SELECT sum(x.events) FROM ${eachPart(
           w,
           sql`SELECT sum(r.events) AS events FROM event_property_rollup r
           WHERE r.site_id = ${site} AND r.name = ${name} AND r.key = ${key} AND ${inPart}`,
         )}), 0) AS missing`);
  if (sums[0]!.missing !== 0) return undefined;
  const { rows } = await db.query<{ value: string; visitors: number; events: number }>(sql`
    SELECT x.value, sum(x.visitors) AS visitors, sum(x.events) AS events
    FROM ${eachPart(
      w,
      sql`SELECT r.value, ${VISITORS} AS visitors, sum(r.events) AS events
      FROM event_property_rollup r
      WHERE r.site_id = ${site} AND r.name = ${name} AND r.key = ${key} AND ${inPart}
      GROUP BY r.value`,
    )}
    GROUP BY x.value HAVING sum(x.events) > 0
    ORDER BY 2 DESC, 3 DESC, 1
    ${pageOf(p)}`);
  return rows;
}
