import { DIMENSION_GRAINS } from './dimensions.js';

/** A string key of parts that tells null from '' (values never hold a NUL: Postgres text cannot). */
export const idOf = (parts: readonly (string | number | null)[]) =>
  parts.map((p) => (p === null ? '' : `v${p}`)).join('\0');

export type Key = readonly (string | number | null)[];

type Row = { key: Key; at: number; c: number[] };

/** Counter deltas per key and quarter hour, summed to the coarser grains when written. */
export class Deltas<C extends string> {
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
