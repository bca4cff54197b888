import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, dailyQuotas, dayEvents, type ReadDataDesign } from '../../bench/read-data.js';
import { HUMAN_READ_PROJECTIONS, loadDesign, loadMissing } from '../../bench/read-load.js';
import { pathSessions } from '../../projections/path-sessions/projection.js';
import type { Query } from '../../src/read/envelope/query.js';
import { EMPTY_FILTERS } from '../../src/read/envelope/filters.js';
import { OVERVIEW_METRICS, overview } from '../../src/read/stats/overview.js';
import { timeseries } from '../../src/read/stats/timeseries.js';
import { HitRecorded } from '../../streams/events.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { foldDesign } from '../support/design-stream.js';

// The benchmark's design at a small scale: the designed week and three days of its first copy.
const SMALL: ReadDataDesign = {
  site: 1,
  hostname: 'bench.example',
  firstDay: Date.UTC(2026, 7, 1),
  days: 10,
  events: 8_000,
  pages: 40,
  seed: 99,
};

let fast: TestDatabase;
let stream: TestDatabase;
beforeAll(async () => {
  [fast, stream] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  // The benchmark's loader: the designed week folded, the rest copied in SQL.
  expect(await loadDesign(fast.url, SMALL)).toBe(SMALL.events);
  // The projector's path: every day's stream messages through foldBatch, 7 at a time.
  await foldDesign(stream.pool, SMALL, HUMAN_READ_PROJECTIONS, 7);
}, 120_000);
afterAll(() => Promise.all([fast.drop(), stream.drop()]));

/** Every row of every table the loader writes, in a stable order. */
async function snapshot(pool: pg.Pool) {
  const out: Record<string, unknown[]> = {};
  for (const p of HUMAN_READ_PROJECTIONS)
    for (const table of p.tables)
      out[table] = (await pool.query(`SELECT * FROM ${table} AS r ORDER BY r::text`)).rows;
  out.checkpoints = (await pool.query('SELECT name, last_seq FROM projection_checkpoints ORDER BY 1')).rows;
  return out;
}

