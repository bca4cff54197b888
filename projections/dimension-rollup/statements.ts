import { type Sql, sql } from '../../src/db/sql.js';
import type { SessionState } from '../sessions/sessionize.js';
import { SESSION_TABLES, saveSessions } from '../sessions/store.js';
import type { Key } from './deltas.js';
import { DAY_MS } from './dimensions.js';
import type { QuarterSpan, Reported } from './state.js';

const iso = (ms: number) => new Date(ms).toISOString();

type Rows<C extends string> = { key: Key; at: number; grain: number; c: Record<C, number> }[];

/** What a fold writes. */
export interface Writes {
  /** Keys `[site, dim, value]`. */
  dimensionRows: Rows<'pageviews' | 'events' | 'visitors' | 'visitors_last'>;
  /** Keys `[site, name, key, value]`. */
  propertyRows: Rows<'events' | 'visitors' | 'visitors_last'>;
  /** Keys `[site, pathname]`. */
  pageRows: Rows<'entries' | 'exits' | 'scroll' | 'scroll_n' | 'engaged_ms' | 'engaged_n'>;
  /** The visitor days whose spans moved, with all their spans. */
  visitorDays: { day: number; site: number; visitor: string; spans: Map<string, QuarterSpan> }[];
  sessions: SessionState[];
  /** Per session, what its last pageview reported. */
  reported: (Reported | undefined)[];
  /** Each site of the batch with the first UTC day (days since the epoch) of its state that is kept. */
  keepFrom: { sites: number[]; days: number[] };
}

