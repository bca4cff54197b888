import { empty, join, raw, type Sql, sql } from '../../db/sql.js';
import { automaticEvent, EVENT_KIND_LIST, EVENT_NAME } from '../../goals/automatic-events.js';
import { hitMatches, kindOf, sameKindMatches, type Target } from '../../goals/target.js';
import { compileFilters, sessionMatches } from '../envelope/filter-sql.js';
import { EMPTY_FILTERS, filterDimensions, type FilterTree, HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import { inWindow } from '../envelope/in-window.js';
import { windowSessions } from '../sessions/window-sessions.js';

const sameTarget = (a: Target, b: Target) => a.event === b.event && a.path === b.path;

/** The steps' distinct targets, and per target the bit mask of the steps it is. */
function targetsOf(steps: readonly Target[]) {
  const targets = steps.filter((s, i) => steps.findIndex((t) => sameTarget(s, t)) === i);
  const bits = targets.map((t) => steps.reduce((m, s, i) => (sameTarget(s, t) ? m | (1 << i) : m), 0));
  return { targets, bits };
}

/**
 * Whether the steps' events are all custom ones: an event hit they read is then a custom event,
 * told apart by the name the custom-event index carries (an index-only read).
 */
const customOnly = (steps: readonly Target[]) =>
  steps.every((s) => s.event === undefined || automaticEvent(s.event) === undefined);

/**
 * Whether hit `e`, known to be of `t`'s class (with `custom`, an event hit is a custom event), is
 * one `t` counts.
 */
const stepTest = (t: Target, custom: boolean) =>
  t.event !== undefined && custom ? sql`e.name = ${t.event}` : sameKindMatches(t);

/**
 * The mask of steps a hit `e` of class `kind` matches: within a class only the targets of that
 * class can match. 0 when no step is of that class.
 */
function kindMask(steps: readonly Target[], kind: ReturnType<typeof kindOf>, custom: boolean): Sql {
  const { targets, bits } = targetsOf(steps);
  const cases = targets.flatMap((t, j) =>
    kindOf(t) === kind
      ? [sql`(CASE WHEN ${stepTest(t, custom)} THEN ${raw(String(bits[j]!))} ELSE 0 END)`]
      : [],
  );
  return cases.length > 0 ? join(cases, ' | ') : sql`0`;
}

const inWindowOf = (site: number, w: Window) => sql`e.site_id = ${site} AND ${inWindow('e.ts', w)}`;

/**
 * The CTEs `step_hit`, `start_hit`, `advancing` and `funnel_hit` of a funnel's statement:
 *
 * - `step_hit`: the window's hits that match some step, one row per hit with the bit mask of the
 *   steps it matches (bit k−1 for step k). Hits matching no step are left out: other hits between
 *   steps do not matter. Each distinct target is one branch, read from the pageview, the
 *   custom-event or the automatic-event index alone (all carry the session and the visitor), so
 *   the cost follows the steps' hits, not the traffic. A hit matching several targets (`/pricing` and `/pri*`) is read
 *   by the first of them only, with every step it matches in its mask: one hit, one row.
 * - `start_hit`: the step-1 hits, in sessions that match the filters: every session with one
 *   reaches step 1. With filters, a session counts when one of its hits in the window matches them
 *   (as sessions do in the overview), and then all its hits in the window take part.
 * - `advancing`, `funnel_hit`: the step hits of the sessions with a step-2 hit (the only ones that
 *   can get past step 1), then of those of them counted at step 1: hash semi-joins on materialised
 *   rows rather than an index probe per session, the rarer step first. With a common first step
 *   most sessions stop at it, so the ordering below works on a small share of the hits.
 *
 * `tie` orders hits of the same millisecond: a pageview before an event (an event happens on a
 * page already viewed), then by path or event name; rows equal in all of these are interchangeable.
 */
export function stepHits(site: number, w: Window, filters: FilterTree, steps: readonly Target[]): Sql {
  const inWindow = inWindowOf(site, w);
  const { targets } = targetsOf(steps);
  const custom = customOnly(steps);
  const branches = targets.map((t, i) => {
    const earlier = targets
      .slice(0, i)
      .filter((u) => kindOf(u) === kindOf(t))
      .map((u) => sql`NOT ${stepTest(u, custom)}`);
    const tie =
      t.event === undefined
        ? sql`FALSE AS event, e.pathname AS tie`
        : sql`TRUE AS event, ${custom ? sql`e.name` : EVENT_NAME} AS tie`;
    return sql`
      SELECT e.session_id, e.visitor_id, e.ts, ${tie}, ${kindMask(steps, kindOf(t), custom)} AS mask FROM events e
      WHERE ${inWindow} AND ${hitMatches(t)} ${earlier.length > 0 ? sql`AND ${join(earlier, ' AND ')}` : empty}`;
  });
  const filtered =
    filterDimensions(filters).size === 0
      ? sql`TRUE`
      : sql`session_id IN (SELECT e.session_id FROM events e
          WHERE ${inWindow} AND ${compileFilters(filters, HUMAN_DIMENSIONS, 'e')})`;
  return sql`
    step_hit AS MATERIALIZED (${join(branches, ' UNION ALL ')}),
    start_hit AS (SELECT session_id, visitor_id FROM step_hit WHERE mask & 1 <> 0 AND ${filtered}),
    advancing AS MATERIALIZED (
      SELECT * FROM step_hit WHERE session_id IN (SELECT session_id FROM step_hit WHERE mask & 2 <> 0)),
    funnel_hit AS (
      SELECT * FROM advancing
      WHERE session_id IN (SELECT session_id FROM advancing WHERE mask & 1 <> 0) AND ${filtered})`;
}

/**
 * The CTEs `advancing` and `funnel_hit` as stepHits makes them, without reading step 1's hits
 * first: `second`, the sessions with a step-2 hit in the window (from step 2's index: a rarer step
 * than a common first one), then `advancing`, every step hit of those sessions in the window,
 * fetched by session (`events_session`), with the same mask, order and tie as stepHits' rows;
 * `funnel_hit` keeps those of sessions with a step-1 hit and, with filters on the `sessions` row's
 * dimensions, a hit in the window that matches them (their rows: sessionMatches). Step 1's own
 * figures come from elsewhere (the `path_sessions` projection, or firstStepSessions).
 */
export function advancingHits(
  site: number,
  w: Window,
  steps: readonly Target[],
  filters: FilterTree = EMPTY_FILTERS,
): Sql {
  const inWindow = inWindowOf(site, w);
  const matching =
    filterDimensions(filters).size === 0
      ? empty
      : sql`AND session_id IN (SELECT s.id FROM sessions s
          WHERE s.id IN (SELECT session_id FROM advancing) AND ${sessionMatches(filters, 's', w)})`;
  return sql`
    second AS MATERIALIZED (SELECT DISTINCT e.session_id FROM events e WHERE ${inWindow} AND ${hitMatches(steps[1]!)}),
    advancing AS MATERIALIZED (
      SELECT * FROM (
        SELECT e.session_id, e.visitor_id, e.ts, e.kind <> 'pageview' AS event,
               CASE WHEN e.kind = 'pageview' THEN e.pathname ELSE ${EVENT_NAME} END AS tie,
               CASE WHEN e.kind = 'pageview' THEN ${kindMask(steps, 'pageview', false)} ELSE ${kindMask(steps, 'event', false)} END AS mask
        FROM events e
        WHERE e.session_id IN (SELECT session_id FROM second) AND ${inWindow}
          AND e.kind IN ('pageview', ${EVENT_KIND_LIST})) h
      WHERE mask <> 0),
    funnel_hit AS (
      SELECT * FROM advancing WHERE session_id IN (SELECT session_id FROM advancing WHERE mask & 1 <> 0) ${matching})`;
}

/**
 * Step 1's sessions and visitors under filters on the `sessions` row's dimensions: the sessions
 * windowSessions lets through (each once) that hold one of the window's step-1 hits (their
 * target's index, which carries the session), hashed once rather than looked up a session at a
 * time, with the row's visitor id (its hits'). A semi-join: each session counted as it is found,
 * not its hits joined and then told apart (1.09–1.23 s against 1.29–1.81 at 10 M events).
 */
export function firstStepSessions(site: number, w: Window, filters: FilterTree, first: Target): Sql {
  return sql`
    WITH c AS MATERIALIZED (${windowSessions(site, w, filters)})
    SELECT 1 AS k, count(*) AS sessions, count(DISTINCT c.visitor_id COLLATE "C") AS visitors
    FROM c WHERE c.id IN (SELECT e.session_id FROM events e WHERE ${inWindowOf(site, w)} AND ${hitMatches(first)})`;
}
