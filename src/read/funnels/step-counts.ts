import { PATH_SESSION_TABLES } from '../../../projections/path-visitors/fold.js';
import { type Db, empty, join, raw, type Sql, sql } from '../../db/sql.js';
import type { Target } from '../../goals/target.js';
import { filterDimensions, type FilterTree } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import { PATH_SESSIONS_ANSWERS } from '../../../projections/path-sessions/answers.js';
import { SESSION_ROWS_ANSWERS } from '../../../projections/raw-events/answers.js';
import { plan } from '../plan/planner.js';
import { pathBlockRows, pathGoalCounts } from '../goals/path-visitors.js';
import { advancingHits, firstStepSessions, stepHits } from './step-hits.js';

/** Sessions and distinct visitors that reached each step (index 0 = step 1). */
export interface StepCount {
  sessions: number;
  visitors: number;
}

/** Step k's alias and the column holding the position of the next hit matching step k. */
const alias = (k: number) => raw(`s${k}`);
const nextOf = (k: number) => raw(`next${k}`);

/**
 * Where the funnel is counted: step 1 from the `path_sessions` projection (and `path_visitors`),
 * or under filters the sessions the `sessions` rows let through; or all from the hits.
 */
export type FunnelSource = 'path_sessions' | 'session_rows' | 'raw';

/**
 * Step 1's sessions and visitors by its target (a pageview's path, or an event), from the
 * projections when they answer; under filters the sessions rows (a filter's sessions).
 */
export function funnelSource(w: Window, filters: FilterTree, steps: readonly Target[]): FunnelSource {
  const needs = {
    window: w,
    filters,
    dimension: steps[0]!.path !== undefined ? 'pathname' : 'event',
    metrics: ['sessions', 'visitors'],
  } as const;
  const sources =
    filterDimensions(filters).size > 0
      ? [PATH_SESSIONS_ANSWERS, SESSION_ROWS_ANSWERS]
      : [PATH_SESSIONS_ANSWERS];
  const chosen = plan(needs, sources);
  return chosen === 'raw' ? 'raw' : chosen === PATH_SESSIONS_ANSWERS ? 'path_sessions' : 'session_rows';
}

/**
 * The CTEs `hit`, `step`, `reach` over `funnel_hit`, and the statement's tail counting each step
 * k ≥ 2 from `reach` (see stepCounts).
 */
function chain(n: number, windowMinutes: number | null): { ctes: Sql; counts: Sql } {
  const ks = Array.from({ length: n }, (_, i) => i + 1);
  const bit = (k: number) => raw(String(2 ** (k - 1)));
  const nexts = ks
    .slice(1)
    .map((k) => sql`min(pos) FILTER (WHERE mask & ${bit(k)} <> 0) OVER later AS ${nextOf(k)}`);
  // Step k is the hit at the position step k−1 points to.
  const joins = ks.slice(1).map(
    (k) => sql`LEFT JOIN step ${alias(k)} ON ${alias(k)}.session_id = s1.session_id
        AND ${alias(k)}.pos = ${alias(k - 1)}.${nextOf(k)}`,
  );
  const within = (k: number) =>
    windowMinutes === null
      ? sql`${alias(k)}.pos IS NOT NULL`
      : sql`${alias(k)}.ts <= s1.ts + ${windowMinutes} * interval '1 minute'`;
  const reached = sql`CASE ${join(
    ks
      .slice(1)
      .reverse()
      .map((k) => sql`WHEN ${within(k)} THEN ${k}`),
    ' ',
  )} ELSE 1 END`;
  return {
    ctes: sql`
    hit AS (
      SELECT session_id, visitor_id, ts, mask, row_number() OVER in_order AS pos,
             count(*) FILTER (WHERE mask & 1 <> 0) OVER in_order AS starts
      FROM funnel_hit
      WINDOW in_order AS (PARTITION BY session_id ORDER BY ts, event, tie ROWS UNBOUNDED PRECEDING)),
    step AS (
      SELECT session_id, visitor_id, ts, mask, pos, starts, ${join(nexts, ', ')}
      FROM hit
      WINDOW later AS (PARTITION BY session_id ORDER BY pos DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)),
    reach AS (
      SELECT s1.session_id, min(s1.visitor_id) AS visitor_id, max(${reached}) AS reach
      FROM step s1 ${join(joins, ' ')}
      WHERE s1.mask & 1 <> 0 ${windowMinutes === null ? sql`AND s1.starts = 1` : empty}
      GROUP BY s1.session_id)`,
    counts: sql`
    SELECT k, count(*) AS sessions, count(DISTINCT visitor_id COLLATE "C") AS visitors
    FROM reach JOIN generate_series(2, ${n}::int) k ON reach.reach >= k
    GROUP BY k`,
  };
}