/** A fold's statements: counters added, state saved, state no fold needs any more deleted. */
export function statements(w: Writes): Sql[] {
  const out: Sql[] = [];
  const dimRows = w.dimensionRows;
  if (dimRows.length > 0) {
    const col = <T>(f: (r: (typeof dimRows)[number]) => T) => dimRows.map(f);
    out.push(sql`
      INSERT INTO dimension_rollup AS r (site_id, at, pageviews, events, visitors, visitors_last, grain, dim, value)
      SELECT * FROM unnest(${col((r) => r.key[0])}::bigint[], ${col((r) => iso(r.at))}::timestamptz[],
        ${col((r) => r.c.pageviews)}::int[], ${col((r) => r.c.events)}::int[], ${col((r) => r.c.visitors)}::int[],
        ${col((r) => r.c.visitors_last)}::int[], ${col((r) => r.grain)}::smallint[], ${col((r) => r.key[1])}::smallint[],
        ${col((r) => r.key[2])}::text[])
      ON CONFLICT (site_id, dim, grain, at, value) DO UPDATE SET
        pageviews = r.pageviews + excluded.pageviews, events = r.events + excluded.events,
        visitors = r.visitors + excluded.visitors, visitors_last = r.visitors_last + excluded.visitors_last`);
  }
  const propRows = w.propertyRows;
  if (propRows.length > 0) {
    const col = <T>(f: (r: (typeof propRows)[number]) => T) => propRows.map(f);
    out.push(sql`
      INSERT INTO event_property_rollup AS r (site_id, at, events, visitors, visitors_last, grain, name, key, value)
      SELECT * FROM unnest(${col((r) => r.key[0])}::bigint[], ${col((r) => iso(r.at))}::timestamptz[],
        ${col((r) => r.c.events)}::int[], ${col((r) => r.c.visitors)}::int[], ${col((r) => r.c.visitors_last)}::int[],
        ${col((r) => r.grain)}::smallint[], ${col((r) => r.key[1])}::text[], ${col((r) => r.key[2])}::text[],
        ${col((r) => r.key[3])}::text[])
      ON CONFLICT (site_id, name, key, grain, at, value) DO UPDATE SET
        events = r.events + excluded.events, visitors = r.visitors + excluded.visitors,
        visitors_last = r.visitors_last + excluded.visitors_last`);
  }
  const pageRows = w.pageRows;
  if (pageRows.length > 0) {
    const col = <T>(f: (r: (typeof pageRows)[number]) => T) => pageRows.map(f);
    out.push(sql`
      INSERT INTO page_rollup AS r (site_id, at, engaged_ms, entries, exits, scroll, scroll_n, engaged_n, grain, pathname)
      SELECT * FROM unnest(${col((r) => r.key[0])}::bigint[], ${col((r) => iso(r.at))}::timestamptz[],
        ${col((r) => r.c.engaged_ms)}::bigint[], ${col((r) => r.c.entries)}::int[], ${col((r) => r.c.exits)}::int[],
        ${col((r) => r.c.scroll)}::int[], ${col((r) => r.c.scroll_n)}::int[], ${col((r) => r.c.engaged_n)}::int[],
        ${col((r) => r.grain)}::smallint[], ${col((r) => r.key[1])}::text[])
      ON CONFLICT (site_id, grain, at, pathname) DO UPDATE SET
        engaged_ms = r.engaged_ms + excluded.engaged_ms, entries = r.entries + excluded.entries,
        exits = r.exits + excluded.exits, scroll = r.scroll + excluded.scroll,
        scroll_n = r.scroll_n + excluded.scroll_n, engaged_n = r.engaged_n + excluded.engaged_n`);
  }
  // A session's exit that moved on leaves its old page's row at zero: gone, as if never counted.
  const emptied = pageRows.filter((r) => r.c.entries < 0 || r.c.exits < 0);
  if (emptied.length > 0)
    out.push(sql`
      DELETE FROM page_rollup r USING unnest(${emptied.map((r) => r.key[0])}::bigint[],
        ${emptied.map((r) => r.grain)}::smallint[], ${emptied.map((r) => iso(r.at))}::timestamptz[],
        ${emptied.map((r) => r.key[1])}::text[]) AS d(site, grain, at, pathname)
      WHERE r.site_id = d.site AND r.grain = d.grain AND r.at = d.at AND r.pathname = d.pathname
        AND r.entries = 0 AND r.exits = 0 AND r.scroll_n = 0 AND r.engaged_n = 0`);
  const moved = w.visitorDays;
  if (moved.length > 0)
    out.push(sql`
      INSERT INTO dimension_visitor_state (site_id, day, visitor_id, spans)
      SELECT * FROM unnest(${moved.map((v) => v.site)}::bigint[], ${moved.map((v) => v.day)}::int[],
        ${moved.map((v) => v.visitor)}::text[], ${moved.map((v) => JSON.stringify(Object.fromEntries([...v.spans].map(([cell, s]) => [cell, [s.first, s.last]]))))}::jsonb[])
      ON CONFLICT (day, site_id, visitor_id) DO UPDATE SET spans = excluded.spans`);
  const { sessions, reported } = w;
  out.push(saveSessions(SESSION_TABLES.dimensionRollup, sessions));
  out.push(sql`
    UPDATE dimension_session_state s SET last_scroll = u.scroll, last_engaged = u.engaged
    FROM unnest(${sessions.map((s) => s.id)}::uuid[], ${reported.map((r) => r?.scroll ?? null)}::int[],
      ${reported.map((r) => r?.engaged ?? false)}::boolean[]) AS u(id, scroll, engaged)
    WHERE s.id = u.id`);

  const { sites, days } = w.keepFrom;
  if (sites.length > 0) {
    out.push(sql`DELETE FROM dimension_visitor_state t USING unnest(${sites}::bigint[], ${days}::int[]) AS k(site_id, day)
      WHERE t.site_id = k.site_id AND t.day < k.day`);
    out.push(sql`DELETE FROM dimension_session_state t
      USING unnest(${sites}::bigint[], ${days.map((d) => iso(d * DAY_MS))}::timestamptz[]) AS k(site_id, started)
      WHERE t.site_id = k.site_id AND t.started_at < k.started`);
  }
  return out;
}
