import { type Sql, sql } from '../db/sql.js';

/**
 * What a goal or a funnel step counts: a custom event by its name, or a pageview whose pathname
 * matches a pattern (`*` = any characters, none included). Exactly one of the two is set.
 */
export type Target = { event: string; path?: undefined } | { path: string; event?: undefined };

/** The kind of hit a target counts. */
export const kindOf = (t: Target) => (t.event !== undefined ? 'custom' : 'pageview');

/** The pattern as a LIKE pattern: `*` → `%`; LIKE's own `%`, `_` and escape `\` stay literal. */
export function likePathPattern(pattern: string): string {
  return pattern.replace(/[\\%_]/g, '\\$&').replace(/\*/g, '%');
}

/**
 * Whether hit `e` (a row of `events` under that alias), known to be of the target's kind, is one
 * it counts: a test of the one column the kind's index carries (`name` or `pathname`), so a read
 * can stay inside that index. Pathnames are case-sensitive, so LIKE rather than ILIKE.
 */
export function sameKindMatches(t: Target): Sql {
  return t.event !== undefined ? sql`e.name = ${t.event}` : sql`e.pathname LIKE ${likePathPattern(t.path)}`;
}

/** Whether hit `e` is one the target counts. The kinds are literals, which the partial indexes name. */
export function hitMatches(t: Target): Sql {
  return t.event !== undefined
    ? sql`(e.kind = 'custom' AND ${sameKindMatches(t)})`
    : sql`(e.kind = 'pageview' AND ${sameKindMatches(t)})`;
}
