import { type Db, sql } from '../db/sql.js';

interface Pending {
  bucket: string;
  subject: Buffer;
  resolve: (allowed: boolean) => void;
  reject: (err: Error) => void;
}

/**
 * Fixed-window counters for high-rate limits (ingest), shared by every API instance through
 * Postgres and exact across them: the calls that arrive while a flush is in flight are counted
 * together by one upsert, whose returned totals say which of them fit under the limit. Windows
 * start at multiples of `windowSeconds` on the database clock, as in fixed-window.ts.
 */
export class BatchedWindowLimiter {
  private queue: Pending[] = [];
  private inFlight = 0;

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
    for (const p of batch) {
      const key = `${p.bucket}\u0000${p.subject.toString('hex')}`;
      const list = groups.get(key) ?? [];
      list.push(p);
      groups.set(key, list);
    }
    const entries = [...groups.values()];
    const q = sql`
      INSERT INTO rate_limit_windows AS w (bucket, subject, window_start, hits)
      SELECT b, s, to_timestamp(floor(extract(epoch FROM now()) / ${this.windowSeconds}::int) * ${this.windowSeconds}::int), n
      FROM unnest(${entries.map((g) => g[0]!.bucket)}::text[], ${entries.map((g) => g[0]!.subject)}::bytea[],
                  ${entries.map((g) => g.length)}::int[]) AS t(b, s, n)
      ON CONFLICT (bucket, subject, window_start) DO UPDATE SET hits = w.hits + excluded.hits
      RETURNING w.bucket, w.subject, w.hits`;
    // A named statement: each connection parses and plans it once instead of on every flush,
    // which runs several hundred times a second under load.
    const { rows } = await this.db.query<{ bucket: string; subject: Buffer; hits: number }>({
      name: 'batched-window-upsert',
      text: q.text,
      values: q.values,
    });
    for (const r of rows) {
      const group = groups.get(`${r.bucket}\u0000${r.subject.toString('hex')}`)!;
      // The group's calls hold the last `group.length` places of the window's total, in order.
      const first = r.hits - group.length + 1;
      group.forEach((p, k) => p.resolve(first + k <= this.limit));
    }
  }
}
