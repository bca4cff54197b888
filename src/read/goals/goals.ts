import { type Db, join, sql } from '../../db/sql.js';
import { type Goal, goalTarget, listGoals } from '../../goals/store.js';
import { hitMatches } from '../../goals/target.js';
import { changeOf, eachWindow, percentChange } from '../envelope/compare.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { type GoalSource, goalSource, pathGoalCounts } from './path-visitors.js';
import { windowVisitors } from './window-visitors.js';
import { inWindows } from '../envelope/in-window.js';
import { directoryGoals, pairDirectoryCounts, planDirectoryGoals } from './pair-path-goals.js';

/** Revenue of a goal with a currency: only its hits in that currency, never another summed in. */
export interface Revenue {
  total: number;
  /** Per hit with revenue in the currency, two decimals; absent without one. */
  average?: number;
  currency: string;
}

export interface GoalFigures {
  visitors: number;
  conversions: number;
  /** Percent of the window's visitors, one decimal; absent when the window has none. */
  conversion_rate?: number;
  revenue?: Revenue;
}

type Change = Partial<Record<'visitors' | 'conversions' | 'conversion_rate', number>> & {
  revenue?: Partial<Record<'total' | 'average', number>>;
};

export interface GoalRow extends GoalFigures {
  id: number;
  name: string;
  event: string | null;
  path: string | null;
  comparison?: GoalFigures;
  change?: Change;
}

interface CountRow {
  id: number;
  visitors: number;
  conversions: number;
  revenue: number | null;
  average: number | null;
}

/**
 * Every goal's converting hits in one statement: one aggregate per goal over the window's hits
 * that it counts and that match the filters. Each branch reads only its goal's hits, through the
 * custom-event or the pageview index (without filters from the index alone: both carry the
 * visitor and, for events, the revenue), so the cost follows the conversions, not the traffic.
 */
async function hitCounts(
  db: Db,
  q: Query,
  w: readonly Window[],
  goals: readonly Goal[],
): Promise<CountRow[]> {
  if (goals.length === 0) return [];
  const filters = compileFilters(q.filters, HUMAN_DIMENSIONS, 'e');
  // Revenue is read only for a goal with a currency: a pageview index carries none.
  const revenue = (currency: string | null) =>
    currency === null
      ? sql`NULL::numeric AS revenue, NULL::numeric AS average`
      : sql`sum(e.revenue_amount) FILTER (WHERE e.revenue_currency = ${currency}) AS revenue,
            round(avg(e.revenue_amount) FILTER (WHERE e.revenue_currency = ${currency}), 2) AS average`;
  const branches = goals.map(
    (g) => sql`
      SELECT ${g.id}::bigint AS id, count(DISTINCT e.visitor_id COLLATE "C") AS visitors, count(*) AS conversions,
             ${revenue(g.currency)}
      FROM events e
      WHERE e.site_id = ${q.site} AND ${hitMatches(goalTarget(g))}
        AND ${inWindows('e.ts', w)} AND ${filters}`,
  );
  const { rows } = await db.query<CountRow>(join(branches, ' UNION ALL '));
  return rows;
}

/**
 * Every goal's counts: path goals from the `path_visitors` projection when the planner allows it
 * (a path pattern can match a third of the traffic, whose visitors the raw path would sort), goals
 * on `<dir>/*` under one filter value from the pair rollups' counted days and the hits of the rest
 * of the window, the others from their hits. Every path gives the same figures.
 */
