import { hash } from 'node:crypto';
import type { Db } from '../db/sql.js';

/** One counter to count a call against: the bucket (`ingest:<site>`) and the address's digest. */
export interface Counted {
  bucket: string;
  subject: Buffer;
}

/** A call: its counters, in order, answered together. */
interface Pending {
  keys: string[];
  resolve: (allowed: boolean[]) => void;
  reject: (err: Error) => void;
}

/**
 * Fixed-window counters for high-rate limits (ingest, edge), shared by every API instance through
 * Postgres and exact across them: the calls that arrive while a flush is in flight are counted
 * together by one upsert, whose returned totals say which of them fit under the limit. Windows
 * start at multiples of `windowSeconds` on the database clock, as in fixed-window.ts. The table is
 * unlogged and keyed by one bigint per (bucket, subject) (counterKey): a row per address and window
 * is written for nearly every hit, so what each costs Postgres and the client counts.
 */
export class BatchedWindowLimiter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private nextPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly limit: number,
    private readonly windowSeconds: number,
    private readonly maxInFlight = 2,
  ) {}

  allow(bucket: string, subject: Buffer): Promise<boolean> {
    return this.allowEach([{ bucket, subject }]).then((allowed) => allowed[0]!);
  }

  /**
   * One answer per counter, in order, as if each were allow()ed in turn: the ingest thread asks
   * for a whole part of hits with one promise instead of one per hit.
   */
  allowEach(counted: readonly Counted[]): Promise<boolean[]> {
    const keys = counted.map((c) => counterKey(c.bucket, c.subject));
    return new Promise((resolve, reject) => {
      this.queue.push({ keys, resolve, reject });
      if (this.queue.length === 1) queueMicrotask(() => this.pump());
    });
  }

  private pump(): void {
    while (this.queue.length > 0 && this.inFlight < this.maxInFlight) {
      const batch = this.queue.splice(0, 2000);
      this.inFlight++;
      this.flush(batch)
        .catch((err: Error) => {
          for (const p of batch) p.reject(err);
        })
        .finally(() => {
          this.inFlight--;
          if (this.queue.length > 0) this.pump();
        });
    }
  }

  private async flush(batch: Pending[]): Promise<void> {
    // Per counter, the places (call, index) that count against it, in the order they were asked.
    const groups = new Map<string, number[]>();
    const answers = batch.map((p) => new Array<boolean>(p.keys.length));
    batch.forEach((p, call) =>
      p.keys.forEach((key, k) => {
        const list = groups.get(key);
        if (list) list.push(call, k);
        else groups.set(key, [call, k]);
      }),
    );
    // A named statement: each connection parses and plans it once instead of on every flush,
    // which runs several hundred times a second under load.
    const { rows } = await this.db.query<{ k: string; hits: number }>({
      name: 'hit-rate-windows-upsert',
      text: UPSERT,
      values: [
        [...groups.keys()],
        [...groups.values()].map((g) => g.length / 2),
        this.windowSeconds,
        this.limit,
      ],
    });
    // Only windows that went over the limit come back: the rest fit whole.
    const over = new Map<string, number>();
    for (const r of rows) over.set(r.k, r.hits);
    for (const [key, group] of groups) {
      const hits = over.get(key);
      // The group's counts hold the last places of the window's total, in order.
      const first = hits === undefined ? 1 : hits - group.length / 2 + 1;
      for (let i = 0; i < group.length; i += 2)
        answers[group[i]!]![group[i + 1]!] = hits === undefined || first + i / 2 <= this.limit;
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
// parse for the others. `w` is the window's start in Unix seconds, on the database clock.
const UPSERT = `
  WITH counted AS (
    INSERT INTO hit_rate_windows AS c (k, w, hits)
    SELECT k, (floor(extract(epoch FROM now()) / $3::int) * $3::int)::int, n
    FROM unnest($1::int8[], $2::int[]) AS t(k, n)
    ON CONFLICT (k, w) DO UPDATE SET hits = c.hits + excluded.hits
    RETURNING c.k, c.hits)
  SELECT k::text AS k, hits FROM counted WHERE hits > $4::int`;

const PRUNE = `DELETE FROM hit_rate_windows WHERE w < extract(epoch FROM now()) - $1::int`;
