import { pathPrefixes } from '../../projections/path-visitors/fold.js';
import { PAIR_CODES, PAIR_FILTERS, type PairFilterDimension } from './dimensions.js';

/** A hit of the day as the count reads it: its values of the filter dimensions, in PAIR_FILTERS' order. */
export interface PairHit {
  visitor: string;
  pageview: boolean;
  /** A custom event's name (the `event` dimension); null for other hits. */
  event: string | null;
  scroll: number | null;
  engagedMs: number | null;
  values: readonly (string | null)[];
}

/** A session started that day: its entry and exit page, bounce, duration, and every hit's values. */
export interface PairSession {
  entry: string | null;
  exit: string | null;
  bounce: boolean;
  durationMs: number;
  hits: readonly (readonly (string | null)[])[];
}

export interface PairRow {
  fdim: number;
  fvalue: string;
  dim: number;
  value: string | null;
  pageviews: number;
  events: number;
  visitors: number;
  /** Pathname rows, and `all` rows under a pathname filter: null elsewhere. */
  page: {
    entries: number;
    exits: number;
    scroll: number;
    scrollN: number;
    engagedMs: number;
    engagedN: number;
  } | null;
  /** `all` rows: null elsewhere. */
  sessions: { sessions: number; bounces: number; durationMs: number } | null;
}

const FILTER_CODES = PAIR_FILTERS.map((d: PairFilterDimension) => PAIR_CODES[d]);
/** Breakdown codes of a hit, in the order of its ids: `all`, the filter dimensions, `event`. */
const HIT_CODES = [PAIR_CODES.all, ...FILTER_CODES, PAIR_CODES.event];
const EVENT_SLOT = HIT_CODES.length - 1;
const PATH_VALUE = PAIR_FILTERS.indexOf('pathname');
/** Room for a million (dimension, value) ids a day: a pair's key stays a safe integer. */
const ID_SPACE = 2 ** 20;

/** Counters of a pair, one array each, indexed by the pair's slot. */
const COUNTERS = [
  'pageviews',
  'events',
  'visitors',
  'entries',
  'exits',
  'scroll',
  'scrollN',
  'engaged',
  'engagedN',
  'sessions',
  'bounces',
  'duration',
] as const;

/**
 * Counts one site's UTC day into pair rows: for every filter value a hit has, every other
 * dimension's value of that hit (and `all`, and a pageview's path prefixes), with pageviews, hits,
 * distinct visitors and the pageviews' engagement; for every filter value a session started that day had on any hit, the
 * session on the `all` row and its entry and exit on the page's row. Hits come sorted by visitor,
 * so a visitor's pairs are told apart with a set cleared at the next visitor.
 */
export class PairCounter {
  private readonly ids = new Map<string, number>();
  private readonly idDim: number[] = [];
  private readonly idValue: (string | null)[] = [];
  private readonly slots = new Map<number, number>();
  private readonly key: number[] = [];
  private readonly c = Object.fromEntries(COUNTERS.map((k) => [k, [] as number[]])) as Record<
    (typeof COUNTERS)[number],
    number[]
  >;
  private readonly seen = new Set<number>();
  private visitor: string | undefined;
  /** The hit's ids: HIT_CODES' dimensions, then a pageview's path prefixes. */
  private readonly hitIds = new Array<number>(HIT_CODES.length);

  private id(dim: number, value: string | null): number {
    const k = `${dim}\u0000${value ?? '\u0001'}`;
    let id = this.ids.get(k);
    if (id === undefined) {
      id = this.idDim.length;
      if (id >= ID_SPACE) throw new Error('more than a million dimension values in a day');
      this.ids.set(k, id);
      this.idDim.push(dim);
      this.idValue.push(value);
    }
    return id;
  }

  private slot(fid: number, did: number): number {
    const key = fid * ID_SPACE + did;
    let s = this.slots.get(key);
    if (s === undefined) {
      s = this.key.length;
      this.slots.set(key, s);
      this.key.push(key);
      for (const k of COUNTERS) this.c[k].push(0);
    }
    return s;
  }

