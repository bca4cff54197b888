import type { Db } from '../db/sql.js';

interface Pending {
  bucket: string;
  subject: Buffer;
  resolve: (allowed: boolean) => void;
  reject: (err: Error) => void;
}

/**
 * Fixed-window counters for high-rate limits (ingest, edge), shared by every API instance through
 * Postgres and exact across them: the calls that arrive while a flush is in flight are counted
 * together by one upsert, whose returned totals say which of them fit under the limit. Windows
 * start at multiples of `windowSeconds` on the database clock, as in fixed-window.ts. The table is
 * unlogged and keyed by 8 bytes of the keyed digest: a row per address and window is written for
 * nearly every hit, so what each costs Postgres and the client counts.
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
    return new Promise((resolve, reject) => {
      this.queue.push({ bucket, subject, resolve, reject });
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
    const groups = new Map<string, Pending[]>();
    const buckets: string[] = [];
    const subjects: string[] = [];
    for (const p of batch) {
      const subject = p.subject.readBigInt64BE(0).toString();
      const key = `${p.bucket}\u0000${subject}`;
      const list = groups.get(key);
      if (list) list.push(p);
      else {
        groups.set(key, [p]);
        buckets.push(p.bucket);
        subjects.push(subject);
      }
    }
    // A named statement: each connection parses and plans it once instead of on every flush,
    // which runs several hundred times a second under load.
    const { rows } = await this.db.query<{ bucket: string; subject: string; hits: number }>({
      name: 'hit-rate-windows-upsert',
      text: UPSERT,
      values: [buckets, subjects, [...groups.values()].map((g) => g.length), this.windowSeconds, this.limit],
    });
    // Only windows that went over the limit come back: the rest fit whole.
    const over = new Map<string, number>();
    for (const r of rows) over.set(`${r.bucket}\u0000${r.subject}`, r.hits);
    for (const [key, group] of groups) {
      const hits = over.get(key);
      if (hits === undefined) for (const p of group) p.resolve(true);
      else {
        // The group's calls hold the last `group.length` places of the window's total, in order.
        const first = hits - group.length + 1;
        group.forEach((p, k) => p.resolve(first + k <= this.limit));
      }
    }
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

// Subjects travel as the decimal text of the digest's first 8 bytes (an int8) and come back as
// text, since the pool reads int8 as a JS number, which cannot hold 64 bits. Nearly every window is
// under its limit, so only those over it are returned: no row to send and parse for the others.
const UPSERT = `
  WITH counted AS (
    INSERT INTO hit_rate_windows AS w (bucket, subject, window_start, hits)
    SELECT b, s, to_timestamp(floor(extract(epoch FROM now()) / $4::int) * $4::int), n
    FROM unnest($1::text[], $2::int8[], $3::int[]) AS t(b, s, n)
    ON CONFLICT (bucket, subject, window_start) DO UPDATE SET hits = w.hits + excluded.hits
    RETURNING w.bucket, w.subject, w.hits)
  SELECT bucket, subject::text AS subject, hits FROM counted WHERE hits > $5::int`;

const PRUNE = `DELETE FROM hit_rate_windows WHERE window_start < now() - make_interval(secs => $1::int)`;
