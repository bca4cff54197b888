import { type Sql, sql } from '../../src/db/sql.js';
import { minuteOf } from '../minute.js';
import type { Sequenced } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { isBounce, type SessionState, sessionize } from '../sessions/sessionize.js';
import { SESSION_TABLES, saveSessions } from '../sessions/store.js';

export interface RollupState {
  sessions: SessionState[];
  /** `site:visitor` → epoch ms of the visitor's first hit. */
  firstSeen: Map<string, number>;
}

const COUNTERS = ['pageviews', 'events', 'visitors', 'sessions', 'bounces', 'duration_ms'] as const;
type Counters = Record<(typeof COUNTERS)[number], number>;

/**
 * Folds hits into per-minute counters as deltas. Session figures belong to the minute the session
 * started: when a later hit extends a session, its old contribution is taken back and the new one
 * added, so a session that stops bouncing moves out of `bounces` where it was counted.
 */
export function foldRollupMinute(events: readonly Sequenced[], state: RollupState): Sql[] {
  const hits = humanHits(events).map((s) => s.event);
  if (hits.length === 0) return [];
  const deltas = new Map<string, Counters & { site: number; minute: number }>();
  const add = (site: number, ts: number, d: Partial<Counters>) => {
    const minute = minuteOf(ts);
    const key = `${site}:${minute}`;
    let row = deltas.get(key);
    if (!row) {
      row = { site, minute, pageviews: 0, events: 0, visitors: 0, sessions: 0, bounces: 0, duration_ms: 0 };
      deltas.set(key, row);
    }
    for (const c of COUNTERS) row[c] += d[c] ?? 0;
  };
  const session = (s: SessionState, sign: 1 | -1) =>
    add(s.site, s.started, {
      sessions: sign,
      bounces: isBounce(s) ? sign : 0,
      duration_ms: sign * (s.last - s.started),
    });

  const firstSeen = new Map(state.firstSeen);
  const movedVisitors = new Map<string, { site: number; visitor: string; ts: number }>();
  for (const h of hits) {
    if (h.kind === 'pageview') add(h.site, h.ts, { pageviews: 1 });
    else add(h.site, h.ts, { events: 1 });
    const key = `${h.site}:${h.visitor}`;
    const seen = firstSeen.get(key);
    if (seen !== undefined && seen <= h.ts) continue;
    if (seen !== undefined) add(h.site, seen, { visitors: -1 });
    add(h.site, h.ts, { visitors: 1 });
    firstSeen.set(key, h.ts);
    movedVisitors.set(key, { site: h.site, visitor: h.visitor, ts: h.ts });
  }

  const { changes } = sessionize(hits, state.sessions);
  for (const { before, after } of changes.values()) {
    if (before) session(before, -1);
    session(after, 1);
  }

  const rows = [...deltas.values()].filter((r) => COUNTERS.some((c) => r[c] !== 0));
  const col = <T>(f: (r: (typeof rows)[number]) => T) => rows.map(f);
  const visitors = [...movedVisitors.values()];
  const out: Sql[] = [];
  if (rows.length > 0) {
    out.push(sql`
      INSERT INTO rollup_minute AS r (site_id, audience, minute, pageviews, events, visitors, sessions, bounces, duration_ms)
      SELECT site, 'human', minute, pv, ev, vi, se, bo, du FROM unnest(
        ${col((r) => r.site)}::bigint[], ${col((r) => new Date(r.minute).toISOString())}::timestamptz[],
        ${col((r) => r.pageviews)}::bigint[], ${col((r) => r.events)}::bigint[], ${col((r) => r.visitors)}::bigint[],
        ${col((r) => r.sessions)}::bigint[], ${col((r) => r.bounces)}::bigint[], ${col((r) => r.duration_ms)}::bigint[]
      ) AS d(site, minute, pv, ev, vi, se, bo, du)
      ON CONFLICT (site_id, audience, minute) DO UPDATE SET
        pageviews = r.pageviews + excluded.pageviews, events = r.events + excluded.events,
        visitors = r.visitors + excluded.visitors, sessions = r.sessions + excluded.sessions,
        bounces = r.bounces + excluded.bounces, duration_ms = r.duration_ms + excluded.duration_ms`);
  }
  if (visitors.length > 0) {
    out.push(sql`
      INSERT INTO rollup_visitor_state (site_id, visitor_id, first_seen_at)
      SELECT * FROM unnest(${visitors.map((v) => v.site)}::bigint[], ${visitors.map((v) => v.visitor)}::text[],
        ${visitors.map((v) => new Date(v.ts).toISOString())}::timestamptz[])
      ON CONFLICT (site_id, visitor_id) DO UPDATE SET first_seen_at = excluded.first_seen_at`);
  }
  out.push(
    saveSessions(
      SESSION_TABLES.rollupMinute,
      [...changes.values()].map((c) => c.after),
    ),
  );
  return out;
}
