import { type Sql, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import { humanHits } from '../human-hits.js';
import type { Sequenced } from '../projection.js';
import { type SessionState, sessionize } from '../sessions/sessionize.js';
import { SESSION_TABLES, saveSessions } from '../sessions/store.js';
import {
  DAY_MS,
  DIMENSION_CODES,
  DIMENSION_GRAINS,
  DIMENSION_VALUES,
  EVENT_PROPERTY_CODE,
  propertyText,
  QUARTER_MS,
} from './dimensions.js';

/** The quarter hours (0–95 of its UTC day) of a visitor's first and last hit with a value. */
export interface QuarterSpan {
  first: number;
  last: number;
}

/** What the last pageview of a stored session has reported so far. */
export interface ReportedEngagement {
  scroll: number | null;
  engaged: boolean;
}

export interface DimensionState {
  sessions: SessionState[];
  /** Session id → the engagement its last pageview reported. */
  engagement: Map<string, ReportedEngagement>;
  /** `visitorDayKey(…)` → the spans of that visitor's day, by `cellKey(…)`. */
  visitors: Map<string, Map<string, QuarterSpan>>;
}

/** A string key of parts that tells null from '' (values never hold a NUL: Postgres text cannot). */
const idOf = (parts: readonly (string | number | null)[]) =>
  parts.map((p) => (p === null ? '' : `v${p}`)).join('\0');

export const visitorDayKey = (day: number, site: number, visitor: string) => `${day}\0${site}\0${visitor}`;

/** A dimension and value as a key of a visitor's spans: `<dim>` for no value, `<dim>=<value>`. */
const cellKey = (dim: number, value: string | null) => (value === null ? `${dim}` : `${dim}=${value}`);

const iso = (ms: number) => new Date(ms).toISOString();

type Key = readonly (string | number | null)[];

type Row = { key: Key; at: number; c: number[] };

/** Counter deltas per key and quarter hour, summed to the coarser grains when written. */
class Deltas<C extends string> {
  /** id → quarter hour → row. */
  private readonly rows = new Map<string, Map<number, Row>>();
  private readonly index: Record<string, number>;
  constructor(private readonly counters: readonly C[]) {
    this.index = Object.fromEntries(counters.map((c, i) => [c, i]));
  }

  add(key: Key, at: number, c: Partial<Record<C, number>>) {
    const id = idOf(key);
    for (const k in c) this.inc(id, key, at, this.index[k]!, c[k as C]!);
  }

  /** Adds `n` to counter `i` (the counters' order) of the row; `id` is idOf(key) or as unique. */
  inc(id: string, key: Key, at: number, i: number, n: number) {
    let units = this.rows.get(id);
    if (!units) {
      units = new Map();
      this.rows.set(id, units);
    }
    let row = units.get(at);
    if (!row) {
      row = { key, at, c: new Array<number>(this.counters.length).fill(0) };
      units.set(at, row);
    }
    row.c[i]! += n;
  }

  /** Every grain's rows (`grain` in minutes), rows whose counters all add up to zero left out. */
  byGrain() {
    const out: { key: Key; at: number; grain: number; c: Record<C, number> }[] = [];
    for (const units of this.rows.values())
      for (const { grain, ms } of DIMENSION_GRAINS) {
        const sums = new Map<number, Row>();
        for (const r of units.values()) {
          const at = Math.floor(r.at / ms) * ms;
          let row = sums.get(at);
          if (!row) {
            row = { key: r.key, at, c: new Array<number>(this.counters.length).fill(0) };
            sums.set(at, row);
          }
          for (let i = 0; i < row.c.length; i++) row.c[i]! += r.c[i]!;
        }
        for (const row of sums.values())
          if (row.c.some((n) => n !== 0))
            out.push({
              key: row.key,
              at: row.at,
              grain,
              c: Object.fromEntries(this.counters.map((k, i) => [k, row.c[i]])) as Record<C, number>,
            });
      }
    return out;
  }
}

/** Each dimension with a value on every hit, with its code (`event` is a custom event's only). */
const VALUED = Object.entries(DIMENSION_VALUES).map(
  ([name, value]) => [DIMENSION_CODES[name as keyof typeof DIMENSION_VALUES], value] as const,
);

interface Pageview {
  site: number;
  at: number;
  path: string;
  scroll: number | null;
  engaged: boolean;
  /** Folded in this batch: raw_events stores its engagement with its row, not by an update. */
  inBatch: boolean;
}

/**
 * Folds people's hits into per-value counters at the quarter hour of each hit (and the sums per
 * hour and day). A visitor counts once per value in `visitors`, in the quarter hour of its first hit
 * with the value that UTC day, and once in `visitors_last`, of its last; an earlier or later hit
 * moves that count. Sessions count by entry and exit page in their start's quarter hour, taken back
 * and counted again as a later hit changes them; the engagement a later hit reports for a pageview
 * is added in the pageview's quarter hour, as raw_events adds it to the pageview's row. State older
 * than the day before the batch's newest hit is pruned: a hit that late counts its visitor (and
 * its session) again.
 */
export function foldDimensionRollup(events: readonly Sequenced[], state: DimensionState): Sql[] {
  const hits = humanHits(events).map((s) => s.event);
  if (hits.length === 0) return [];
  const dims = new Deltas(['pageviews', 'events', 'visitors', 'visitors_last'] as const);
  const props = new Deltas(['events', 'visitors', 'visitors_last'] as const);
  const pages = new Deltas(['entries', 'exits', 'scroll', 'scroll_n', 'engaged_ms', 'engaged_n'] as const);

  // Each visitor day the batch touches, its spans copied so the state passed in stays as it was.
  const days = new Map<
    string,
    { day: number; site: number; visitor: string; spans: Map<string, QuarterSpan>; moved: boolean }
  >();
  const visitorDay = (h: HitRecorded) => {
    const day = Math.floor(h.ts / DAY_MS);
    const key = visitorDayKey(day, h.site, h.visitor);
    let v = days.get(key);
    if (!v) {
      v = { day, site: h.site, visitor: h.visitor, spans: new Map(state.visitors.get(key)), moved: false };
      days.set(key, v);
    }
    return v;
  };
  // Counter positions: dimension_rollup's and event_property_rollup's.
  const [PV, EV, VI, VL] = [0, 1, 2, 3];
  const [PEV, PVI, PVL] = [0, 1, 2];
  /** Counts the visitor once per cell and day: at its first and last quarter hour with it. */
  const countVisitor = (
    h: HitRecorded,
    cell: string,
    to: Deltas<string>,
    key: Key,
    id: string,
    [visitors, last]: readonly [number, number],
  ) => {
    const v = visitorDay(h);
    const q = Math.floor((h.ts - v.day * DAY_MS) / QUARTER_MS);
    const base = v.day * DAY_MS;
    const span = v.spans.get(cell);
    if (span && span.first <= q && q <= span.last) return;
    const next = { first: q, last: q };
    if (!span) {
      to.inc(id, key, base + q * QUARTER_MS, visitors, 1);
      to.inc(id, key, base + q * QUARTER_MS, last, 1);
    } else if (q < span.first) {
      to.inc(id, key, base + span.first * QUARTER_MS, visitors, -1);
      to.inc(id, key, base + q * QUARTER_MS, visitors, 1);
      next.last = span.last;
    } else {
      to.inc(id, key, base + span.last * QUARTER_MS, last, -1);
      to.inc(id, key, base + q * QUARTER_MS, last, 1);
      next.first = span.first;
    }
    v.spans.set(cell, next);
    v.moved = true;
  };

  const { sessionOf, changes, engagements } = sessionize(hits, state.sessions);
  const count = (h: HitRecorded, quarter: number, dim: number, value: string | null) => {
    const key = [h.site, dim, value] as const;
    const cell = cellKey(dim, value);
    const id = `${h.site}\0${cell}`;
    if (h.kind === 'pageview') dims.inc(id, key, quarter, PV, 1);
    dims.inc(id, key, quarter, EV, 1);
    countVisitor(h, cell, dims, key, id, [VI, VL]);
  };
  for (const h of hits) {
    const attrs = changes.get(sessionOf.get(h.id)!)!.after.attrs;
    const quarter = Math.floor(h.ts / QUARTER_MS) * QUARTER_MS;
    count(h, quarter, DIMENSION_CODES.all, null);
    for (const [dim, value] of VALUED) count(h, quarter, dim, value(h, attrs) ?? null);
    if (h.kind === 'custom' && h.name !== undefined) count(h, quarter, DIMENSION_CODES.event, h.name);
    if (h.kind === 'custom' && h.name !== undefined && h.props)
      for (const [k, v] of Object.entries(h.props)) {
        const text = propertyText(v);
        // A JSON null reads as no value: the null row is the event's hits without a value.
        if (text === null) continue;
        const key = [h.site, h.name, k, text] as const;
        const id = idOf(key);
        props.inc(id, key, quarter, PEV, 1);
        countVisitor(h, cellKey(EVENT_PROPERTY_CODE, JSON.stringify([h.name, k, text])), props, key, id, [
          PVI,
          PVL,
        ]);
      }
  }

  // Sessions by entry and exit page, in their start's quarter hour.
  const session = (s: SessionState, sign: 1 | -1) => {
    const at = Math.floor(s.started / QUARTER_MS) * QUARTER_MS;
    if (s.entryPath !== null) pages.add([s.site, s.entryPath], at, { entries: sign });
    if (s.exitPath !== null) pages.add([s.site, s.exitPath], at, { exits: sign });
  };
  for (const { before, after } of changes.values()) {
    if (before) session(before, -1);
    session(after, 1);
  }

  // Engagement reported for a pageview: of this batch, or the last one of a stored session.
  const pageviews = new Map<string, Pageview>();
  for (const s of state.sessions)
    if (s.lastPageviewId !== null && s.exitAt !== null && s.exitPath !== null) {
      const reported = state.engagement.get(s.id) ?? { scroll: null, engaged: false };
      pageviews.set(s.lastPageviewId, {
        site: s.site,
        at: s.exitAt,
        path: s.exitPath,
        ...reported,
        inBatch: false,
      });
    }
  for (const h of hits)
    if (h.kind === 'pageview')
      pageviews.set(h.id, {
        site: h.site,
        at: h.ts,
        path: h.pathname,
        scroll: null,
        engaged: false,
        inBatch: true,
      });
  for (const g of engagements) {
    const pv = pageviews.get(g.pageview);
    if (!pv) continue;
    const at = Math.floor(pv.at / QUARTER_MS) * QUARTER_MS;
    if (g.sc !== undefined) {
      const scroll = Math.max(pv.scroll ?? 0, g.sc);
      pages.add([pv.site, pv.path], at, {
        scroll: scroll - (pv.scroll ?? 0),
        scroll_n: pv.scroll === null ? 1 : 0,
      });
      pv.scroll = scroll;
    }
    // A stored pageview's engaged time is set by any engagement, time or not (0 without `d`).
    if (g.d !== undefined || !pv.inBatch) {
      pages.add([pv.site, pv.path], at, { engaged_ms: g.d ?? 0, engaged_n: pv.engaged ? 0 : 1 });
      pv.engaged = true;
    }
  }

  const out: Sql[] = [];
  const dimRows = dims.byGrain();
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
  const propRows = props.byGrain();
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
  const pageRows = pages.byGrain();
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
  const moved = [...days.values()].filter((v) => v.moved);
  if (moved.length > 0)
    out.push(sql`
      INSERT INTO dimension_visitor_state (site_id, day, visitor_id, spans)
      SELECT * FROM unnest(${moved.map((v) => v.site)}::bigint[], ${moved.map((v) => v.day)}::int[],
        ${moved.map((v) => v.visitor)}::text[], ${moved.map((v) => JSON.stringify(Object.fromEntries([...v.spans].map(([cell, s]) => [cell, [s.first, s.last]]))))}::jsonb[])
      ON CONFLICT (day, site_id, visitor_id) DO UPDATE SET spans = excluded.spans`);
  const sessions = [...changes.values()].map((c) => c.after);
  out.push(saveSessions(SESSION_TABLES.dimensionRollup, sessions));
  const reported = sessions.map((s) =>
    s.lastPageviewId === null ? undefined : pageviews.get(s.lastPageviewId),
  );
  out.push(sql`
    UPDATE dimension_session_state s SET last_scroll = u.scroll, last_engaged = u.engaged
    FROM unnest(${sessions.map((s) => s.id)}::uuid[], ${reported.map((r) => r?.scroll ?? null)}::int[],
      ${reported.map((r) => r?.engaged ?? false)}::boolean[]) AS u(id, scroll, engaged)
    WHERE s.id = u.id`);

  // No later fold needs a day before the newest one's eve: visitor ids and sessions live one UTC day.
  const keepFrom = Math.floor(hits.reduce((m, h) => Math.max(m, h.ts), -Infinity) / DAY_MS) - 1;
  out.push(sql`DELETE FROM dimension_visitor_state WHERE day < ${keepFrom}`);
  out.push(sql`DELETE FROM dimension_session_state WHERE started_at < ${iso(keepFrom * DAY_MS)}`);
  return out;
}
