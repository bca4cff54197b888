import { hash } from 'node:crypto';
import type { Db } from '../db/sql.js';
import { isDatabaseUnreachable } from '../db/unreachable.js';

/** One counter to count a call against: the bucket (`ingest:<site>`) and the address's digest. */
export interface Counted {
  bucket: string;
  subject: Buffer;
}

/** A call's counters that are counted in Postgres, in order, answered together. */
interface Pending {
  keys: string[];
  /** The window the call was made in, its start in Unix seconds. */
  window: number;
  /** Per counter, the hits this instance let through before it (its allowance), else 0. */
  earlier: number[];
  resolve: (allowed: boolean[]) => void;
  reject: (err: Error) => void;
}

export interface BatchedWindowOptions {
  limit: number;
  windowSeconds: number;
  /**
   * The hits of a counter that each instance lets through in a window before it asks Postgres.
   * Nearly every visitor sends fewer, so their hits wait for no round trip and write no row. One
   * instance stays exact (the first call over the allowance counts the allowance with it); N
   * instances can let through at most (N − 1) × allowance more than the limit in a window, and
   * only when a counter's calls spread over them. 0: every call is counted in Postgres, exact
   * across any number of instances.
   */
  localAllowance?: number;
  /** Upserts in flight at once: what arrives meanwhile waits and is counted by the next one. */
  maxInFlight?: number;
}

/**
 * Bounds the local counts of a window (70 bytes each measured, so under 20 MB): past it, counters not yet
 * seen in the window are counted in Postgres from their first call, which stays exact.
 */
const MAX_LOCAL_COUNTERS = 250_000;

/**
 * Fixed-window counters for high-rate limits (ingest, edge), shared by every API instance through
 * Postgres: the calls that arrive while a flush is in flight are counted together by one upsert,
 * whose returned totals say which of them fit under the limit. Each instance first lets a
 * counter's calls through up to its local allowance (BatchedWindowOptions) without asking. Windows
 * start at multiples of `windowSeconds` on each instance's clock. The table is unlogged and keyed
 * by one bigint per (bucket, subject) (counterKey): what each row costs Postgres and the client
 * counts.
 */
