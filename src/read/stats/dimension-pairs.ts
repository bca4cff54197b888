import { PAIR_CODES, PAIR_FILTER_COLUMNS, type PairFilterDimension } from '../../pairs/dimensions.js';
import { type Db, empty, join, raw, type Sql, sql } from '../../db/sql.js';
import { compileFilters, sessionMatches } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS } from '../envelope/filters.js';
import { type Paging, pageOf } from '../envelope/paging.js';
import type { Query } from '../envelope/query.js';
import { oneValueFilter, plan, type ReadNeeds } from '../plan/planner.js';
import { DIMENSION_PAIRS_ANSWERS } from '../../pairs/answers.js';
import { inWindows } from '../envelope/in-window.js';
import { AUTOMATIC_KINDS, EVENT_KIND_LIST, EVENT_NAME, eventMatches } from '../../goals/automatic-events.js';
import type { PageSums } from './page-sums.js';
import { type CountedDays, countedDays } from './counted-days.js';

/** A read of the pairs: the filter value, the window's counted days, and the rest of it, read raw. */
export interface PairPlan extends CountedDays {
  fdim: number;
  fvalue: string;
}

/**
 * The pair read of a window whose filter is one kept dimension `is` one value: the whole UTC days of
 * the window listed in `dimension_pair_days`, and the rest. Undefined when none of its days is
 * counted (the raw path then reads it all).
 */
export async function planPairRead(
  db: Db,
  site: number,
  needs: Pick<ReadNeeds, 'window' | 'filters' | 'dimension' | 'metrics'>,
  /** Bucket starts: a day a bucket starts inside of is read raw, so each counted day lies in one bucket. */
  cuts: readonly Date[] = [],
): Promise<PairPlan | undefined> {
  const chip = oneValueFilter(needs.filters);
  if (chip === undefined || plan(needs, [DIMENSION_PAIRS_ANSWERS]) === 'raw') return undefined;
  const counted = await countedDays(db, site, needs.window, cuts);
  if (counted === undefined) return undefined;
  return {
    fdim: PAIR_CODES[chip.dimension as PairFilterDimension],
    fvalue: chip.value,
    ...counted,
  };
}

/** The pair rows of the plan's days for the breakdown codes `dims`, table alias `p`. */
export const pairRows = (site: number, plan: PairPlan, dims: readonly number[]) => sql`
  dimension_pairs p WHERE p.site_id = ${site} AND p.day = ANY(${plan.days}::date[])
    AND p.fdim = ${plan.fdim} AND hashtext(p.fvalue) = hashtext(${plan.fvalue}) AND p.fvalue = ${plan.fvalue}
    AND p.dim = ANY(${dims}::smallint[])`;

/**
 * `UNION ALL` and the raw parts, or nothing when the plan's window is all counted days: a part
 * that can hold no row still costs its plan (parallel workers started for it, and JIT compiling a
 * statement whose estimate counts a scan of the whole table).
 */
const andRest = (plan: PairPlan, parts: readonly Sql[]) =>
  plan.rest.length === 0 ? empty : sql`UNION ALL ${join(parts, ' UNION ALL ')}`;

/** The raw hits of the plan's rest that pass the query's filters, table alias `e`. */
const restHits = (q: Query, plan: PairPlan) => sql`
  events e WHERE e.site_id = ${q.site} AND ${inWindows('e.ts', plan.rest)}
    AND ${compileFilters(q.filters, HUMAN_DIMENSIONS, 'e')}`;

/**
 * A breakdown by `dimension` under the plan's filter, ranked as the raw read ranks it, with the
 * window's distinct visitors of the filtered hits (the share base) on every row. By the filter's
 * own dimension it is the one value's row.
 */
export async function pairBreakdown(
  db: Db,
  q: Query,
  plan: PairPlan,
  dimension: PairFilterDimension,
  p: Paging,
): Promise<{ value: string | null; visitors: number; pageviews: number; total: number }[]> {
  const dim = PAIR_CODES[dimension];
  const own = dim === plan.fdim;
  const column = raw(`e.${PAIR_FILTER_COLUMNS[dimension]}`);
  const { rows } = await db.query(sql`
    WITH parts AS (
      SELECT p.dim, p.value, p.visitors, p.pageviews, p.events FROM ${pairRows(q.site, plan, own ? [PAIR_CODES.all] : [PAIR_CODES.all, dim])}
      ${andRest(plan, [
        sql`SELECT ${dim}::smallint, ${column}, count(DISTINCT e.visitor_id), count(*) FILTER (WHERE e.kind = 'pageview'), count(*)
          FROM ${restHits(q, plan)} GROUP BY 2`,
        sql`SELECT ${PAIR_CODES.all}::smallint, NULL, count(DISTINCT e.visitor_id),
          count(*) FILTER (WHERE e.kind = 'pageview'), count(*) FROM ${restHits(q, plan)}`,
      ])}),
    sums AS (
      SELECT dim, value, sum(visitors) AS visitors, sum(pageviews) AS pageviews, sum(events) AS events
      FROM parts GROUP BY dim, value)
    SELECT ${own ? sql`${plan.fvalue}::text` : sql`s.value`} AS value, s.visitors, s.pageviews, t.total
    FROM sums s CROSS JOIN (SELECT coalesce(sum(visitors), 0) AS total FROM sums WHERE dim = ${PAIR_CODES.all}) t
    WHERE s.dim = ${own ? PAIR_CODES.all : dim} AND s.events > 0
    ORDER BY s.visitors DESC, s.pageviews DESC, s.value ASC NULLS LAST
    ${pageOf(p)}`);
  return rows;
}

