import { type Db, join, raw, type Sql, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import { newestBySite, sessionHorizon } from './horizon.js';
import { SESSION_GAP_MS, type SessionAttrs, type SessionState } from './sessionize.js';

/** Each projection that sessionizes keeps its own copy of session state, so each folds on its own. */
export const SESSION_TABLES = {
  rawEvents: 'sessions',
  rollupMinute: 'rollup_session_state',
  citationGap: 'citation_session_state',
  pathSessions: 'path_session_state',
  dimensionRollup: 'dimension_session_state',
} as const;
export type SessionTable = (typeof SESSION_TABLES)[keyof typeof SESSION_TABLES];

/** The attribute columns the rollup's and path_sessions' session state do without (reads break sessions down by them; arrivals count by channel). */
const ATTR_COLUMNS = [
  'channel',
  'referrer_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'referrer',
  'country',
  'region',
  'city',
  'device',
  'browser',
  'os',
  'screen',
] as const satisfies readonly (keyof SessionAttrs)[];

const hasAttrs = (table: SessionTable) =>
  table !== SESSION_TABLES.rollupMinute && table !== SESSION_TABLES.pathSessions;

/** What `sessions` does without (migration 0054): its reads break sessions down by none of these. */
const NOT_IN_SESSIONS: ReadonlySet<string> = new Set(['region', 'city', 'os', 'screen']);

/** The attribute columns `table` keeps. */
const attrColumns = (table: SessionTable) =>
  table === SESSION_TABLES.rawEvents ? ATTR_COLUMNS.filter((c) => !NOT_IN_SESSIONS.has(c)) : ATTR_COLUMNS;

type Row = {
  id: string;
  site_id: number;
  visitor_id: string;
  started_at: Date;
  last_seen_at: Date;
  pageviews: number;
  events: number;
  interactive: number;
  entry_path: string | null;
  entry_at: Date | null;
  exit_path: string | null;
  exit_at: Date | null;
  identity?: string | null;
  last_pageview_id?: string | null;
} & Partial<Record<(typeof ATTR_COLUMNS)[number], string | null>>;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The stored sessions any of these events could join: those within the gap of the earliest one. */
export async function loadSessions(db: Db, table: SessionTable, events: readonly HitRecorded[]) {
  if (events.length === 0) return [];
  const visitors = [...new Set(events.map((e) => e.visitor))];
  // A loop, not Math.min(...): a rebuild's batch may hold more events than a call takes arguments.
  const since = events.reduce((min, e) => Math.min(min, e.ts), Infinity) - SESSION_GAP_MS;
  const { rows } = await db.query<Row>(sql`
    SELECT * FROM ${raw(table)}
    WHERE visitor_id = ANY(${visitors}::text[]) AND last_seen_at >= ${iso(since)}::timestamptz`);
  return rows.map((r): SessionState => {
    const attrs: SessionAttrs = {};
    for (const c of ATTR_COLUMNS) if (r[c] !== null && r[c] !== undefined) attrs[c] = r[c];
    return {
      id: r.id,
      site: r.site_id,
      visitor: r.visitor_id,
      started: r.started_at.getTime(),
      last: r.last_seen_at.getTime(),
      pageviews: r.pageviews,
      events: r.events,
      interactive: r.interactive,
      entryPath: r.entry_path,
      entryAt: r.entry_at?.getTime() ?? null,
      exitPath: r.exit_path,
      exitAt: r.exit_at?.getTime() ?? null,
      attrs,
      identity: r.identity ?? null,
      lastPageviewId: r.last_pageview_id ?? null,
    };
  });
}

/** A column a projection keeps beside the shared session state, saved with it: one value a session. */
export interface SessionColumn {
  name: string;
  type: string;
  values: readonly unknown[];
  /** How a stored row takes the new value (`excluded.<name>`), as SQL over both; replaced if absent. */
  merge?: string;
}

/**
 * Inserts or replaces the sessions' rows; `more` are the table's own columns (in the same upsert,
 * not an UPDATE after it).
 */
export function saveSessions(
  table: SessionTable,
  sessions: readonly SessionState[],
  more: readonly SessionColumn[] = [],
): Sql {
  const col = <T>(f: (s: SessionState) => T) => sessions.map(f);
  const base = sql`
    ${col((s) => s.id)}::uuid[], ${col((s) => s.site)}::bigint[],
    ${col((s) => s.visitor)}::text[], ${col((s) => iso(s.started))}::timestamptz[],
    ${col((s) => iso(s.last))}::timestamptz[], ${col((s) => s.pageviews)}::int[],
    ${col((s) => s.events)}::int[], ${col((s) => s.interactive)}::int[],
    ${col((s) => s.entryPath)}::text[], ${col((s) => iso(s.entryAt))}::timestamptz[],
    ${col((s) => s.exitPath)}::text[], ${col((s) => iso(s.exitAt))}::timestamptz[]`;
  const baseColumns = `id, site_id, visitor_id, started_at, last_seen_at, pageviews, events, interactive,
      entry_path, entry_at, exit_path, exit_at`;
  const baseUpdates = `started_at = excluded.started_at, last_seen_at = excluded.last_seen_at,
      pageviews = excluded.pageviews, events = excluded.events, interactive = excluded.interactive,
      entry_path = excluded.entry_path, entry_at = excluded.entry_at,
      exit_path = excluded.exit_path, exit_at = excluded.exit_at`;
  const own = more.map((c) => sql`${c.values}::${raw(c.type)}[]`);
  if (!hasAttrs(table) && more.length === 0)
    return sql`INSERT INTO ${raw(table)} (${raw(baseColumns)}) SELECT * FROM unnest(${base})
      ON CONFLICT (id) DO UPDATE SET ${raw(baseUpdates)}`;
  const attrs = hasAttrs(table) ? attrColumns(table) : [];
  const extra = [
    ...attrs,
    ...(hasAttrs(table) ? ['identity', 'last_pageview_id'] : []),
    ...more.map((c) => c.name),
  ];
  const values = [
    ...attrs.map((c) => sql`${col((s) => s.attrs[c] ?? null)}::text[]`),
    ...(hasAttrs(table)
      ? [sql`${col((s) => s.identity)}::text[]`, sql`${col((s) => s.lastPageviewId)}::uuid[]`]
      : []),
    ...own,
  ];
  const merges = new Map(more.map((c) => [c.name, c.merge]));
  const updates = extra.map((c) => `${c} = ${merges.get(c) ?? `excluded.${c}`}`).join(', ');
  return sql`INSERT INTO ${raw(table)} (${raw(baseColumns)}, ${raw(extra.join(', '))})
    SELECT * FROM unnest(${base}, ${join(values)})
    ON CONFLICT (id) DO UPDATE SET ${raw(baseUpdates)}, ${raw(updates)}`;
}

/**
 * Deletes the stored sessions of the batch's sites that no hit within the grace can join any more
 * (horizon.ts), by the table's `last_seen_at` index: the state stays the size of a day's sessions,
 * not of the history.
 */
export function pruneSessions(table: SessionTable, hits: readonly HitRecorded[]): Sql[] {
  const { sites, newest } = newestBySite(hits);
  if (sites.length === 0) return [];
  return [
    sql`DELETE FROM ${raw(table)} t
      USING unnest(${sites}::bigint[], ${newest.map((n) => iso(sessionHorizon(n)))}::timestamptz[]) AS h(site_id, before)
      WHERE t.site_id = h.site_id AND t.last_seen_at < h.before`,
  ];
}
