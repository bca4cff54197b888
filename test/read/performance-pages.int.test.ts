import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { bucketOf } from '../../projections/vital-histograms/buckets.js';
import { vitalHistograms } from '../../projections/vital-histograms/projection.js';
import { sql } from '../../src/db/sql.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { histogramCover } from '../../src/read/performance/histograms.js';
import { performanceStats } from '../../src/read/performance/performance.js';
import type { HitRecorded } from '../../streams/events.js';
import { createTestDatabase, insertSitesWithIds, type TestDatabase } from '../support/database.js';
import { hit } from '../support/events.js';
import { foldTwice, messages } from '../support/projection-spec.js';
import { windowQuery } from '../support/window-query.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const at = (day: number, hour: number) => Date.UTC(2026, 7, day, hour);
const SITE = 3;

/*
 * Ten days of Asia/Kolkata (UTC+5:30), local Aug 2 to Aug 10, are UTC Aug 1 18:30 to Aug 10 18:30:
 * the evening of Aug 1 and the morning of Aug 10 from the hits, Sunday Aug 2 from day rows, the
 * ISO week of Monday Aug 3 from week rows. The page `/a`:
 *
 *   when (UTC)      device   lcp    cls
 *   Aug 1 10:00     desktop  9999   0.12    before the window (the comparison window's only hit)
 *   Aug 1 20:00     desktop  1201   0.1001  edge
 *   Aug 2 08:00     iOS      1200           day (no CLS on iOS)
 *   Aug 2 09:00     desktop  800    0       day
 *   Aug 2 23:59     desktop  1200   0.1     day
 *   Aug 3 00:00     desktop  1000   0.1     week
 *   Aug 5 12:00     iOS      1201           week
 *   Aug 7 12:00     desktop  2500   0.05    week (FCP 900: the only one)
 *   Aug 9 23:00     tablet   1180   0.1001  week
 *   Aug 10 05:00    desktop  4000   0.1     edge
 *   Aug 10 20:00    desktop  50     0       after the window
 *
 * LCP, 9 values: 800 1000 1180 1200 1200 1201 1201 2500 4000; ranks ⌈p·9⌉ 5, 7, 9 = 1200, 1201,
 * 4000. 1180 to 1201 are one bucket (1158 ≤ v < 1205), from the day, the week and an edge: ranks 3
 * and 5 in it. CLS, 7 values: 0 0.05 0.1 0.1 0.1 0.1001 0.1001 (0.1 and 0.1001 one bucket); ranks
 * 4, 6, 7 = 0.1, 0.1001, 0.1001.
 */
const page = (pathname: string, ts: number, vitals: HitRecorded['vitals'], device = 'desktop', os?: string) =>
  hit({ site: SITE, visitor: `v${ts}`, ts, pathname, kind: 'web_vitals', device, os, vitals });
const A = [
  page('/a', at(1, 10), { lcp: 9999, cls: 0.12 }),
  page('/a', at(1, 20), { lcp: 1201, cls: 0.1001 }),
  page('/a', at(2, 8), { lcp: 1200 }, 'mobile', 'iOS'),
  page('/a', at(2, 9), { lcp: 800, cls: 0 }),
  page('/a', at(2, 23) + 59 * 60_000, { lcp: 1200, cls: 0.1 }),
  page('/a', at(3, 0), { lcp: 1000, cls: 0.1 }),
  page('/a', at(5, 12), { lcp: 1201 }, 'mobile', 'iOS'),
  page('/a', at(7, 12), { lcp: 2500, cls: 0.05, fcp: 900 }),
  page('/a', at(9, 23), { lcp: 1180, cls: 0.1001 }, 'tablet'),
  page('/a', at(10, 5), { lcp: 4000, cls: 0.1 }),
  page('/a', at(10, 20), { lcp: 50, cls: 0 }),
];
/* `/b` 3 hits (LCP 2000 twice), `/c` and `/d` 2 each (ranked by path), one of `/d`'s without vitals. */
const OTHERS = [
  page('/b', at(4, 10), { lcp: 2000 }),
  page('/b', at(4, 11), { lcp: 2000 }),
  page('/b', at(2, 12), { lcp: 3000, cls: 0.2 }),
  page('/c', at(6, 10), { lcp: 500 }),
  page('/c', at(10, 3), { lcp: 700 }),
  page('/d', at(8, 10), {}),
  page('/d', at(1, 19), { lcp: 600 }),
];

