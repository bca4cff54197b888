import { type Db, raw, type Sql, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import { SESSION_GAP_MS, type SessionState } from './sessionize.js';

/** Each projection that sessionizes keeps its own copy of session state, so each folds on its own. */
export const SESSION_TABLES = { rawEvents: 'sessions', rollupMinute: 'rollup_session_state' } as const;
export type SessionTable = (typeof SESSION_TABLES)[keyof typeof SESSION_TABLES];

interface Row {
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
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The stored sessions any of these events could join: those within the gap of the earliest one. */
export async function loadSessions(db: Db, table: SessionTable, events: readonly HitRecorded[]) {
  if (events.length === 0) return [];
  const visitors = [...new Set(events.map((e) => e.visitor))];
  const since = Math.min(...events.map((e) => e.ts)) - SESSION_GAP_MS;
  const { rows } = await db.query<Row>(sql`
    SELECT * FROM ${raw(table)}
    WHERE visitor_id = ANY(${visitors}::text[]) AND last_seen_at >= ${iso(since)}::timestamptz`);
  return rows.map((r): SessionState => ({
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
  }));
}

export function saveSessions(table: SessionTable, sessions: readonly SessionState[]): Sql {
  const col = <T>(f: (s: SessionState) => T) => sessions.map(f);
  return sql`
    INSERT INTO ${raw(table)} (id, site_id, visitor_id, started_at, last_seen_at, pageviews, events,
      interactive, entry_path, entry_at, exit_path, exit_at)
    SELECT * FROM unnest(${col((s) => s.id)}::uuid[], ${col((s) => s.site)}::bigint[],
      ${col((s) => s.visitor)}::text[], ${col((s) => iso(s.started))}::timestamptz[],
      ${col((s) => iso(s.last))}::timestamptz[], ${col((s) => s.pageviews)}::int[],
      ${col((s) => s.events)}::int[], ${col((s) => s.interactive)}::int[],
      ${col((s) => s.entryPath)}::text[], ${col((s) => iso(s.entryAt))}::timestamptz[],
      ${col((s) => s.exitPath)}::text[], ${col((s) => iso(s.exitAt))}::timestamptz[])
    ON CONFLICT (id) DO UPDATE SET
      started_at = excluded.started_at, last_seen_at = excluded.last_seen_at,
      pageviews = excluded.pageviews, events = excluded.events, interactive = excluded.interactive,
      entry_path = excluded.entry_path, entry_at = excluded.entry_at,
      exit_path = excluded.exit_path, exit_at = excluded.exit_at`;
}