/**
 * Pages under the plan's filter with a pageview in the window, ranked by visitors, with the
 * sessions started in it that had a hit with the filter's value, by entry and exit page, and the
 * mean engagement of the filtered pageviews, as the raw read gives them.
 */
export async function pairPages(db: Db, q: Query, plan: PairPlan, p: Paging) {
  const own = plan.fdim === PAIR_CODES.pathname;
  const sessions = sql`sessions s WHERE s.site_id = ${q.site} AND ${inWindows('s.started_at', plan.rest)}
    AND ${sessionMatches(q.filters, 's')}`;
  const { rows } = await db.query<PageSums>(sql`
    WITH parts AS (
      SELECT ${own ? sql`${plan.fvalue}::text` : sql`p.value`} AS pathname, p.visitors, p.pageviews,
             p.entries, p.exits, p.scroll, p.scroll_n, p.engaged_ms, p.engaged_n
      FROM ${pairRows(q.site, plan, [own ? PAIR_CODES.all : PAIR_CODES.pathname])}
      ${andRest(plan, [
        sql`SELECT e.pathname, count(DISTINCT e.visitor_id), count(*) FILTER (WHERE e.kind = 'pageview'), 0, 0,
             sum(e.scroll) FILTER (WHERE e.kind = 'pageview'), count(e.scroll) FILTER (WHERE e.kind = 'pageview'),
             sum(e.engaged_ms) FILTER (WHERE e.kind = 'pageview'), count(e.engaged_ms) FILTER (WHERE e.kind = 'pageview')
          FROM ${restHits(q, plan)} GROUP BY 1`,
        sql`SELECT s.entry_path, 0, 0, count(*), 0, NULL, 0, NULL, 0 FROM ${sessions} GROUP BY 1`,
        sql`SELECT s.exit_path, 0, 0, 0, count(*), NULL, 0, NULL, 0 FROM ${sessions} GROUP BY 1`,
      ])})
    SELECT pathname, sum(visitors) AS visitors, sum(pageviews) AS pageviews,
           sum(entries) AS entries, sum(exits) AS exits,
           sum(scroll)::numeric / nullif(sum(scroll_n), 0) AS scroll,
           sum(engaged_ms)::numeric / nullif(sum(engaged_n), 0) AS engaged
    FROM parts WHERE pathname IS NOT NULL GROUP BY pathname HAVING sum(pageviews) > 0
    ORDER BY 2 DESC, 3 DESC, 1
    ${pageOf(p)}`);
  return rows;
}

/**
 * Events but identify calls (or the one named) under the plan's filter, ranked by visitors, then
 * events, then name: custom events from the `event` rows, automatic ones from the `kind` rows of
 * their kinds, and the rest of the window from the raw hits. Undefined when a name is both a
 * custom event's and an automatic one's in the window (no counter gives their visitors together)
 * or the filter is on `kind` (its own rows are not kept).
 */
export async function pairEventNames(db: Db, q: Query, plan: PairPlan, p: Paging, only?: string) {
  if (plan.fdim === PAIR_CODES.kind) return undefined;
  const auto = only === undefined ? AUTOMATIC_KINDS : AUTOMATIC_KINDS.filter((a) => a.name === only);
  const named = sql`CASE p.value ${raw(auto.map((a) => `WHEN '${a.kind}' THEN '${a.name}'`).join(' ') || 'WHEN NULL THEN NULL')} END`;
  const { rows } = await db.query<{ value: string; visitors: number; events: number; clash: boolean }>(sql`
    WITH parts AS (
      SELECT p.dim = ${PAIR_CODES.event} AS custom,
             CASE WHEN p.dim = ${PAIR_CODES.kind} THEN ${named} ELSE p.value END AS value, p.visitors, p.events
      FROM ${pairRows(q.site, plan, [PAIR_CODES.event, PAIR_CODES.kind])}
        AND ((p.dim = ${PAIR_CODES.event} AND ${only === undefined ? sql`p.value <> 'identify'` : sql`p.value = ${only}`})
          OR (p.dim = ${PAIR_CODES.kind} AND p.value = ANY(${auto.map((a) => a.kind)}::text[])))
      ${andRest(plan, [
        sql`SELECT e.kind = 'custom', ${EVENT_NAME}, count(DISTINCT e.visitor_id), count(*)
          FROM ${restHits(q, plan)}
            AND ${only === undefined ? sql`e.kind IN (${EVENT_KIND_LIST}) AND ${EVENT_NAME} <> 'identify'` : eventMatches(only)}
          GROUP BY 1, 2`,
      ])}),
    sums AS (SELECT custom, value, sum(visitors) AS visitors, sum(events) AS events FROM parts GROUP BY 1, 2)
    SELECT value, sum(visitors) AS visitors, sum(events) AS events,
           bool_or(count(*) FILTER (WHERE events > 0) > 1) OVER () AS clash
    FROM sums GROUP BY value HAVING sum(events) > 0
    ORDER BY 2 DESC, 3 DESC, 1
    ${pageOf(p)}`);
  if (rows.some((r) => r.clash)) return undefined;
  return rows.map(({ clash: _clash, ...r }) => r);
}
