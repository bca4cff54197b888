import type { Statement } from '../../src/db/copy.js';
import { type CounterColumn, Counters as CounterRows } from '../../src/db/counters.js';
import { type Sql, sql } from '../../src/db/sql.js';
import { MINUTE_MS, minuteOf } from '../minute.js';
import type { Sequenced } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { isBounce, type SessionState, sessionize } from '../sessions/sessionize.js';
import { pruneSessions, SESSION_TABLES, saveSessions } from '../sessions/store.js';
import { ROLLUP_GRAINS, type RollupGrain } from './grains.js';

/** Epoch ms of a visitor's first and last hit. */
export interface VisitorSpan {
  first: number;
  last: number;
}

export interface RollupState {
  sessions: SessionState[];
  /** `site:visitor` → the visitor's span so far. */
  visitors: Map<string, VisitorSpan>;
}

const COUNTERS = [
  'pageviews',
  'events',
  'visitors',
  'visitors_last',
  'sessions',
  'bounces',
  'duration_ms',
] as const;
type Counters = Record<(typeof COUNTERS)[number], number>;
type Delta = Counters & { site: number; at: number };

const zero = (site: number, at: number): Delta => ({
  site,
  at,
  pageviews: 0,
  events: 0,
  visitors: 0,
  visitors_last: 0,
  sessions: 0,
  bounces: 0,
  duration_ms: 0,
});

const nonZero = (d: Delta) => COUNTERS.some((c) => d[c] !== 0);

/** The minute deltas added up per site and row of a coarser grain. */
function regroup(minutes: readonly Delta[], ms: number): Delta[] {
  const out = new Map<string, Delta>();
  for (const d of minutes) {
    const at = Math.floor(d.at / ms) * ms;
    const key = `${d.site}:${at}`;
    const row = out.get(key) ?? zero(d.site, at);
    for (const c of COUNTERS) row[c] += d[c];
    out.set(key, row);
  }
  return [...out.values()].filter(nonZero);
}

/** A grain's counters added to its table, keyed by site, audience and the grain's start. */
function upsert({ table, column }: RollupGrain, rows: readonly Delta[]): CounterRows {
  const columns: CounterColumn[] = [
    { name: 'site_id', type: 'bigint' },
    { name: 'audience', type: 'text' },
    { name: column, type: 'timestamptz' },
    ...COUNTERS.map((c): CounterColumn => ({ name: c, type: 'bigint', merge: 'add' })),
  ];
  return new CounterRows(table, columns, [
    rows.map((r) => r.site),
    rows.map(() => 'human'),
    rows.map((r) => new Date(r.at).toISOString()),
    ...COUNTERS.map((c) => rows.map((r) => r[c])),
  ]);
}

/**
 * Folds hits into per-minute counters as deltas. Session figures belong to the minute the session
 * started: when a later hit extends a session, its old contribution is taken back and the new one
 * added, so a session that stops bouncing moves out of `bounces` where it was counted. A visitor
 * counts once in `visitors` (the minute of its first hit) and once in `visitors_last` (of its last);
 * a hit before the first or after the last moves that count. The same deltas, added up, go to the
 * rows of the coarser grains (grains.ts).
 */
export function foldRollupMinute(events: readonly Sequenced[], state: RollupState): Statement[] {
  const hits = humanHits(events).map((s) => s.event);
  if (hits.length === 0) return [];
  const deltas = new Map<string, Delta>();
  const add = (site: number, ts: number, d: Partial<Counters>) => {
    const minute = minuteOf(ts);
    const key = `${site}:${minute}`;
    const row = deltas.get(key) ?? zero(site, minute);
    for (const c of COUNTERS) row[c] += d[c] ?? 0;
    deltas.set(key, row);
  };
  const session = (s: SessionState, sign: 1 | -1) =>
    add(s.site, s.started, {
      sessions: sign,
      bounces: isBounce(s) ? sign : 0,
      duration_ms: sign * (s.last - s.started),
    });

  // Spans this batch moved, copied on first change so the state passed in stays as it was.
  const moved = new Map<string, VisitorSpan & { site: number; visitor: string }>();
  for (const h of hits) {
    if (h.kind === 'pageview') add(h.site, h.ts, { pageviews: 1 });
    else add(h.site, h.ts, { events: 1 });
    const key = `${h.site}:${h.visitor}`;
    const span = moved.get(key) ?? state.visitors.get(key);
    if (span && span.first <= h.ts && h.ts <= span.last) continue;
    const next = { site: h.site, visitor: h.visitor, first: h.ts, last: h.ts };
    if (!span) add(h.site, h.ts, { visitors: 1, visitors_last: 1 });
    else if (h.ts < span.first) {
      add(h.site, span.first, { visitors: -1 });
      add(h.site, h.ts, { visitors: 1 });
      next.last = span.last;
    } else {
      add(h.site, span.last, { visitors_last: -1 });
      add(h.site, h.ts, { visitors_last: 1 });
      next.first = span.first;
    }
    moved.set(key, next);
  }

  const { changes } = sessionize(hits, state.sessions);
  for (const { before, after } of changes.values()) {
    if (before) session(before, -1);
    session(after, 1);
  }

  const minutes = [...deltas.values()].filter(nonZero);
  const visitors = [...moved.values()];
  const out: Statement[] = [];
  for (const grain of ROLLUP_GRAINS) {
    const rows = grain.ms === MINUTE_MS ? minutes : regroup(minutes, grain.ms);
    if (rows.length > 0) out.push(upsert(grain, rows));
  }
  if (visitors.length > 0) {
    out.push(sql`
      INSERT INTO rollup_visitor_state (site_id, visitor_id, first_seen_at, last_seen_at)
      SELECT * FROM unnest(${visitors.map((v) => v.site)}::bigint[], ${visitors.map((v) => v.visitor)}::text[],
        ${visitors.map((v) => new Date(v.first).toISOString())}::timestamptz[],
        ${visitors.map((v) => new Date(v.last).toISOString())}::timestamptz[])
      ON CONFLICT (site_id, visitor_id) DO UPDATE SET first_seen_at = excluded.first_seen_at,
        last_seen_at = excluded.last_seen_at`);
  }
  out.push(
    saveSessions(
      SESSION_TABLES.rollupMinute,
      [...changes.values()].map((c) => c.after),
    ),
  );
  return out;
}

/**
 * The sessions no later fold can need (sessions/horizon.ts). `rollup_visitor_state` stays: reads
 * of hour and minute buckets count the visitors first seen earlier on the day from it
 * (src/read/stats/rollup-totals.ts).
 */
export function pruneRollupState(events: readonly Sequenced[]): Sql[] {
  return pruneSessions(
    SESSION_TABLES.rollupMinute,
    humanHits(events).map((s) => s.event),
  );
}
