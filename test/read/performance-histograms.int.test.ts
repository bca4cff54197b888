import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDataDesign } from '../../bench/read-data.js';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { vitalHistograms } from '../../projections/vital-histograms/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { Query } from '../../src/read/envelope/query.js';
import { EMPTY_FILTERS } from '../../src/read/envelope/filters.js';
import { histogramCover } from '../../src/read/performance/histograms.js';
import { vitalSource } from '../../src/read/performance/percentiles.js';
import { performanceStats } from '../../src/read/performance/performance.js';
import type { HitRecorded } from '../../streams/events.js';
import type { TestDatabase } from '../support/database.js';
import { designDatabase } from '../support/design-stream.js';
import { hit } from '../support/events.js';
import { foldTwice, messages } from '../support/projection-spec.js';
import { windowQuery } from '../support/window-query.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// Saturday, August 1 2026: the design's ten days hold the ISO week from Monday, August 3.
const D0 = Date.UTC(2026, 7, 1);

// The benchmark's design at a small scale: ten days of tracker hits, Web Vitals among them.
const SMALL: ReadDataDesign = {
  site: 1,
  hostname: 'bench.example',
  firstDay: D0,
  days: 10,
  events: 12_000,
  pages: 40,
  seed: 11,
};

/*
 * Site 2, by hand, over two UTC days (web_vitals hits; every one on `/`):
 *
 *   day  device   lcp   cls
 *   0    desktop  1000  0.1
 *   0    mobile   3000  0
 *   0    (none)   2000
 *   1    desktop  1000  0.1
 *   1    desktop  1500
 *   1    desktop              (no vital)
 *
 * Nearest rank ⌈p·n⌉: LCP overall 1000 1000 1500 2000 3000: p50 rank 3 = 1500, p75 rank 4 = 2000,
 * p95 rank 5 = 3000; CLS 0 0.1 0.1: ranks 2, 3, 3 = 0.1. Desktop (4 hits): LCP 1000 1000 1500:
 * ranks 2, 3, 3 = 1000, 1500, 1500; CLS 0.1 0.1.
 */
const HAND = 2;
const handHit = (day: number, device: string | undefined, vitals: HitRecorded['vitals']) =>
  hit({ site: HAND, visitor: `v${day}`, ts: D0 + day * DAY + 10 * HOUR, kind: 'web_vitals', device, vitals });
const HAND_HITS: HitRecorded[] = [
  handHit(0, 'desktop', { lcp: 1000, cls: 0.1 }),
  handHit(0, 'mobile', { lcp: 3000, cls: 0 }),
  handHit(0, undefined, { lcp: 2000 }),
  handHit(1, 'desktop', { lcp: 1000, cls: 0.1 }),
  handHit(1, 'desktop', { lcp: 1500 }),
  handHit(1, 'desktop', {}),
];

let db: TestDatabase;
beforeAll(async () => {
  db = await designDatabase(SMALL, HAND, [rawEvents, vitalHistograms] as Projection[]);
  const hand = messages([HAND_HITS.slice(0, 2), HAND_HITS.slice(2)], 100_000);
  await foldBatch(db.pool, rawEvents, hand);
  // Delivered again after a crash between commit and ack: no value counts twice.
  await foldTwice(db.pool, vitalHistograms, hand, 1);
}, 120_000);
afterAll(() => db.drop());

const query = windowQuery;

const PAGE = { limit: 100, page: 1 };
const pct = (p50: number, p75: number, p95: number, samples: number) => ({ p50, p75, p95, samples });

