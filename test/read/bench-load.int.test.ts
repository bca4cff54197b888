import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS, dailyQuotas, dayEvents, type ReadDataDesign } from '../../bench/read-data.js';
import { firstSeqs, HITS_PER_MESSAGE, HUMAN_READ_PROJECTIONS, loadDesign } from '../../bench/read-load.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { Query } from '../../src/read/envelope/query.js';
import { EMPTY_FILTERS } from '../../src/read/envelope/filters.js';
import { OVERVIEW_METRICS, overview } from '../../src/read/stats/overview.js';
import { timeseries } from '../../src/read/stats/timeseries.js';
import { HitRecorded } from '../../streams/events.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { messages } from '../support/projection-spec.js';

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
  // The projector's path: each day's hits as stream messages of 40, folded a few messages at a
  // time by foldBatch (decode, load state, fold, checkpoint), as a worker folds its deliveries.
  const seqs = firstSeqs(SMALL);
  for (let day = 0; day < SMALL.days; day++) {
    const hits = dayEvents(SMALL, day);
    const groups: HitRecorded[][] = [];
    for (let i = 0; i < hits.length; i += HITS_PER_MESSAGE) groups.push(hits.slice(i, i + HITS_PER_MESSAGE));
    const msgs = messages(groups, seqs[day]);
    for (let i = 0; i < msgs.length; i += 7)
      for (const p of HUMAN_READ_PROJECTIONS) await foldBatch(stream.pool, p, msgs.slice(i, i + 7));
  }
}, 120_000);
afterAll(() => Promise.all([fast.drop(), stream.drop()]));

/** Every row of every table the loader writes, in a stable order. */
async function snapshot(pool: pg.Pool) {
  const out: Record<string, unknown[]> = {};
  for (const p of HUMAN_READ_PROJECTIONS)
    for (const table of p.tables)
      out[table] = (await pool.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3`)).rows;
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
    expect(rows[0]).toMatchObject({ kinds: 6, countries: 20 });
    expect(rows[0]!.multi).toBeGreaterThan(100);
    expect(rows[0]!.pages).toBeGreaterThan(30);
  });

  it('loads exactly the rows the projectors fold from the stream', async () => {
    const [a, b] = await Promise.all([snapshot(fast.pool), snapshot(stream.pool)]);
    expect(a.events).toHaveLength(SMALL.events);
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
});
