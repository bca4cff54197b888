import { type Db, sql } from '../../db/sql.js';
import { PAIR_CODES } from '../../pairs/dimensions.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { type PairPlan, pairRows, planPairRead } from '../stats/dimension-pairs.js';
import { directoryPrefix } from './path-visitors.js';

/** A goal on `<dir>/*` and the directory its pageviews lie under. */
export interface DirectoryGoal {
  id: number;
  prefix: string;
}

/** The goals on `<dir>/*` among `goals`, with their directory. */
export const directoryGoals = (goals: readonly { id: number; path: string | null }[]): DirectoryGoal[] =>
  goals.flatMap((g) => {
    const prefix = g.path === null ? null : directoryPrefix(g.path);
    return prefix === null ? [] : [{ id: g.id, prefix }];
  });

/** The pair read of the window for goals on directories under the query's one filter value, if any. */
export const planDirectoryGoals = (db: Db, q: Query, w: Window): Promise<PairPlan | undefined> =>
  planPairRead(db, q.site, {
    window: w,
    filters: q.filters,
    dimension: 'prefix',
    metrics: ['visitors', 'pageviews'],
  });

/**
 * Visitors and conversions (pageviews) of goals on `<dir>/*` over the plan's counted days, from the
 * pairs' `prefix` rows: the rest of the window is the caller's to count from the hits and add
 * (visitor ids live one UTC day, so the days' visitors add up).
 */
export async function pairDirectoryCounts(
  db: Db,
  site: number,
  plan: PairPlan,
  goals: readonly DirectoryGoal[],
): Promise<{ id: number; visitors: number; conversions: number }[]> {
  const { rows } = await db.query<{ prefix: string; visitors: number; conversions: number }>(sql`
    SELECT p.value AS prefix, sum(p.visitors)::int AS visitors, sum(p.pageviews)::int AS conversions
    FROM ${pairRows(site, plan, [PAIR_CODES.prefix])} AND p.value = ANY(${goals.map((g) => g.prefix)}::text[])
    GROUP BY 1`);
  const by = new Map(rows.map((r) => [r.prefix, r]));
  return goals.map((g) => ({
    id: g.id,
    visitors: by.get(g.prefix)?.visitors ?? 0,
    conversions: by.get(g.prefix)?.conversions ?? 0,
  }));
}
