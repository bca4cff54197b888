import { raw, type Sql, sql } from '../db/sql.js';
import type { HitKind } from '../../streams/events.js';

/**
 * The tracker's automatic hits read as events of these names (docs/api.md#get-apistatsevents),
 * beside custom events: an event name stands for the custom events of that name and, for these
 * three, the hits of the kind. Derived when reading, never stored: the rollup answers their counts
 * from its `kind` rows, so no projection changes and no rebuild is needed (docs/architecture.md).
 */
export const AUTOMATIC_EVENTS = {
  'Outbound Link: Click': { kind: 'outbound', property: 'url' },
  'File Download': { kind: 'file_download', property: 'url' },
  'Form: Submission': { kind: 'form', property: 'form' },
} as const satisfies Record<string, { kind: HitKind; property: string }>;
export type AutomaticEventName = keyof typeof AUTOMATIC_EVENTS;

const NAMES = Object.keys(AUTOMATIC_EVENTS) as AutomaticEventName[];

/** The automatic event a name is, or undefined for a custom event's name. */
export function automaticEvent(name: string) {
  return NAMES.includes(name as AutomaticEventName)
    ? AUTOMATIC_EVENTS[name as AutomaticEventName]
    : undefined;
}

/** The hit kinds read as automatic events, with the name each is read as. */
export const AUTOMATIC_KINDS: readonly { kind: HitKind; name: AutomaticEventName }[] = NAMES.map((name) => ({
  kind: AUTOMATIC_EVENTS[name].kind,
  name,
}));

/** The kinds of hit that are events: custom ones and the automatic ones. */
export const EVENT_KINDS: readonly HitKind[] = ['custom', ...AUTOMATIC_KINDS.map((a) => a.kind)];

const quoted = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** SQL literals of the event kinds, for `e.kind IN (…)` (literals let the planner use partial indexes). */
export const EVENT_KIND_LIST = raw(EVENT_KINDS.map(quoted).join(', '));

/** The event name of hit `e`: a custom event's name, an automatic event's, else NULL. */
export const EVENT_NAME = raw(
  `CASE e.kind WHEN 'custom' THEN e.name ${AUTOMATIC_KINDS.map((a) => `WHEN ${quoted(a.kind)} THEN ${quoted(a.name)}`).join(' ')} END`,
);

/**
 * Whether hit `e` is an event of that name: a custom event of the name, or, for an automatic name,
 * a hit of its kind. Kinds are literals, which the partial indexes name.
 */
export function eventMatches(name: string): Sql {
  const auto = automaticEvent(name);
  const custom = sql`(e.kind = 'custom' AND e.name = ${name})`;
  return auto === undefined ? custom : sql`(${custom} OR e.kind = ${raw(quoted(auto.kind))})`;
}

/**
 * The value of property `key` of event `name` on hit `e`. `form` of a form submit is derived: the
 * form's `id`, else the path of its `action` (scheme, host, query and fragment dropped, `/` for
 * a bare origin; NULL without either), since the tracker sends the form's `id`, `name` and `action` attributes.
 */
export function eventProperty(name: string, key: string): Sql {
  const value = sql`e.props->>${key}::text`;
  if (automaticEvent(name)?.kind !== 'form' || key !== 'form') return value;
  // `https://host` alone is the root path; a bare `?query` names no path.
  const path = sql`coalesce(
    nullif(regexp_replace(e.props->>'action', '^[A-Za-z][A-Za-z0-9+.-]*:(//[^/?#]*)?|[?#].*$', '', 'g'), ''),
    CASE WHEN e.props->>'action' ~ '^[A-Za-z][A-Za-z0-9+.-]*://' THEN '/' END)`;
  return sql`(CASE WHEN e.kind = 'form' THEN coalesce(nullif(e.props->>'id', ''), ${path}) ELSE ${value} END)`;
}
