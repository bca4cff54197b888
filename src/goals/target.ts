import { type Sql, sql } from '../db/sql.js';
import { eventMatches } from './automatic-events.js';

/**
 * What a goal or a funnel step counts: an event by its name (a custom event's, or an automatic
 * one's: src/goals/automatic-events.ts), or a pageview whose pathname matches a pattern (`*` = any
 * characters, none included). Exactly one of the two is set.
 */
export type Target = { event: string; path?: undefined } | { path: string; event?: undefined };

/** The class of hit a target counts: events (custom and automatic) or pageviews. */
export const kindOf = (t: Target) => (t.event !== undefined ? 'event' : 'pageview');

/** The pattern as a LIKE pattern: `*` → `%`; LIKE's own `%`, `_` and escape `\` stay literal. */
export function likePathPattern(pattern: string): string {
  return pattern.replace(/[\\%_]/g, '\\$&').replace(/\*/g, '%');
}

/**
 * Whether hit `e` (a row of `events` under that alias), known to be of the target's class, is one
 * it counts: for a pageview a test of the one column its index has (`pathname`), so a read can
 * stay inside that index; an event's test names its kinds, which the partial indexes name.
 * Pathnames are case-sensitive, so LIKE rather than ILIKE.
 */
export function sameKindMatches(t: Target): Sql {
  return t.event !== undefined ? eventMatches(t.event) : sql`e.pathname LIKE ${likePathPattern(t.path)}`;
}

/** Whether hit `e` is one the target counts. The kinds are literals, which the partial indexes name. */
export function hitMatches(t: Target): Sql {
  return t.event !== undefined ? eventMatches(t.event) : sql`(e.kind = 'pageview' AND ${sameKindMatches(t)})`;
}