  addHit(h: PairHit): void {
    if (h.visitor !== this.visitor) {
      if (this.visitor !== undefined && h.visitor < this.visitor)
        throw new Error('hits must come sorted by visitor');
      this.visitor = h.visitor;
      this.seen.clear();
    }
    const ids = this.hitIds;
    ids[0] = this.id(PAIR_CODES.all, null);
    for (let i = 0; i < FILTER_CODES.length; i++) ids[i + 1] = this.id(FILTER_CODES[i]!, h.values[i] ?? null);
    ids[EVENT_SLOT] = this.id(PAIR_CODES.event, h.event);
    ids.length = HIT_CODES.length;
    const path = h.values[PATH_VALUE];
    if (h.pageview && path)
      for (const prefix of pathPrefixes(path)) ids.push(this.id(PAIR_CODES.prefix, prefix));
    const scrolled = h.pageview && h.scroll !== null;
    const engaged = h.pageview && h.engagedMs !== null;
    const c = this.c;
    for (let f = 0; f < FILTER_CODES.length; f++) {
      if (h.values[f] === null || h.values[f] === undefined) continue;
      for (let d = 0; d < ids.length; d++) {
        if (d === f + 1) continue;
        const s = this.slot(ids[f + 1]!, ids[d]!);
        if (h.pageview) c.pageviews[s]!++;
        c.events[s]!++;
        if (!this.seen.has(s)) {
          this.seen.add(s);
          c.visitors[s]!++;
        }
        if (scrolled) {
          c.scroll[s]! += h.scroll!;
          c.scrollN[s]!++;
        }
        if (engaged) {
          c.engaged[s]! += h.engagedMs!;
          c.engagedN[s]!++;
        }
      }
    }
  }

  addSession(s: PairSession): void {
    const values = new Map<number, string>();
    for (const hit of s.hits)
      for (let f = 0; f < FILTER_CODES.length; f++) {
        const v = hit[f];
        if (v !== null && v !== undefined) values.set(this.id(FILTER_CODES[f]!, v), v);
      }
    const all = this.id(PAIR_CODES.all, null);
    const c = this.c;
    for (const [fid, value] of values) {
      const totals = this.slot(fid, all);
      c.sessions[totals]!++;
      if (s.bounce) c.bounces[totals]!++;
      c.duration[totals]! += s.durationMs;
      // Under a pathname filter, pages are the filter value's own row.
      const byPath = this.idDim[fid] === PAIR_CODES.pathname;
      if (s.entry !== null && (!byPath || s.entry === value))
        c.entries[byPath ? totals : this.slot(fid, this.id(PAIR_CODES.pathname, s.entry))]!++;
      if (s.exit !== null && (!byPath || s.exit === value))
        c.exits[byPath ? totals : this.slot(fid, this.id(PAIR_CODES.pathname, s.exit))]!++;
    }
  }

  rows(): PairRow[] {
    const c = this.c;
    return this.key.map((key, s) => {
      const fid = Math.floor(key / ID_SPACE);
      const did = key % ID_SPACE;
      const dim = this.idDim[did]!;
      const pages =
        dim === PAIR_CODES.pathname || (dim === PAIR_CODES.all && this.idDim[fid] === PAIR_CODES.pathname);
      return {
        fdim: this.idDim[fid]!,
        fvalue: this.idValue[fid]!,
        dim,
        value: this.idValue[did]!,
        pageviews: c.pageviews[s]!,
        events: c.events[s]!,
        visitors: c.visitors[s]!,
        page: pages
          ? {
              entries: c.entries[s]!,
              exits: c.exits[s]!,
              scroll: c.scroll[s]!,
              scrollN: c.scrollN[s]!,
              engagedMs: c.engaged[s]!,
              engagedN: c.engagedN[s]!,
            }
          : null,
        sessions:
          dim === PAIR_CODES.all
            ? { sessions: c.sessions[s]!, bounces: c.bounces[s]!, durationMs: c.duration[s]! }
            : null,
      };
    });
  }
}
