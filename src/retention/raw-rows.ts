import type pg from 'pg';
import { type Db, raw, sql } from '../db/sql.js';
import type { Logger } from '../log.js';
import { runEvery } from '../jobs/run-every.js';

/**
 * The tables that hold a row per hit (or per sample) of the history, and the column that places a
 * row in time: what RAW_RETENTION_MONTHS deletes. The rollups stay whole: overview, timeseries and
 * every figure a projection's per-minute, per-day or per-week rows answer. `sessions` rows go
 * once their last hit is before the horizon.
 */
export const RAW_TABLES = [
  { table: 'events', before: 'ts' },
  { table: 'sessions', before: 'started_at', also: 'last_seen_at' },
  { table: 'path_visitor_hits', before: 'hour' },
  { table: 'path_session_hits', before: 'hour' },
  { table: 'vital_page_samples', before: 'day' },
  { table: 'agent_fetches', before: 'ts' },
  // Per address digest and day: reverse DNS confirmations and the fetches they may still verify.
  { table: 'address_verifications', before: 'day' },
  { table: 'agent_rollup_address_verifications', before: 'day' },
  { table: 'agent_rollup_unverified', before: 'day' },
  { table: 'coverage_address_verifications', before: 'day' },
  { table: 'coverage_unverified', before: 'day' },
] as const;

const HOUR_MS = 3_600_000;
/** Rows each statement deletes: short transactions, so folds and reads never wait long behind one. */
const BATCH_ROWS = 10_000;

/** The UTC midnight `months` calendar months before the day of `now`: rows before it are deleted. */
export function rawHorizon(now: Date, months: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()));
}

/** Deletes every site's raw rows before `horizon`, in batches; returns the rows deleted per table. */
export async function deleteRawRows(
  db: Db,
  horizon: Date,
  batchRows = BATCH_ROWS,
): Promise<Record<string, number>> {
  const at = horizon.toISOString();
  const { rows: sites } = await db.query<{ id: string }>(sql`SELECT id FROM sites ORDER BY id`);
  const deleted: Record<string, number> = {};
  for (const t of RAW_TABLES) {
    let n = 0;
    const also = 'also' in t ? sql`AND ${raw(t.also)} < ${at}::timestamptz` : sql``;
    for (const { id } of sites) {
      for (;;) {
        const r = await db.query(sql`
          DELETE FROM ${raw(t.table)} WHERE ctid = ANY(ARRAY(
            SELECT ctid FROM ${raw(t.table)}
            WHERE site_id = ${id}::bigint AND ${raw(t.before)} < ${at}::timestamptz ${also}
            LIMIT ${batchRows}))`);
        n += r.rowCount ?? 0;
        if ((r.rowCount ?? 0) < batchRows) break;
      }
    }
    deleted[t.table] = n;
  }
  await db.query(sql`
    INSERT INTO raw_retention (horizon) VALUES (${at}::timestamptz)
    ON CONFLICT (one) DO UPDATE SET horizon = greatest(raw_retention.horizon, excluded.horizon)`);
  return deleted;
}

/** How long a process trusts the horizon it read: the job moves it once an hour. */
const KEPT_FROM_TTL_MS = 60_000;
const keptFrom = new WeakMap<Db, { at: number; horizon: Promise<Date | null> }>();

/**
 * Since when the raw rows are kept (null when none were ever deleted), read at most once a minute
 * per pool: every read asks it.
 */
export function rawRowsFrom(db: Db, now = Date.now()): Promise<Date | null> {
  const cached = keptFrom.get(db);
  if (cached && now - cached.at < KEPT_FROM_TTL_MS) return cached.horizon;
  const horizon = db
    .query<{ horizon: Date }>(sql`SELECT horizon FROM raw_retention`)
    .then((r) => r.rows[0]?.horizon ?? null);
  keptFrom.set(db, { at: now, horizon });
  horizon.catch(() => keptFrom.delete(db));
  return horizon;
}

/** Deletes raw rows older than `months` a minute after start, then every hour. */
export function scheduleRawRetention(db: pg.Pool, log: Logger, months: number): { stop(): void } {
  return runEvery(
    async () => {
      const horizon = rawHorizon(new Date(), months);
      await deleteRawRows(db, horizon)
        .then((deleted) => log.info({ horizon, deleted }, 'raw rows past retention deleted'))
        .catch((err) => log.warn({ err }, 'raw retention failed'));
    },
    60_000,
    HOUR_MS,
  );
}
