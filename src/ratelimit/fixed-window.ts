import { type Db, sql } from '../db/sql.js';

export interface WindowLimit {
  /** What is limited, e.g. `auth:login`. */
  bucket: string;
  /** Who is limited: a keyed digest (see address.ts), never a raw address. */
  subject: Buffer;
  limit: number;
  windowSeconds: number;
}

export interface WindowResult {
  allowed: boolean;
  /** Seconds until the current window ends (at least 1). */
  retryAfter: number;
}

/** Share of calls that also sweep old windows, so no timer is needed. */
const PRUNE_PROBABILITY = 0.01;

/**
 * Counts one hit in a fixed window shared by every API instance. Windows start at epoch multiples
 * of `windowSeconds` on the database clock, so all instances agree on them whatever their own clocks say.
 */
export async function consume(db: Db, l: WindowLimit): Promise<WindowResult> {
  const { rows } = await db.query<{ hits: number; remaining: number }>(sql`
    INSERT INTO rate_limit_windows AS w (bucket, subject, window_start, hits)
    VALUES (${l.bucket}, ${l.subject},
            to_timestamp(floor(extract(epoch FROM now()) / ${l.windowSeconds}::int) * ${l.windowSeconds}::int), 1)
    ON CONFLICT (bucket, subject, window_start) DO UPDATE SET hits = w.hits + 1
    RETURNING hits, (extract(epoch FROM w.window_start) + ${l.windowSeconds}::int - extract(epoch FROM now()))::float8 AS remaining`);
  const row = rows[0]!;
  if (Math.random() < PRUNE_PROBABILITY) void pruneWindows(db).catch(() => {});
  return { allowed: row.hits <= l.limit, retryAfter: Math.max(1, Math.ceil(row.remaining)) };
}

/** Deletes windows older than a day (longer than any window in use). */
export async function pruneWindows(db: Db): Promise<number> {
  const r = await db.query(sql`DELETE FROM rate_limit_windows WHERE window_start < now() - interval '1 day'`);
  return r.rowCount ?? 0;
}
