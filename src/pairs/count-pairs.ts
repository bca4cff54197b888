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

/** A session started that day: its entry and exit page, and the values of every hit it had. */
export interface PairSession {
  entry: string | null;
  exit: string | null;
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
  scroll: number;
  scrollN: number;
  engagedMs: number;
  engagedN: number;
}

const FILTER_CODES = PAIR_FILTERS.map((d: PairFilterDimension) => PAIR_CODES[d]);
/** Breakdown codes of a hit, in the order of its ids: `all`, the filter dimensions, `event`. */
const HIT_CODES = [PAIR_CODES.all, ...FILTER_CODES, PAIR_CODES.event];
const EVENT_SLOT = HIT_CODES.length - 1;
/** Room for a million (dimension, value) ids a day: a pair's key stays a safe integer. */
const ID_SPACE = 2 ** 20;

/**
 * Counts one site's UTC day of hits into pair rows: for every filter value a hit has, every
 * other dimension's value of that hit (and `all`), with pageviews, hits, distinct visitors and
 * the pageviews' engagement. Hits come sorted by visitor, so a visitor's pairs are told apart
 * with a set cleared at the next visitor.
 */
export class PairCounter {
  private readonly ids = new Map<string, number>();
  private readonly idDim: number[] = [];
  private readonly idValue: (string | null)[] = [];
  private readonly slots = new Map<number, number>();
  private readonly key: number[] = [];
  private readonly pageviews: number[] = [];
  private readonly events: number[] = [];
  private readonly visitors: number[] = [];
  private readonly scroll: number[] = [];
  private readonly scrollN: number[] = [];
  private readonly engaged: number[] = [];
  private readonly engagedN: number[] = [];
  private readonly seen = new Set<number>();
  private visitor: string | undefined;
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

  private slot(key: number): number {
    let s = this.slots.get(key);
    if (s === undefined) {
      s = this.key.length;
      this.slots.set(key, s);
      this.key.push(key);
      this.pageviews.push(0);
      this.events.push(0);
      this.visitors.push(0);
      this.scroll.push(0);
      this.scrollN.push(0);
      this.engaged.push(0);
      this.engagedN.push(0);
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
    const scrolled = h.pageview && h.scroll !== null;
    const engaged = h.pageview && h.engagedMs !== null;
    for (let f = 0; f < FILTER_CODES.length; f++) {
      if (h.values[f] === null || h.values[f] === undefined) continue;
      const base = ids[f + 1]! * ID_SPACE;
      for (let d = 0; d < ids.length; d++) {
        if (d === f + 1) continue;
        const s = this.slot(base + ids[d]!);
        if (h.pageview) this.pageviews[s]!++;
        this.events[s]!++;
        if (!this.seen.has(s)) {
          this.seen.add(s);
          this.visitors[s]!++;
        }
        if (scrolled) {
          this.scroll[s]! += h.scroll!;
          this.scrollN[s]!++;
        }
        if (engaged) {
          this.engaged[s]! += h.engagedMs!;
          this.engagedN[s]!++;
        }
      }
    }
  }

  /** A session started that day counts once for each filter value any of its hits had. */
  addSession(s: PairSession): void {
    const values = new Set<number>();
    for (const hit of s.hits)
      for (let f = 0; f < FILTER_CODES.length; f++)
        if (hit[f] !== null && hit[f] !== undefined) values.add(this.id(FILTER_CODES[f]!, hit[f]!));
    for (const fid of values) {
      if (s.entry !== null) this.events[this.slot(fid * ID_SPACE + this.id(PAIR_CODES.entry, s.entry))]!++;
      if (s.exit !== null) this.events[this.slot(fid * ID_SPACE + this.id(PAIR_CODES.exit, s.exit))]!++;
    }
  }

  rows(): PairRow[] {
    return this.key.map((key, s) => {
      const fid = Math.floor(key / ID_SPACE);
      const did = key % ID_SPACE;
      return {
        fdim: this.idDim[fid]!,
        fvalue: this.idValue[fid]!,
        dim: this.idDim[did]!,
        value: this.idValue[did]!,
        pageviews: this.pageviews[s]!,
        events: this.events[s]!,
        visitors: this.visitors[s]!,
        scroll: this.scroll[s]!,
        scrollN: this.scrollN[s]!,
        engagedMs: this.engaged[s]!,
        engagedN: this.engagedN[s]!,
      } as PairRow;
    });
  }
}
