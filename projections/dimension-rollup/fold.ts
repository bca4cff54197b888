import type { Statement } from '../../src/db/copy.js';
import type { HitRecorded } from '../../streams/events.js';
import { humanHits } from '../human-hits.js';
import type { Sequenced } from '../projection.js';
import { type SessionState, sessionize } from '../sessions/sessionize.js';
import { newestBySite } from '../sessions/horizon.js';
import { type Cell, Deltas, idOf } from './deltas.js';
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

/** The dimension codes, 0 to the largest. */
const DIMENSION_COUNT = Math.max(...Object.values(DIMENSION_CODES)) + 1;

interface VisitorDay {
  day: number;
  site: number;
  visitor: string;
  spans: Map<string, QuarterSpan>;
  moved: boolean;
}

/** A row key's cell with its key among a visitor day's spans (`cellKey(…)`). */
interface Counted {
  cell: Cell;
  span: string;
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
export function foldDimensionRollup(events: readonly Sequenced[], state: DimensionState): Statement[] {
  const hits = humanHits(events).map((s) => s.event);
  if (hits.length === 0) return [];
  const dims = new Deltas(['pageviews', 'events', 'visitors', 'visitors_last'] as const);
  const props = new Deltas(['events', 'visitors', 'visitors_last'] as const);
  const pages = new Deltas(['entries', 'exits', 'scroll', 'scroll_n', 'engaged_ms', 'engaged_n'] as const);
  // Counter positions: dimension_rollup's, event_property_rollup's and page_rollup's.
  const [PV, EV, VI, VL] = [0, 1, 2, 3];
  const [PEV, PVI, PVL] = [0, 1, 2];
  const [ENTRIES, EXITS, SCROLL, SCROLL_N, ENGAGED_MS, ENGAGED_N] = [0, 1, 2, 3, 4, 5];

  // Each visitor day the batch touches, its spans copied so the state passed in stays as it was.
  const days = new Map<string, VisitorDay>();
  const visitorDay = (h: HitRecorded, day: number) => {
    const key = visitorDayKey(day, h.site, h.visitor);
    let v = days.get(key);
    if (!v) {
      v = { day, site: h.site, visitor: h.visitor, spans: new Map(state.visitors.get(key)), moved: false };
      days.set(key, v);
    }
    return v;
  };
  /**
   * Counts the visitor once per cell and day: at its first and last quarter hour with it (`q`, of
   * the visitor's day), in the counters `visitors` and `last` of the cell's rows.
   */
  const countVisitor = (
    v: VisitorDay,
    q: number,
    { cell, span: spanKey }: Counted,
    visitors: number,
    last: number,
  ) => {
    const span = v.spans.get(spanKey);
    if (span && span.first <= q && q <= span.last) return;
    const base = v.day * DAY_MS;
    const next = { first: q, last: q };
    if (!span) {
      const c = cell.at(base + q * QUARTER_MS);
      c[visitors]! += 1;
      c[last]! += 1;
    } else if (q < span.first) {
      cell.at(base + span.first * QUARTER_MS)[visitors]! -= 1;
      cell.at(base + q * QUARTER_MS)[visitors]! += 1;
      next.last = span.last;
    } else {
      cell.at(base + span.last * QUARTER_MS)[last]! -= 1;
      cell.at(base + q * QUARTER_MS)[last]! += 1;
      next.first = span.first;
    }
    v.spans.set(spanKey, next);
    v.moved = true;
  };

  // Per site, per dimension code, each value's cell: found by the value itself, no key string built.
  const siteCells = new Map<number, Map<string | null, Counted>[]>();
  const cellsOf = (site: number) => {
    let cells = siteCells.get(site);
    if (!cells) {
      cells = Array.from({ length: DIMENSION_COUNT }, () => new Map<string | null, Counted>());
      siteCells.set(site, cells);
    }
    return cells;
  };
  const propCells = new Map<string, Counted>();

  // The hit being counted: its visitor day, quarter hour (of the day, and its start) and site's cells.
  let v!: VisitorDay;
  let q = 0;
  let quarter = 0;
  let isPageview = 0;
  let site = 0;
  let cells: Map<string | null, Counted>[] = [];
  const count = (dim: number, value: string | null) => {
    const byValue = cells[dim]!;
    let counted = byValue.get(value);
    if (!counted) {
      counted = { cell: dims.cell([site, dim, value]), span: cellKey(dim, value) };
      byValue.set(value, counted);
    }
    const c = counted.cell.at(quarter);
    c[PV]! += isPageview;
    c[EV]! += 1;
    countVisitor(v, q, counted, VI, VL);
  };

  const { sessionOf, changes, engagements } = sessionize(hits, state.sessions);
  for (const h of hits) {
    const attrs = changes.get(sessionOf.get(h.id)!)!.after.attrs;
    const day = Math.floor(h.ts / DAY_MS);
    v = visitorDay(h, day);
    q = Math.floor((h.ts - day * DAY_MS) / QUARTER_MS);
    quarter = day * DAY_MS + q * QUARTER_MS;
    isPageview = h.kind === 'pageview' ? 1 : 0;
    site = h.site;
    cells = cellsOf(site);
    count(DIMENSION_CODES.all, null);
    for (const [dim, value] of VALUED) count(dim, value(h, attrs) ?? null);
    if (h.kind === 'custom' && h.name !== undefined) count(DIMENSION_CODES.event, h.name);
    if (h.kind === 'custom' && h.name !== undefined && h.props)
      for (const [k, value] of Object.entries(h.props)) {
        const text = propertyText(value);
        // A JSON null reads as no value: the null row is the event's hits without a value.
        if (text === null) continue;
        const key = [h.site, h.name, k, text] as const;
        const id = idOf(key);
        let counted = propCells.get(id);
        if (!counted) {
          counted = {
            cell: props.cell(key),
            span: cellKey(EVENT_PROPERTY_CODE, JSON.stringify([h.name, k, text])),
          };
          propCells.set(id, counted);
        }
        counted.cell.at(quarter)[PEV]! += 1;
        countVisitor(v, q, counted, PVI, PVL);
      }
  }

  const page = (site: number, path: string) => pages.cellOf(`${site}\0${path}`, [site, path]);
  // Sessions by entry and exit page, in their start's quarter hour.
  const session = (s: SessionState, sign: 1 | -1) => {
    const at = Math.floor(s.started / QUARTER_MS) * QUARTER_MS;
    if (s.entryPath !== null) page(s.site, s.entryPath).at(at)[ENTRIES]! += sign;
    if (s.exitPath !== null) page(s.site, s.exitPath).at(at)[EXITS]! += sign;
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
      const c = page(pv.site, pv.path).at(at);
      c[SCROLL]! += scroll - (pv.scroll ?? 0);
      c[SCROLL_N]! += pv.scroll === null ? 1 : 0;
      pv.scroll = scroll;
    }
    // A stored pageview's engaged time is set by any engagement, time or not (0 without `d`).
    if (g.d !== undefined || !pv.inBatch) {
      const c = page(pv.site, pv.path).at(at);
      c[ENGAGED_MS]! += g.d ?? 0;
      c[ENGAGED_N]! += pv.engaged ? 0 : 1;
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
