import type pg from 'pg';
import { sql } from '../db/sql.js';
import type { Logger } from '../log.js';
import { runEvery } from '../jobs/run-every.js';
import { countPairDay } from './count-day.js';

export interface PairCountOptions {
  now?: Date;
  /** Days counted at most a run, newest first, so one run stays short. */
  maxDays?: number;
}

/**
 * Counts the pairs of every site's UTC days that closed an hour ago or more and are not counted
 * (never, or withdrawn by a hit stored since), from the site's first hit on: the newest first.
 * Returns the days counted.
 */
export async function countDuePairDays(
  pool: pg.Pool,
  { now = new Date(), maxDays = 100 }: PairCountOptions = {},
): Promise<{ site: number; day: string; rows: number }[]> {
  // One count at a time across the projector processes; another run finds the days it left.
  const lock = await pool.connect();
  try {
    const { rows: held } = await lock.query<{ ok: boolean }>(
      `SELECT pg_try_advisory_lock(${RUN_LOCK}) AS ok`,
    );
    if (!held[0]?.ok) return [];
    try {
      return await countDue(pool, now, maxDays);
    } finally {
      await lock.query(`SELECT pg_advisory_unlock(${RUN_LOCK})`);
    }
  } finally {
    lock.release();
  }
}

const RUN_LOCK = "hashtext('twofold.pair-count')";

async function countDue(pool: pg.Pool, now: Date, maxDays: number) {
  const { rows: due } = await pool.query<{ site: number; day: string }>(sql`
    SELECT f.site_id::int AS site, to_char(d.day, 'YYYY-MM-DD') AS day
    FROM (
      -- Each site with hits, by skipping along events_site_ts; then its first hit.
      WITH RECURSIVE s(site_id) AS (
        SELECT min(site_id) FROM events
        UNION ALL SELECT (SELECT min(e.site_id) FROM events e WHERE e.site_id > s.site_id) FROM s WHERE s.site_id IS NOT NULL)
      SELECT s.site_id, (SELECT min(ts) FROM events e WHERE e.site_id = s.site_id) AS first FROM s) f
    CROSS JOIN LATERAL generate_series(
      (f.first AT TIME ZONE 'UTC')::date, ((${now.toISOString()}::timestamptz - interval '1 hour') AT TIME ZONE 'UTC')::date - 1,
      interval '1 day') AS d(day)
    WHERE f.first IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM dimension_pair_days c WHERE c.site_id = f.site_id AND c.day = d.day::date)
    ORDER BY d.day DESC, f.site_id
    LIMIT ${maxDays}`);
  const counted: { site: number; day: string; rows: number }[] = [];
  for (const { site, day } of due) counted.push({ site, day, rows: await countPairDay(pool, site, day) });
  return counted;
}

/** The pair count every `minutes` minutes (the first a minute after start). */
export function schedulePairCounts(pool: pg.Pool, log: Logger, minutes: number): { stop(): void } {
  return runEvery(
    () =>
      countDuePairDays(pool)
        .then((days) => {
          if (days.length > 0) log.info({ days: days.length }, 'pair rollups counted');
        })
        .catch((err) => log.warn({ err }, 'pair count failed')),
    60_000,
    minutes * 60_000,
  );
}
