import { DIMENSION_GRAINS } from './dimensions.js';

/** A string key of parts that tells null from '' (values never hold a NUL: Postgres text cannot). */
export const idOf = (parts: readonly (string | number | null)[]) =>
  parts.map((p) => (p === null ? '' : `v${p}`)).join('\0');

export type Key = readonly (string | number | null)[];

/** One row key's counter deltas by quarter hour (its start in ms), each a vector in the counters' order. */
export class Cell {
  readonly units = new Map<number, number[]>();
  // Hits arrive nearly in time order: most calls ask for the quarter hour of the call before.
  private lastAt = Number.NaN;
  private last: number[] = [];
  constructor(
    readonly key: Key,
    private readonly width: number,
  ) {}

  /** The counters of the quarter hour starting at `at`, to add to in place. */
  at(at: number): number[] {
    if (at === this.lastAt) return this.last;
    let c = this.units.get(at);
    if (!c) {
      c = new Array<number>(this.width).fill(0);
      this.units.set(at, c);
    }
    this.lastAt = at;
    this.last = c;
    return c;
  }
}

/** Rows to write, one column an array; `c` holds each counter's column. */
export interface GrainRows<C extends string> {
  key: Key[];
  at: number[];
  /** In minutes. */
  grain: number[];
  c: Record<C, number[]>;
}

/** Counter deltas per key and quarter hour, summed to the coarser grains when written. */
export class Deltas<C extends string> {
  private readonly cells: Cell[] = [];
  private readonly byId = new Map<string, Cell>();
  constructor(private readonly counters: readonly C[]) {}

  /** A new row key's cell; the caller keeps it, so it is never looked up by a string id. */
  cell(key: Key): Cell {
    const cell = new Cell(key, this.counters.length);
    this.cells.push(cell);
    return cell;
  }

  /** The cell of `id` (idOf(key) or as unique), made on first use. */
  cellOf(id: string, key: Key): Cell {
    let cell = this.byId.get(id);
    if (!cell) {
      cell = this.cell(key);
      this.byId.set(id, cell);
    }
    return cell;
  }

  /** Every grain's rows, rows whose counters all add up to zero left out. */
  byGrain(): GrainRows<C> {
    const width = this.counters.length;
    const out = { key: [] as Key[], at: [] as number[], grain: [] as number[], c: [] as number[][] };
    for (let i = 0; i < width; i++) out.c.push([]);
    const push = (key: Key, at: number, grain: number, c: readonly number[]) => {
      let zero = true;
      for (let i = 0; i < width; i++) if (c[i] !== 0) zero = false;
      if (zero) return;
      out.key.push(key);
      out.at.push(at);
      out.grain.push(grain);
      for (let i = 0; i < width; i++) out.c[i]!.push(c[i]!);
    };
    const sums = new Map<number, number[]>();
    for (const { key, units } of this.cells)
      for (const { grain, ms } of DIMENSION_GRAINS) {
        if (grain === 15) {
          for (const [at, c] of units) push(key, at, grain, c);
          continue;
        }
        sums.clear();
        for (const [quarter, c] of units) {
          const at = Math.floor(quarter / ms) * ms;
          const sum = sums.get(at);
          if (sum) for (let i = 0; i < width; i++) sum[i]! += c[i]!;
          else sums.set(at, c.slice());
        }
        for (const [at, c] of sums) push(key, at, grain, c);
      }
    return {
      key: out.key,
      at: out.at,
      grain: out.grain,
      c: Object.fromEntries(this.counters.map((k, i) => [k, out.c[i]!])) as Record<C, number[]>,
    };
  }
}
