/**
 * Sorted, non-overlapping inclusive address ranges with a 32-bit value each, searched by binary
 * search. Keys are `width` big-endian 32-bit words (1 for IPv4, 4 for IPv6), stored flat in typed
 * arrays: a few MB for the ~400k IPv4 ranges instead of ~100 bytes per row as objects.
 */
export class RangeTable {
  constructor(
    private readonly width: number,
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
    private readonly values: Uint32Array,
    readonly size: number,
    readonly overlapsClipped: number,
  ) {}

  /** The value of the range holding `key`, if any. */
  find(key: readonly number[]): number | undefined {
    if (this.width === 1) return this.findWord(key[0]!);
    const w = this.width;
    let lo = 0;
    let hi = this.size - 1;
    let found = -1;
    // The last range whose start is <= key.
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(this.starts, mid * w, key, w) <= 0) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0 || compare(this.ends, found * w, key, w) < 0) return undefined;
    return this.values[found];
  }

  /** find() for one-word keys (IPv4, every hit's ASN): plain comparisons, no key array to walk. */
  private findWord(key: number): number | undefined {
    const starts = this.starts;
    let lo = 0;
    let hi = this.size - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (starts[mid]! <= key) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found < 0 || this.ends[found]! < key) return undefined;
    return this.values[found];
  }
}

export class RangeTableBuilder {
  private starts: Uint32Array;
  private ends: Uint32Array;
  private values: Uint32Array;
  private size = 0;
  private overlaps = 0;

  constructor(private readonly width: number) {
    this.starts = new Uint32Array(1024 * width);
    this.ends = new Uint32Array(1024 * width);
    this.values = new Uint32Array(1024);
  }

  /** Ranges must come sorted by start (the CSVs are); anything else is refused, not misfiled. */
  add(start: readonly number[], end: readonly number[], value: number): void {
    const w = this.width;
    const last = this.size - 1;
    if (last >= 0) {
      if (compare(this.starts, last * w, start, w) >= 0) throw new Error('ranges are not sorted by start');
      // A range starting inside its predecessor (one case in the data) wins from its start on.
      // Were it to end before its predecessor, the predecessor's tail would be lost: not the case.
      if (compare(this.ends, last * w, start, w) >= 0) {
        this.ends.set(decrement(start), last * w);
        this.overlaps++;
      }
    }
    if (this.size === this.values.length) this.grow();
    this.starts.set(start, this.size * w);
    this.ends.set(end, this.size * w);
    this.values[this.size] = value;
    this.size++;
  }

  build(): RangeTable {
    const w = this.width;
    const n = this.size;
    return new RangeTable(
      w,
      this.starts.slice(0, n * w),
      this.ends.slice(0, n * w),
      this.values.slice(0, n),
      n,
      this.overlaps,
    );
  }

  private grow(): void {
    const cap = this.values.length * 2;
    const resize = (a: Uint32Array, len: number): Uint32Array => {
      const b = new Uint32Array(len);
      b.set(a);
      return b;
    };
    this.starts = resize(this.starts, cap * this.width);
    this.ends = resize(this.ends, cap * this.width);
    this.values = resize(this.values, cap);
  }
}

/** Sign of (stored key at `offset`) − `key`, comparing word by word. */
function compare(arr: Uint32Array, offset: number, key: readonly number[], width: number): number {
  for (let i = 0; i < width; i++) {
    const d = arr[offset + i]! - key[i]!;
    if (d !== 0) return d;
  }
  return 0;
}

/** key − 1 over big-endian words (never called with all-zero: a start is above its predecessor's). */
function decrement(key: readonly number[]): number[] {
  const out = [...key];
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i]! > 0) {
      out[i] = out[i]! - 1;
      break;
    }
    out[i] = 0xffff_ffff;
  }
  return out;
}