describe('performance from the vital_histograms projection', () => {
  it('reads whole ISO weeks from week rows, the other whole days from day rows, the edges from the hits', () => {
    const text = (w: { start: number; end: number }) => {
      const { periods, edges } = histogramCover({ start: new Date(w.start), end: new Date(w.end) });
      return { periods: periods.map((p) => p.values), edges: edges.flatMap((e) => e.values) };
    };
    // Sat Aug 1 to Tue Aug 11: days Aug 1–2, the week from Aug 3, day Aug 10.
    expect(text({ start: D0, end: D0 + 10 * DAY }).periods).toEqual([
      [1, new Date(D0).toISOString(), new Date(D0 + 2 * DAY).toISOString()],
      [7, new Date(D0 + 2 * DAY).toISOString(), new Date(D0 + 9 * DAY).toISOString()],
      [1, new Date(D0 + 9 * DAY).toISOString(), new Date(D0 + 10 * DAY).toISOString()],
    ]);
    // Inside one day: no rows of the projection, the hits alone.
    const part = text({ start: D0 + HOUR, end: D0 + 2 * HOUR });
    expect(part).toEqual({
      periods: [],
      edges: [new Date(D0 + HOUR).toISOString(), new Date(D0 + 2 * HOUR).toISOString()],
    });
  });

  it('gives the hand-computed percentiles from whole days, ties and a device type without a name included', async () => {
    const q = query(HAND, D0, D0 + 2 * DAY);
    const data = await performanceStats(db.pool, q, PAGE, 'vital_histograms');
    expect(data.overall).toEqual({ samples: 6, lcp: pct(1500, 2000, 3000, 5), cls: pct(0.1, 0.1, 0.1, 3) });
    expect(data.devices).toEqual([
      { device: 'desktop', samples: 4, lcp: pct(1000, 1500, 1500, 3), cls: pct(0.1, 0.1, 0.1, 2) },
      { device: 'mobile', samples: 1, lcp: pct(3000, 3000, 3000, 1), cls: pct(0, 0, 0, 1) },
      { device: null, samples: 1, lcp: pct(2000, 2000, 2000, 1) },
    ]);
    expect(data.pages).toEqual([{ pathname: '/', ...data.overall }]);
    expect(data).toEqual(await performanceStats(db.pool, q, PAGE, 'raw'));
    // A window without hits: samples 0, no vital, as on the raw path.
    const empty = query(HAND, D0 + 5 * DAY, D0 + 6 * DAY);
    expect(await performanceStats(db.pool, empty, PAGE, 'vital_histograms')).toEqual({
      overall: { samples: 0 },
      pages: [],
      devices: [],
    });
    expect(await performanceStats(db.pool, empty, PAGE, 'raw')).toEqual({
      overall: { samples: 0 },
      pages: [],
      devices: [],
    });
  });

  it('gives the raw path’s figures on the benchmark design: weeks and days, zones off UTC, part of a day, compare', async () => {
    const windows = [
      query(SMALL.site, D0, D0 + 10 * DAY),
      query(SMALL.site, D0 + 2 * DAY, D0 + 9 * DAY),
      query(SMALL.site, D0 + 5 * DAY, D0 + 8 * DAY, 'UTC', [D0 + 2 * DAY, D0 + 5 * DAY]),
      query(SMALL.site, D0 + 2 * DAY - 5.5 * HOUR, D0 + 9 * DAY - 5.5 * HOUR, 'Asia/Kolkata'),
      query(SMALL.site, D0 + DAY - 2 * HOUR, D0 + 10 * DAY - 2 * HOUR, 'Europe/Berlin'),
      query(SMALL.site, D0 + 30 * HOUR, D0 + 41 * HOUR),
    ];
    for (const q of windows) {
      const projected = await performanceStats(db.pool, q, { limit: 7, page: 2 }, 'vital_histograms');
      expect(projected.overall.lcp!.samples).toBeGreaterThan(50);
      expect(projected.pages).toHaveLength(7);
      expect(projected).toEqual(await performanceStats(db.pool, q, { limit: 7, page: 2 }, 'raw'));
      expect(await performanceStats(db.pool, q, PAGE, 'vital_histograms')).toEqual(
        await performanceStats(db.pool, q, PAGE, 'raw'),
      );
    }
  });

  it('reads the hits when a filter asks for a dimension', async () => {
    const filters = { and: [{ dimension: 'country' as const, op: 'is' as const, value: 'DE' }] };
    // Any window, its edges on no whole second: the edges read the hits.
    const w = { start: new Date('2026-03-01T10:07:13.250Z'), end: new Date('2026-03-02T00:00:00Z') };
    expect(vitalSource(w, filters)).toBe('raw');
    expect(vitalSource(w, EMPTY_FILTERS)).toBe('vital_histograms');
    const q: Query = { ...query(SMALL.site, D0, D0 + 10 * DAY), filters };
    const filtered = await performanceStats(db.pool, q, PAGE);
    expect(filtered).toEqual(await performanceStats(db.pool, q, PAGE, 'raw'));
    expect(filtered.overall.samples).toBeLessThan(
      (await performanceStats(db.pool, query(SMALL.site, D0, D0 + 10 * DAY), PAGE)).overall.samples,
    );
  });
});