const START = at(1, 18) + HOUR / 2;
const q = windowQuery(SITE, START, START + 9 * DAY, 'Asia/Kolkata', [START - 9 * DAY, START]);
const pct = (p50: number, p75: number, p95: number, samples: number) => ({ p50, p75, p95, samples });
const FIGURES = {
  a: {
    pathname: '/a',
    samples: 9,
    lcp: pct(1200, 1201, 4000, 9),
    cls: pct(0.1, 0.1001, 0.1001, 7),
    fcp: pct(900, 900, 900, 1),
  },
  b: { pathname: '/b', samples: 3, lcp: pct(2000, 3000, 3000, 3), cls: pct(0.2, 0.2, 0.2, 1) },
  c: { pathname: '/c', samples: 2, lcp: pct(500, 700, 700, 2) },
  d: { pathname: '/d', samples: 2, lcp: pct(600, 600, 600, 1) },
};

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await insertSitesWithIds(db.pool, [[SITE, 'pages.example']]);
  // In messages that split each period's rows of `/a`, so the stored counts grow on both sides.
  const msgs = messages([A.slice(5, 7), A.slice(0, 3), A.slice(7), A.slice(3, 5), OTHERS], 1);
  await foldBatch(db.pool, rawEvents, msgs);
  await foldTwice(db.pool, vitalHistograms, msgs, 1);
}, 60_000);
afterAll(() => db.drop());

describe('the performance pages from the per-page histograms', () => {
  it('reads the window from edges, a day row and a week row', () => {
    const { periods, edges } = histogramCover(q);
    expect(periods.map((p) => p.values[0])).toEqual([1, 7]);
    expect(edges).toHaveLength(2);
  });

  it('keeps a page’s bucket counts per period from its lowest bucket to its highest', async () => {
    const { rows } = await db.pool.query(sql`
      SELECT first = ${bucketOf(sql`'lcp'`, sql`1000::real`)} AS first_is_1000,
        first + cardinality(counts) - 1 = ${bucketOf(sql`'lcp'`, sql`2500::real`)} AS last_is_2500, counts[1] AS n1000,
        (SELECT sum(c) FROM unnest(counts) c)::int AS samples
      FROM vital_page_buckets WHERE site_id = ${SITE} AND pathname = '/a' AND span = 7
        AND start = ${new Date(at(3, 0)).toISOString()} AND vital = 'lcp'`);
    expect(rows).toEqual([{ first_is_1000: true, last_is_2500: true, n1000: 1, samples: 4 }]);
    const samples = await db.pool.query(
      "SELECT sum(cardinality(vals))::int AS n FROM vital_page_samples WHERE pathname = '/a' AND cardinality(ms) = cardinality(vals)",
    );
    // 11 LCP, 9 CLS, 1 FCP, each once (not per period).
    expect(samples.rows[0]).toEqual({ n: 21 });
  });

  it('gives the hand-computed percentiles, as the raw path does, paged and compared', async () => {
    const all = await performanceStats(db.pool, q, { limit: 100, page: 1 }, 'vital_histograms');
    expect(all.pages.map(({ comparison: _c, ...f }) => f)).toEqual([
      FIGURES.a,
      FIGURES.b,
      FIGURES.c,
      FIGURES.d,
    ]);
    expect(all.pages.map((p) => p.comparison)).toEqual([
      { samples: 1, lcp: pct(9999, 9999, 9999, 1), cls: pct(0.12, 0.12, 0.12, 1) },
      { samples: 0 },
      { samples: 0 },
      { samples: 0 },
    ]);
    expect(all).toEqual(await performanceStats(db.pool, q, { limit: 100, page: 1 }, 'raw'));
    const second = await performanceStats(db.pool, q, { limit: 2, page: 2 }, 'vital_histograms');
    expect(second.pages.map(({ comparison: _c, ...f }) => f)).toEqual([FIGURES.c, FIGURES.d]);
    expect(second).toEqual(await performanceStats(db.pool, q, { limit: 2, page: 2 }, 'raw'));
  });
});