describe('the read benchmark’s data', () => {
  it('is designed as promised: exact event count, valid hits, each day its own visitors, copies a week later', async () => {
    expect(dailyQuotas(SMALL).reduce((a, b) => a + b, 0)).toBe(SMALL.events);
    const [designed, copy] = [dayEvents(SMALL, 1), dayEvents(SMALL, 8)];
    expect(dayEvents(SMALL, 1)).toEqual(designed);
    for (const [day, hits] of [
      [1, designed],
      [8, copy],
    ] as const) {
      for (const h of hits) expect(HitRecorded.parse(h)).toEqual(h);
      const start = SMALL.firstDay + day * DAY_MS;
      expect(hits.every((h) => h.ts >= start && h.ts < start + DAY_MS)).toBe(true);
    }
    const visitors = new Set(designed.map((h) => h.visitor));
    expect(copy.some((h) => visitors.has(h.visitor))).toBe(false);
    expect(copy.map((h) => h.ts - 7 * DAY_MS)).toEqual(designed.map((h) => h.ts));
    const { rows } = await fast.pool.query<{
      kinds: number;
      multi: number;
      pages: number;
      countries: number;
    }>(`
      SELECT (SELECT count(DISTINCT kind) FROM events)::int AS kinds,
             (SELECT count(*) FROM (SELECT visitor_id FROM sessions GROUP BY 1 HAVING count(*) > 1) m)::int AS multi,
             (SELECT count(DISTINCT pathname) FROM events)::int AS pages,
             (SELECT count(DISTINCT country) FROM events)::int AS countries`);
    expect(rows[0]).toMatchObject({ kinds: 8, countries: 20 });
    expect(rows[0]!.multi).toBeGreaterThan(100);
    expect(rows[0]!.pages).toBeGreaterThan(30);
  });

  it('holds what the deeper reads read: all five vitals, errors that group, revenue in two currencies', async () => {
    const { rows } = await fast.pool.query(`
      SELECT (SELECT count(*) FILTER (WHERE lcp IS NOT NULL AND fcp IS NOT NULL AND ttfb IS NOT NULL) > 0
                 AND count(inp) > 0 AND count(cls) > 0 FROM events WHERE kind = 'web_vitals') AS vitals,
             (SELECT count(DISTINCT props->>'message') > count(DISTINCT error_fingerprint)
                 AND count(DISTINCT error_fingerprint) > 5 FROM events WHERE kind = 'error') AS grouped,
             (SELECT array_agg(DISTINCT revenue_currency ORDER BY revenue_currency) FROM events
              WHERE name = 'Purchase') AS currencies`);
    expect(rows[0]).toEqual({ vitals: true, grouped: true, currencies: ['EUR', 'USD'] });
  });

  it('has identified users who return in the next week and users new in it', async () => {
    const week = new Date(SMALL.firstDay + 7 * DAY_MS).toISOString();
    const { rows } = await fast.pool.query<{ returning: number; new_in_copy: number }>(
      `SELECT count(*) FILTER (WHERE first < $1 AND last >= $1)::int AS returning,
              count(*) FILTER (WHERE first >= $1)::int AS new_in_copy
       FROM (SELECT identity, min(day) AS first, max(day) AS last FROM identity_days GROUP BY 1) i`,
      [week],
    );
    expect(rows[0]!.returning).toBeGreaterThan(0);
    expect(rows[0]!.new_in_copy).toBeGreaterThan(0);
  });

  it('loads exactly the rows the projectors fold from the stream', async () => {
    const [a, b] = await Promise.all([snapshot(fast.pool), snapshot(stream.pool)]);
    expect(a.events).toHaveLength(SMALL.events);
    expect(a).toEqual(b);
  });

  it('adds a projection a database was loaded without (path_sessions) with the rows the projector folds', async () => {
    for (const table of pathSessions.tables) await fast.pool.query(`TRUNCATE ${table}`);
    await fast.pool.query("DELETE FROM projection_checkpoints WHERE name = 'path_sessions'");
    expect(await loadMissing(fast.url, SMALL)).toEqual(['path_sessions']);
    const [a, b] = await Promise.all([snapshot(fast.pool), snapshot(stream.pool)]);
    expect(a.path_sessions_day!.length).toBeGreaterThan(100);
    // The numbers of sessions still open at the design's end, the others pruned with their state.
    const sessions = await fast.pool.query("SELECT DISTINCT session_id FROM events WHERE kind = 'pageview'");
    expect(a.path_session_numbers!.length).toBeGreaterThan(0);
    expect(a.path_session_numbers!.length).toBeLessThan(sessions.rowCount! / 2);
    expect(a).toEqual(b);
  });

  it('answers overview and timeseries identically from rollups and raw tables', async () => {
    const windows = [
      [SMALL.firstDay, SMALL.firstDay + 3 * DAY_MS, 'day', 'UTC'],
      [SMALL.firstDay + 18.5 * 3_600_000, SMALL.firstDay + 66.5 * 3_600_000, 'day', 'Asia/Kolkata'],
      [SMALL.firstDay + 615 * 60_000, SMALL.firstDay + 1_777 * 60_000, 'hour', 'America/St_Johns'],
    ] as const;
    for (const [start, end, granularity, tz] of windows) {
      const q: Query = {
        site: SMALL.site,
        tz,
        start: new Date(start),
        end: new Date(end),
        compare: 'none',
        comparison: null,
        granularity,
        filters: EMPTY_FILTERS,
        audience: 'human',
      };
      expect(await overview(fast.pool, q, {}, 'rollup')).toEqual(await overview(fast.pool, q, {}, 'raw'));
      for (const metric of OVERVIEW_METRICS)
        expect(await timeseries(fast.pool, q, { metric }, 'rollup')).toEqual(
          await timeseries(fast.pool, q, { metric }, 'raw'),
        );
    }
  });

  it('adds tables new to a projection to a database loaded before them, as the stream folds them', async () => {
    // A database loaded before migration 0028: vital_histograms' checkpoint set, its page tables empty.
    await fast.pool.query('TRUNCATE vital_page_buckets, vital_page_samples');
    expect(await loadMissing(fast.url, SMALL)).toEqual(['vital_histograms']);
    const [a, b] = [await snapshot(fast.pool), await snapshot(stream.pool)];
    expect(a.vital_page_samples!.length).toBeGreaterThan(1_000);
    expect(a.vital_page_buckets!.some((r) => (r as { span: number }).span === 7)).toBe(true);
    expect(a).toEqual(b);
    expect(await loadMissing(fast.url, SMALL)).toEqual([]);
  });
});