export class BatchedWindowLimiter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private nextPrune = 0;
  /** Calls counted here per counter in `localWindow`: up to the allowance, one more once sent. */
  private local = new Map<string, number>();
  /**
   * Calls per counter in `localWindow` that this instance answered alone because Postgres could
   * not be reached (docs/operations.md#when-postgres-is-away).
   */
  private alone = new Map<string, number>();
  private localWindow = -1;
  private readonly limit: number;
  private readonly windowSeconds: number;
  private readonly allowance: number;
  private readonly maxInFlight: number;

  constructor(
    private readonly db: Db,
    options: BatchedWindowOptions,
  ) {
    this.limit = options.limit;
    this.windowSeconds = options.windowSeconds;
    // Over the limit, an allowance would let one instance alone through past it.
    this.allowance = Math.min(options.localAllowance ?? 0, options.limit);
    this.maxInFlight = options.maxInFlight ?? 2;
  }

  allow(bucket: string, subject: Buffer): Promise<boolean> {
    return this.allowEach([{ bucket, subject }]).then((allowed) => allowed[0]!);
  }

  /**
   * One answer per counter, in order, as if each were allow()ed in turn: the ingest thread asks
   * for a whole part of hits with one promise instead of one per hit.
   */
  allowEach(counted: readonly Counted[]): Promise<boolean[]> {
    const window = this.currentWindow();
    const answers = new Array<boolean>(counted.length);
    const keys: string[] = [];
    const earlier: number[] = [];
    const places: number[] = [];
    for (let i = 0; i < counted.length; i++) {
      const key = counterKey(counted[i]!.bucket, counted[i]!.subject);
      const here = this.allowance > 0 ? this.countHere(key) : 0;
      if (here < this.allowance) {
        answers[i] = true;
        continue;
      }
      keys.push(key);
      // The first call past the allowance carries it: from then on Postgres holds the whole count.
      earlier.push(here === this.allowance ? this.allowance : 0);
      places.push(i);
    }
    if (places.length === 0) return Promise.resolve(answers);
    return new Promise((resolve, reject) => {
      const sent: Pending = {
        keys,
        window,
        earlier,
        resolve: (allowed) => {
          places.forEach((i, k) => (answers[i] = allowed[k]!));
          resolve(answers);
        },
        reject: (err) => {
          this.unsend(sent);
          reject(err);
        },
      };
      this.queue.push(sent);
      if (this.queue.length === 1) queueMicrotask(() => this.pump());
    });
  }

  /** The start of the current window in Unix seconds; a new window forgets the local counts. */
  private currentWindow(): number {
    const window = Math.floor(Date.now() / 1000 / this.windowSeconds) * this.windowSeconds;
    if (window !== this.localWindow) {
      this.local.clear();
      this.alone.clear();
      this.localWindow = window;
    }
    return window;
  }

  /** How many of the counter's calls this instance saw before this one (allowance + 1 at most); counts this one. */
  private countHere(key: string): number {
    const here = this.local.get(key);
    if (here === undefined) {
      if (this.local.size >= MAX_LOCAL_COUNTERS) return this.allowance + 1;
      this.local.set(key, 1);
      return 0;
    }
    if (here <= this.allowance) this.local.set(key, here + 1);
    return here;
  }

  /**
   * A failed upsert counted nothing: the calls that carried their counter's allowance give it back,
   * so the next call past it carries it again.
   */
  private unsend(p: Pending): void {
    if (p.window !== this.localWindow) return;
    p.keys.forEach((key, k) => {
      if (p.earlier[k]! > 0) this.local.set(key, this.allowance);
    });
  }

  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, 2000);
      this.inFlight++;
      this.flush(batch)
        .catch((err: Error) => {
          if (isDatabaseUnreachable(err)) this.answerAlone(batch);
          else for (const p of batch) p.reject(err);
        })
        .finally(() => {
          this.inFlight--;
          if (this.queue.length > 0) this.pump();
        });
    }
  }

  /**
   * With Postgres out of reach, hits are still answered: each call is counted here alone, after the
   * allowance this instance let through without asking, against the whole limit. N instances can
   * then let up to N × limit through in a window; past MAX_LOCAL_COUNTERS counters, a counter not
   * yet seen is let through uncounted.
   */
  private answerAlone(batch: Pending[]): void {
    for (const p of batch) {
      if (p.window !== this.localWindow) {
        p.resolve(p.keys.map(() => true));
        continue;
      }
      p.resolve(
        p.keys.map((key) => {
          const before = this.alone.get(key);
          if (before === undefined && this.alone.size >= MAX_LOCAL_COUNTERS) return true;
          const n = (before ?? this.allowance) + 1;
          this.alone.set(key, n);
          return n <= this.limit;
        }),
      );
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    // Per counter and window, the places (call, index) that count against it, in the order they
    // were asked, and the calls let through here before them.
    const groups = new Map<string, Group>();
    const answers = batch.map((p) => new Array<boolean>(p.keys.length));
    batch.forEach((p, call) =>
      p.keys.forEach((key, k) => {
        const id = `${key}@${p.window}`;
        const group = groups.get(id);
        if (group) {
          group.places.push(call, k);
          group.earlier += p.earlier[k]!;
        } else groups.set(id, { key, window: p.window, earlier: p.earlier[k]!, places: [call, k] });
      }),
    );
    const list = [...groups.values()];
    // A named statement: each connection parses and plans it once instead of on every flush,
    // which runs several hundred times a second under load.
    const { rows } = await this.db.query<{ k: string; w: number; hits: number }>({
      name: 'hit-rate-windows-upsert',
      text: UPSERT,
      values: [
        list.map((g) => g.key),
        list.map((g) => g.window),
        list.map((g) => g.earlier + g.places.length / 2),
        this.limit,
      ],
    });
    // Only windows that went over the limit come back: the rest fit whole.
    const over = new Map<string, number>();
    for (const r of rows) over.set(`${r.k}@${r.w}`, r.hits);
    for (const [id, { places }] of groups) {
      const hits = over.get(id);
      // The group's calls hold the last places of the window's total, in order (after the
      // allowance it carried, which was let through before them).
      const first = hits === undefined ? 1 : hits - places.length / 2 + 1;
      for (let i = 0; i < places.length; i += 2)
        answers[places[i]!]![places[i + 1]!] = hits === undefined || first + i / 2 <= this.limit;
    }
    batch.forEach((p, call) => p.resolve(answers[call]!));
    if (Date.now() >= this.nextPrune) this.prune();
  }

  /** Once a window per instance: the rows of windows that have ended are of no more use. */
  private prune(): void {
    this.nextPrune = Date.now() + this.windowSeconds * 1000;
    void this.db
      .query({ name: 'hit-rate-windows-prune', text: PRUNE, values: [this.windowSeconds] })
      .catch(() => {});
  }
}

interface Group {
  key: string;
  window: number;
  earlier: number;
  places: number[];
}

const bucketWords = new Map<string, bigint>();

/**
 * The counter's key (migration 0029): the subject's first 8 bytes XOR the first 8 of SHA-256(bucket),
 * as the decimal text of an int8, the form Postgres reads and returns it in (the pool reads int8 as
 * a JS number, which cannot hold 64 bits).
 */
export function counterKey(bucket: string, subject: Buffer): string {
  let word = bucketWords.get(bucket);
  if (word === undefined) {
    word = hash('sha256', bucket, 'buffer').readBigInt64BE(0);
    if (bucketWords.size > 100_000) bucketWords.clear();
    bucketWords.set(bucket, word);
  }
  return (subject.readBigInt64BE(0) ^ word).toString();
}

// Nearly every window is under its limit, so only those over it are returned: no row to send and
// parse for the others. `w` is the window's start in Unix seconds, on the asking instance's clock
// (the one its local allowance counts by).
const UPSERT = `
  WITH counted AS (
    INSERT INTO hit_rate_windows AS c (k, w, hits)
    SELECT k, w, n FROM unnest($1::int8[], $2::int[], $3::int[]) AS t(k, w, n)
    ON CONFLICT (k, w) DO UPDATE SET hits = c.hits + excluded.hits
    RETURNING c.k, c.w, c.hits)
  SELECT k::text AS k, w, hits FROM counted WHERE hits > $4::int`;

const PRUNE = `DELETE FROM hit_rate_windows WHERE w < extract(epoch FROM now()) - $1::int`;
