import { type Sql, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import { humanHits } from '../human-hits.js';
import type { Sequenced } from '../projection.js';
import { type SessionAttrs, type SessionState, sessionize } from '../sessions/sessionize.js';
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
  /** `visitorKey(…)` → the span of that visitor's day with that value. */
  visitors: Map<string, QuarterSpan>;
}

export const visitorKey = (day: number, site: number, visitor: string, dim: number, value: string | null) =>
  JSON.stringify([day, site, visitor, dim, value]);

const iso = (ms: number) => new Date(ms).toISOString();

/** Counter deltas per key and quarter hour, summed to the coarser grains when written. */
class Deltas<C extends string> {
  private readonly rows = new Map<string, { key: readonly unknown[]; at: number; c: Record<C, number> }>();
  constructor(private readonly counters: readonly C[]) {}

  add(key: readonly unknown[], at: number, c: Partial<Record<C, number>>) {
    const id = JSON.stringify([key, at]);
    let row = this.rows.get(id);
    if (!row) {
      row = { key, at, c: Object.fromEntries(this.counters.map((k) => [k, 0])) as Record<C, number> };
      this.rows.set(id, row);
    }
    for (const k of this.counters) row.c[k] += c[k] ?? 0;
  }

  /** Every grain's rows (`grain` in minutes), rows whose counters all add up to zero left out. */
  byGrain() {
    const out: { key: readonly unknown[]; at: number; grain: number; c: Record<C, number> }[] = [];
    for (const { grain, ms } of DIMENSION_GRAINS) {
      const sums = new Map<string, (typeof out)[number]>();
      for (const r of this.rows.values()) {
        const at = Math.floor(r.at / ms) * ms;
        const id = JSON.stringify([r.key, at]);
        let row = sums.get(id);
        if (!row) {
          row = {
            key: r.key,
            at,
            grain,
            c: Object.fromEntries(this.counters.map((k) => [k, 0])) as Record<C, number>,
          };
          sums.set(id, row);
        }
        for (const k of this.counters) row.c[k] += r.c[k];
      }
      for (const row of sums.values()) if (this.counters.some((k) => row.c[k] !== 0)) out.push(row);
    }
    return out;
  }
}

type Cell = { dim: number; value: string | null };

/** The dimension rows a hit counts in (its session's attributes as raw_events copies them onto it). */
function cellsOf(h: HitRecorded, attrs: SessionAttrs): Cell[] {
  const cells: Cell[] = [{ dim: DIMENSION_CODES.all, value: null }];
  for (const [name, value] of Object.entries(DIMENSION_VALUES))
    cells.push({
      dim: DIMENSION_CODES[name as keyof typeof DIMENSION_VALUES],
      value: value(h, attrs) ?? null,
    });
  if (h.kind === 'custom' && h.name !== undefined) cells.push({ dim: DIMENSION_CODES.event, value: h.name });
  return cells;
}

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

  // Spans this batch moved, copied on first change so the state passed in stays as it was.
  const moved = new Map<
    string,
    QuarterSpan & { day: number; site: number; visitor: string; dim: number; value: string | null }
  >();
  const countVisitor = (
    h: HitRecorded,
    dim: number,
    value: string | null,
    add: (at: number, c: { visitors?: number; visitors_last?: number }) => void,
  ) => {
    const day = Math.floor(h.ts / DAY_MS);
    const q = Math.floor((h.ts - day * DAY_MS) / QUARTER_MS);
    const unit = (quarter: number) => day * DAY_MS + quarter * QUARTER_MS;
    const key = visitorKey(day, h.site, h.visitor, dim, value);
    const span = moved.get(key) ?? state.visitors.get(key);
    if (span && span.first <= q && q <= span.last) return;
    const next = { day, site: h.site, visitor: h.visitor, dim, value, first: q, last: q };
    if (!span) add(unit(q), { visitors: 1, visitors_last: 1 });
    else if (q < span.first) {
      add(unit(span.first), { visitors: -1 });
      add(unit(q), { visitors: 1 });
      next.last = span.last;
    } else {
      add(unit(span.last), { visitors_last: -1 });
      add(unit(q), { visitors_last: 1 });
      next.first = span.first;
    }
    moved.set(key, next);
  };

  const { sessionOf, changes, engagements } = sessionize(hits, state.sessions);
  for (const h of hits) {
    const attrs = changes.get(sessionOf.get(h.id)!)!.after.attrs;
    const quarter = Math.floor(h.ts / QUARTER_MS) * QUARTER_MS;
    const pageviews = h.kind === 'pageview' ? 1 : 0;
    for (const { dim, value } of cellsOf(h, attrs)) {
      const key = [h.site, dim, value] as const;
      dims.add(key, quarter, { pageviews, events: 1 });
      countVisitor(h, dim, value, (at, c) => dims.add(key, at, c));
    }
    if (h.kind === 'custom' && h.name !== undefined && h.props)
      for (const [k, v] of Object.entries(h.props)) {
        const text = propertyText(v);
        // A JSON null reads as no value: the null row is the event's hits without a value.
        if (text === null) continue;
        const key = [h.site, h.name, k, text] as const;
        props.add(key, quarter, { events: 1 });
        countVisitor(h, EVENT_PROPERTY_CODE, JSON.stringify([h.name, k, text]), (at, c) =>
          props.add(key, at, c),
        );
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
  const spans = [...moved.values()];
  if (spans.length > 0) {
    const col = <T>(f: (r: (typeof spans)[number]) => T) => spans.map(f);
    out.push(sql`
      INSERT INTO dimension_visitor_state (site_id, day, first_q, last_q, dim, visitor_id, value)
      SELECT * FROM unnest(${col((s) => s.site)}::bigint[], ${col((s) => s.day)}::int[],
        ${col((s) => s.first)}::smallint[], ${col((s) => s.last)}::smallint[], ${col((s) => s.dim)}::smallint[],
        ${col((s) => s.visitor)}::text[], ${col((s) => s.value)}::text[])
      ON CONFLICT (day, site_id, visitor_id, dim, value) DO UPDATE SET
        first_q = excluded.first_q, last_q = excluded.last_q`);
  }
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