async function goalCounts(
  db: Db,
  q: Query,
  w: Window,
  goals: readonly Goal[],
  source: GoalSource,
): Promise<Map<number, CountRow>> {
  const fromDays = source === 'path_visitors' ? goals.filter((g) => g.path !== null) : [];
  const dirs = source === 'dimension_pairs' ? directoryGoals(goals) : [];
  const pairs = dirs.length > 0 ? await planDirectoryGoals(db, q, w) : undefined;
  const fromPairs = pairs ? goals.filter((g) => dirs.some((d) => d.id === g.id)) : [];
  const [hits, days, counted, rest] = await Promise.all([
    hitCounts(
      db,
      q,
      [w],
      goals.filter((g) => !fromDays.includes(g) && !fromPairs.includes(g)),
    ),
    pathGoalCounts(
      db,
      q.site,
      w,
      fromDays.map((g) => ({ id: g.id, path: g.path! })),
    ),
    pairs ? pairDirectoryCounts(db, q.site, pairs, dirs) : [],
    pairs && pairs.rest.length > 0 ? hitCounts(db, q, pairs.rest, fromPairs) : [],
  ]);
  // The counted days' and the rest's visitors are of different UTC days: they add up.
  const restOf = new Map(rest.map((r) => [Number(r.id), r]));
  const paired = counted.map((c) => ({
    id: c.id,
    visitors: c.visitors + Number(restOf.get(c.id)?.visitors ?? 0),
    conversions: c.conversions + Number(restOf.get(c.id)?.conversions ?? 0),
  }));
  const rows: CountRow[] = [
    ...hits,
    ...[...days, ...paired].map((d) => ({ ...d, revenue: null, average: null })),
  ];
  return new Map(rows.map((r) => [r.id, r]));
}

async function figuresOf(
  db: Db,
  q: Query,
  w: Window,
  goals: readonly Goal[],
  source: GoalSource,
): Promise<GoalFigures[]> {
  const [counts, visitors] = await Promise.all([
    goalCounts(db, q, w, goals, source),
    windowVisitors(db, q, w),
  ]);
  return goals.map((g) => {
    const c = counts.get(g.id);
    const f: GoalFigures = { visitors: c?.visitors ?? 0, conversions: c?.conversions ?? 0 };
    if (visitors > 0) f.conversion_rate = Math.round((f.visitors / visitors) * 1000) / 10;
    if (g.currency !== null)
      f.revenue = {
        total: c?.revenue ?? 0,
        ...(c !== undefined && c.average !== null ? { average: c.average } : {}),
        currency: g.currency,
      };
    return f;
  });
}

function goalChange(now: GoalFigures, before: GoalFigures): Change {
  const change: Change = changeOf(now, before, ['visitors', 'conversions', 'conversion_rate']);
  if (now.revenue) {
    const total = percentChange(now.revenue.total, before.revenue?.total);
    const average = percentChange(now.revenue.average, before.revenue?.average);
    if (total !== undefined || average !== undefined)
      change.revenue = {
        ...(total !== undefined ? { total } : {}),
        ...(average !== undefined ? { average } : {}),
      };
  }
  return change;
}

/**
 * Per goal of the site: unique converting visitors, conversions (hits), conversion rate (percent
 * of the window's visitors) and, for a goal with a currency, its revenue in that currency. With
 * `compare`, each row also holds the other window's figures and the percent change of each.
 * Ranked by visitors, then conversions, then name. `source` forces where path goals are counted
 * (tests, benchmarks).
 */
export async function goals(
  db: Db,
  q: Query,
  _params: Record<string, never> = {},
  source: GoalSource = goalSource(q, q.filters),
): Promise<GoalRow[]> {
  const defined = await listGoals(db, q.site);
  if (defined.length === 0) return [];
  const { now, before } = await eachWindow(q, (w) => figuresOf(db, q, w, defined, source));
  const rows = defined.map((g, i): GoalRow => {
    const row: GoalRow = { id: g.id, name: g.name, event: g.event, path: g.path, ...now[i]! };
    if (before) Object.assign(row, { comparison: before[i]!, change: goalChange(now[i]!, before[i]!) });
    return row;
  });
  // A stable sort: ties keep the goals' order by name.
  return rows.sort((a, b) => b.visitors - a.visitors || b.conversions - a.conversions);
}
