import type { Sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import { humanHits } from '../human-hits.js';
import type { Sequenced } from '../projection.js';
import { type SessionState, sessionize } from '../sessions/sessionize.js';
import { newestBySite } from '../sessions/horizon.js';
import { Deltas, idOf, type Key } from './deltas.js';
import {
  DAY_MS,
  DIMENSION_CODES,
  DIMENSION_VALUES,
  EVENT_PROPERTY_CODE,
  propertyText,
  QUARTER_MS,
} from './dimensions.js';
import { type DimensionState, type QuarterSpan, visitorDayKey } from './state.js';
import { statements } from './statements.js';

/** A dimension and value as a key of a visitor's spans: `<dim>` for no value, `<dim>=<value>`. */
const cellKey = (dim: number, value: string | null) => (value === null ? `${dim}` : `${dim}=${value}`);

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

  const sessions = [...changes.values()].map((c) => c.after);
  return statements({
    dimensionRows: dims.byGrain(),
    propertyRows: props.byGrain(),
    pageRows: pages.byGrain(),
    visitorDays: [...days.values()].filter((v) => v.moved),
    sessions,
    reported: sessions.map((s) => (s.lastPageviewId === null ? undefined : pageviews.get(s.lastPageviewId))),
    // No later fold needs a day before a site's newest hit's eve: visitor ids and sessions live one UTC day.
    keepFrom: keptDays(hits),
  });
}

/** Each site of the batch with the first UTC day (days since the epoch) of its state that is kept. */
function keptDays(hits: readonly HitRecorded[]): { sites: number[]; days: number[] } {
  const { sites, newest } = newestBySite(hits);
  return { sites, days: newest.map((n) => Math.floor(n / DAY_MS) - 1) };
}
