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
    VALUES (${l.bucket}, ${l.subject}, ${windowStart(l.windowSeconds)}, 1)
    ON CONFLICT (bucket, subject, window_start) DO UPDATE SET hits = w.hits + 1
    RETURNING hits, ${remaining(l.windowSeconds)} AS remaining`);
  const row = rows[0]!;
  if (Math.random() < PRUNE_PROBABILITY) void pruneWindows(db).catch(() => {});
  return { allowed: row.hits <= l.limit, retryAfter: Math.max(1, Math.ceil(row.remaining)) };
}

/**
 * Whether the subject's current window still has room, without counting a hit: for limits that
 * count only some outcomes (failed logins) but refuse every attempt once reached.
 */
export async function peek(db: Db, l: WindowLimit): Promise<WindowResult> {
  const { rows } = await db.query<{ hits: number; remaining: number }>(sql`
    SELECT w.hits, ${remaining(l.windowSeconds)} AS remaining FROM rate_limit_windows w
    WHERE bucket = ${l.bucket} AND subject = ${l.subject} AND window_start = ${windowStart(l.windowSeconds)}`);
  const row = rows[0];
  if (row === undefined) return { allowed: true, retryAfter: 1 };
  return { allowed: row.hits < l.limit, retryAfter: Math.max(1, Math.ceil(row.remaining)) };
}

/** Forgets a subject's count in a bucket (e.g. an account's failed logins after a success). */
export async function forget(db: Db, bucket: string, subject: Buffer): Promise<void> {
  await db.query(sql`DELETE FROM rate_limit_windows WHERE bucket = ${bucket} AND subject = ${subject}`);
}

/** The start of the current window, on the database clock. */
function windowStart(windowSeconds: number) {
  return sql`to_timestamp(floor(extract(epoch FROM now()) / ${windowSeconds}::int) * ${windowSeconds}::int)`;
}

/** Seconds until the window of the row `w` ends. */
function remaining(windowSeconds: number) {
  return sql`(extract(epoch FROM w.window_start) + ${windowSeconds}::int - extract(epoch FROM now()))::float8`;
}

/** Deletes windows older than a day (longer than any window in use). */
export async function pruneWindows(db: Db): Promise<number> {
  const r = await db.query(sql`DELETE FROM rate_limit_windows WHERE window_start < now() - interval '1 day'`);
  return r.rowCount ?? 0;
}