type Counted = { k: number; sessions: number; visitors: number };

/**
 * Step 1's sessions and visitors from the projections (no filters, a path step 1): its sessions
 * the bits of `path_sessions`, its visitors those a path goal on it counts from `path_visitors`.
 */
async function firstStep(db: Db, site: number, w: Window, path: string): Promise<Counted> {
  const [sessions, [goal]] = await Promise.all([
    db.query<{ sessions: number }>(sql`
      SELECT coalesce(sum(bit_count(v)), 0) AS sessions
      FROM (SELECT bit_or(sessions) AS v FROM (${pathBlockRows(site, w, path, PATH_SESSION_TABLES)}) AS h(block, sessions)
            GROUP BY block) b`),
    pathGoalCounts(db, site, w, [{ id: 1, path }]),
  ]);
  return { k: 1, sessions: Number(sessions.rows[0]!.sessions), visitors: Number(goal!.visitors) };
}

/**
 * How far each session of the window got through the steps, counted per step:
 *
 * 1. `step_hit`, `start_hit`, `funnel_hit` (step-hits.ts): the hits that match some step, each
 *    with the bit mask of the steps it matches; the step-1 hits of the sessions counted; the step
 *    hits of those sessions that have a step-2 hit too (only they can get past step 1). From the
 *    `path_sessions` source, step 1 is counted from the projections instead (every session with a
 *    step-1 hit reaches step 1) and `funnel_hit` read from the sessions with a step-2 hit
 *    (`advancingHits`): the same rows. From the `session_rows` source (filters on the sessions
 *    row's dimensions), step 1 is the sessions of the step-1 hits whose rows match
 *    (`firstStepSessions`), and `funnel_hit` the sessions with a step-2 hit that match.
 * 2. `hit`: each such hit's position in its session (by time) and how many step-1 hits came up to
 *    it; `step`: for each hit, the position of the next later hit matching each step k ≥ 2 (a
 *    window aggregate over the positions after it), so one hit never serves two steps.
 * 3. `reach`: from each start (a hit matching step 1), step k is the first hit matching it after
 *    step k−1's: taking the earliest hit at every step leaves the most of the session, and the most
 *    of `window_minutes`, for the steps after it. The chain is n−1 equality joins on
 *    (session, position). A start reaches step k when its chain has k hits and the k-th is within
 *    `window_minutes` of the start. A session's reach is its best start's; without
 *    `window_minutes` the first step-1 hit is always best, so only it starts a chain.
 * 4. Per step, the sessions that reached at least that step and their distinct visitors: step 1's
 *    are the sessions of `start_hit` (or the projections'), the later steps' come from `reach`.
 */
export async function stepCounts(
  db: Db,
  site: number,
  w: Window,
  filters: FilterTree,
  steps: readonly Target[],
  windowMinutes: number | null,
  source: FunnelSource = funnelSource(w, filters, steps),
): Promise<StepCount[]> {
  const n = steps.length;
  const { ctes, counts } = chain(n, windowMinutes);
  let rows: Counted[];
  if (source === 'session_rows') {
    const [first, later] = await Promise.all([
      db.query<Counted>(firstStepSessions(site, w, filters, steps[0]!)),
      db.query<Counted>(sql`WITH ${advancingHits(site, w, steps, filters)}, ${ctes} ${counts}`),
    ]);
    rows = [...first.rows, ...later.rows];
  } else if (source === 'path_sessions') {
    const path = steps[0]!.path;
    if (path === undefined) throw new Error('path_sessions counts a path step 1 only');
    const [first, later] = await Promise.all([
      firstStep(db, site, w, path),
      db.query<Counted>(sql`WITH ${advancingHits(site, w, steps)}, ${ctes} ${counts}`),
    ]);
    rows = [first, ...later.rows];
  } else {
    rows = (
      await db.query<Counted>(sql`
        WITH ${stepHits(site, w, filters, steps)}, ${ctes}
        SELECT 1 AS k, count(DISTINCT session_id) AS sessions, count(DISTINCT visitor_id COLLATE "C") AS visitors
        FROM start_hit
        UNION ALL ${counts}`)
    ).rows;
  }
  const byStep = new Map(rows.map((r) => [r.k, r]));
  return Array.from({ length: n }, (_, i) => ({
    sessions: byStep.get(i + 1)?.sessions ?? 0,
    visitors: byStep.get(i + 1)?.visitors ?? 0,
  }));
}
