import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dimensionRollup } from '../../projections/dimension-rollup/projection.js';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { HUMAN_DIMENSIONS, parseFilters } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { resolveRange } from '../../src/read/envelope/range.js';
import { breakdown } from '../../src/read/stats/breakdown.js';
import { rollupEventNames, rollupEventProperty } from '../../src/read/stats/dimension-rollup.js';
import { events } from '../../src/read/stats/events.js';
import { devices, locations, sources } from '../../src/read/stats/grouped-lists.js';
import { overview } from '../../src/read/stats/overview.js';
import { pages } from '../../src/read/stats/pages.js';
import { timeseries } from '../../src/read/stats/timeseries.js';
import { newestHit } from '../../src/read/plan/newest-hit.js';
import { sourceFor } from '../../src/read/plan/planner.js';
import { planDimensionRead } from '../../src/read/stats/dimension-rollup.js';
import type { HitRecorded } from '../../streams/events.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { hit } from '../support/events.js';
import { messages } from '../support/projection-spec.js';
import { windowQuery } from '../support/window-query.js';

const DAY = 86_400_000;
const QUARTER = 900_000;
const D0 = Date.UTC(2026, 9, 30); // three UTC days from 2026-10-30

let db: TestDatabase;
let seq = 1;
/** Messages of up to 25 hits, folded two messages a batch by each projection (the same batches). */
async function fold(
  hits: HitRecorded[],
  projections: readonly Projection[] = [rawEvents, dimensionRollup] as Projection[],
) {
  const groups: HitRecorded[][] = [];
  for (let i = 0; i < hits.length; i += 25) groups.push(hits.slice(i, i + 25));
  const msgs = messages(groups, seq);
  seq += msgs.length;
  for (let i = 0; i < msgs.length; i += 2)
    for (const p of projections) await foldBatch(db.pool, p, msgs.slice(i, i + 2));
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 4 });

/** A visitor id lives one UTC day, as the daily salt makes it: `<day>:<n>`. */
const hitArb = (site: number) =>
  fc
    .record({
      day: fc.integer({ min: 0, max: 2 }),
      visitor: fc.integer({ min: 1, max: 10 }),
      at: fc.integer({ min: 0, max: DAY - 1 }),
      kind: fc.constantFrom(
        'pageview',
        'pageview',
        'pageview',
        'custom',
        'engagement',
        'outbound',
        'file_download',
        'form',
      ),
      pathname: fc.constantFrom('/', '/a', '/b', '/docs/x'),
      referrer: maybe(
        fc.constantFrom('https://www.google.com/', 'https://news.ycombinator.com/item', 'https://x.org/'),
      ),
      campaign: maybe(fc.constantFrom('spring', 'fall')),
      country: maybe(fc.constantFrom('DE', 'FR', 'IN')),
      browser: maybe(fc.constantFrom('Firefox', 'Chrome')),
      screen: maybe(fc.constantFrom('mobile', 'desktop')),
      // Site 12 has custom events named as an automatic one: the rollup declines the name then.
      name: fc.constantFrom('Signup', 'Buy', 'identify', ...(site === 12 ? ['File Download'] : [])),
      url: fc.constantFrom('https://x.org/a', 'https://example.com/b.pdf'),
      form: fc.constantFrom<Record<string, string>>(
        { id: 'signup', action: '/join' },
        { action: '/subscribe?x=1' },
        { action: 'https://example.com/contact#f' },
        { id: '', action: 'https://example.com' },
        {},
      ),
      plan: fc.constantFrom('pro', 'free', 7, 1.5, true),
      amount: fc.option(fc.constantFrom(10, 'x', null), { nil: undefined }),
      d: maybe(fc.integer({ min: 0, max: 90_000 })),
      sc: maybe(fc.integer({ min: 0, max: 100 })),
    })
    .map((r) =>
      hit({
        site,
        visitor: `${r.day}:${r.visitor}`,
        ts: D0 + r.day * DAY + r.at,
        kind: r.kind,
        pathname: r.pathname,
        ...(r.referrer ? { referrer: r.referrer } : {}),
        ...(r.campaign ? { query: `utm_campaign=${r.campaign}` } : {}),
        ...(r.country ? { country: r.country, city: `${r.country}-city` } : {}),
        ...(r.browser ? { browser: r.browser } : {}),
        ...(r.screen ? { screen: r.screen } : {}),
        ...(r.kind === 'custom'
          ? {
              name: r.name,
              // Signup always carries `plan`; Buy now and then lacks `amount` (a null row).
              props:
                r.name === 'Signup' ? { plan: r.plan } : r.amount === undefined ? {} : { amount: r.amount },
            }
          : {}),
        ...(r.kind === 'outbound' || r.kind === 'file_download' ? { props: { url: r.url } } : {}),
        ...(r.kind === 'form' ? { props: r.form } : {}),
        ...(r.d !== undefined && (r.kind === 'pageview' || r.kind === 'engagement') ? { d: r.d } : {}),
        ...(r.sc !== undefined && (r.kind === 'pageview' || r.kind === 'engagement') ? { sc: r.sc } : {}),
      }),
    );

const SITES = [11, 12];
const DIMENSIONS = [
  'pathname',
  'channel',
  'source',
  'utm_campaign',
  'country',
  'city',
  'browser',
  'screen',
  'kind',
  'hostname',
  'lang',
];

/** Every read of the window on both paths, each equal. */
async function expectEqualReads(q: Query, paging: { limit: number; page: number }) {
  for (const dimension of DIMENSIONS)
    expect(await breakdown(db.pool, q, { ...paging, dimension }, 'rollup')).toEqual(
      await breakdown(db.pool, q, { ...paging, dimension }, 'raw'),
    );
  expect(await pages(db.pool, q, paging, 'rollup')).toEqual(await pages(db.pool, q, paging, 'raw'));
  for (const p of [
    paging,
    { ...paging, name: 'Signup', property: 'plan' },
    { ...paging, name: 'Buy', property: 'amount' },
    { ...paging, name: 'identify' },
    { ...paging, name: 'Outbound Link: Click' },
    { ...paging, name: 'File Download' },
    { ...paging, name: 'Outbound Link: Click', property: 'url' },
    { ...paging, name: 'File Download', property: 'url' },
    { ...paging, name: 'Form: Submission', property: 'form' },
  ])
    expect(await events(db.pool, q, p, 'rollup')).toEqual(await events(db.pool, q, p, 'raw'));
}

/**
 * Hits in the order they arrive: by time, but each up to six hours late (less than the day of
 * state the rollup keeps, so none counts a visitor again).
 */
const arrivals = (site: number, seed: number) =>
  fc
    .sample(
      fc.array(fc.tuple(hitArb(site), fc.integer({ min: 0, max: 6 * 3_600_000 })), {
        minLength: 300,
        maxLength: 400,
      }),
      {
        seed,
        numRuns: 1,
      },
    )[0]!
    .sort((a, b) => a[0].ts + a[1] - (b[0].ts + b[1]))
    .map(([h]) => h);

beforeAll(async () => {
  db = await createTestDatabase();
  for (const [i, site] of SITES.entries()) await fold(arrivals(site, 5 + i));
});
afterAll(() => db.drop());

describe('breakdowns, pages and events: the dimension rollup equals the raw hits', () => {
  it('gives the same rows, order, shares and pages for random windows of whole quarter hours', async () => {
    const quarter = fc.integer({ min: -8, max: 3 * 96 + 8 }).map((n) => D0 + n * QUARTER);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SITES),
        quarter,
        quarter,
        fc.record({ limit: fc.constantFrom(2, 3, 100), page: fc.integer({ min: 1, max: 3 }) }),
        async (site, a, b, paging) => {
          fc.pre(a !== b);
          const q = windowQuery(site, Math.min(a, b), Math.max(a, b));
          fc.pre(
            !(
              q.start.getTime() % DAY !== 0 &&
              q.end.getTime() < Math.floor(q.start.getTime() / DAY) * DAY + DAY
            ),
          );
          await expectEqualReads(q, paging);
        },
      ),
      { numRuns: 40, seed: 3 },
    );
  });

  it('is equal on days of Asia/Kolkata and America/New_York, and plans the rollup for them', async () => {
    for (const tz of ['Asia/Kolkata', 'America/New_York'])
      for (const range of ['7d', 'yesterday'] as const) {
        const w = resolveRange(range, tz, new Date(D0 + 2 * DAY + 20 * 3_600_000));
        const q = { ...windowQuery(11, w.start.getTime(), w.end.getTime(), tz), range };
        await expectEqualReads(q, { limit: 100, page: 1 });
        // The planned path is the rollup: planned and forced rows agree.
        expect(await sources(db.pool, q, { limit: 100, page: 1 })).toEqual({
          channels: await breakdown(db.pool, q, { limit: 100, page: 1, dimension: 'channel' }, 'rollup'),
          sources: await breakdown(db.pool, q, { limit: 100, page: 1, dimension: 'source' }, 'rollup'),
          campaigns: await breakdown(
            db.pool,
            q,
            { limit: 100, page: 1, dimension: 'utm_campaign' },
            'rollup',
          ),
        });
        expect((await locations(db.pool, q, { limit: 5, page: 1 })).countries.length).toBeGreaterThan(0);
        expect((await devices(db.pool, q, { limit: 5, page: 1 })).browsers.length).toBeGreaterThan(0);
        // The data reaches every figure: engagement on pages, property rows from the rollup, and a
        // property some hits lack, which the rollup declines.
        const listed = await pages(db.pool, q, { limit: 100, page: 1 }, 'rollup');
        expect(listed.some((r) => r.scroll_depth !== undefined && r.time_on_page !== undefined)).toBe(true);
        expect(listed.some((r) => r.entries > 0 && r.exits > 0)).toBe(true);
        const plans = await rollupEventProperty(db.pool, 11, q, 'Signup', 'plan', { limit: 100, page: 1 });
        expect(plans?.length).toBeGreaterThan(1);
        if (range === '7d') {
          expect(
            await rollupEventProperty(db.pool, 11, q, 'Buy', 'amount', { limit: 100, page: 1 }),
          ).toBeUndefined();
          // Automatic events come from the rollup's kind rows; a name that is also a custom
          // event's (site 12's "File Download") is declined, and read from the raw hits.
          const names = await rollupEventNames(db.pool, 11, q, { limit: 100, page: 1 });
          expect(names?.map((r) => r.value).sort()).toEqual([
            'Buy',
            'File Download',
            'Form: Submission',
            'Outbound Link: Click',
            'Signup',
          ]);
          expect(await rollupEventNames(db.pool, 12, q, { limit: 100, page: 1 })).toBeUndefined();
        }
      }
  });

  it('reads the raw hits for a window inside one UTC day, a filter, or a dimension it does not keep', async () => {
    const inside = windowQuery(11, D0 + DAY + 10 * 3_600_000, D0 + DAY + 14 * 3_600_000);
    await expect(
      breakdown(db.pool, inside, { limit: 10, page: 1, dimension: 'pathname' }, 'rollup'),
    ).rejects.toThrow('inside one UTC day');
    expect(await breakdown(db.pool, inside, { limit: 10, page: 1, dimension: 'pathname' })).toEqual(
      await breakdown(db.pool, inside, { limit: 10, page: 1, dimension: 'pathname' }, 'raw'),
    );
    const filtered = {
      ...windowQuery(11, D0, D0 + 3 * DAY),
      filters: parseFilters([{ dimension: 'country', op: 'is', value: 'DE' }], HUMAN_DIMENSIONS),
    };
    const de = await breakdown(db.pool, filtered, { limit: 10, page: 1, dimension: 'country' });
    expect(de.map((r) => r.value)).toEqual(['DE']);
    const days = windowQuery(11, D0, D0 + 3 * DAY);
    const referrers = { limit: 10, page: 1, dimension: 'referrer' };
    await expect(breakdown(db.pool, days, referrers, 'rollup')).rejects.toThrow('does not keep referrer');
    expect((await breakdown(db.pool, days, referrers)).map((r) => r.value)).toContain('https://x.org/');
  });
});

describe('a window ending after the newest hit (today, month to date): the rollups equal the raw hits', () => {
  const SITE = 13;
  const MINUTE = 60_000;

  it('gives the same rows, totals and series for random windows ending off a quarter hour after the newest hit, and plans the rollups', async () => {
    // Hits arrive up to six hours late: at each "now", what has arrived by then is folded.
    const late = fc.sample(
      fc.array(fc.tuple(hitArb(SITE), fc.integer({ min: 0, max: 6 * 3_600_000 })), {
        minLength: 300,
        maxLength: 300,
      }),
      { seed: 9, numRuns: 1 },
    )[0]!;
    const arrived = late.map(([h, delay]) => ({ h, at: h.ts + delay })).sort((a, b) => a.at - b.at);
    let folded = 0;
    let checked = 0;
    for (const now of [0.6, 1.3, 2.01, 2.9].map((d) => D0 + Math.round(d * DAY) + 7_777)) {
      const batch = arrived.filter((a) => a.at < now).slice(folded);
      folded += batch.length;
      await fold(
        batch.map((a) => a.h),
        [rawEvents, dimensionRollup, rollupMinute],
      );
      const newest = await newestHit(db.pool, SITE);
      expect(newest!.getTime()).toBeLessThan(now);
      await fc.assert(
        fc.asyncProperty(
          // Starts on a quarter hour up to two days back (midnights, mid-day, the same day as now).
          fc
            .integer({ min: 1, max: 192 })
            .map((n) => Math.floor(now / QUARTER) * QUARTER - (n - 1) * QUARTER),
          // Ends at now or up to 40 minutes on, on no whole quarter hour.
          fc.integer({ min: 0, max: 40 * MINUTE }).filter((d) => (now + d) % QUARTER !== 0),
          fc.constantFrom('hour' as const, 'minute' as const),
          async (start, after, granularity) => {
            const q = { ...windowQuery(SITE, start, now + after), granularity };
            fc.pre(granularity === 'hour' || q.end.getTime() - start <= 6 * 3_600_000);
            const planned = await planDimensionRead(db.pool, q, {
              dimension: 'country',
              metrics: ['visitors'],
            });
            expect(planned.source).toBe('rollup');
            expect(sourceFor(q, q.filters, [], newest)).toBe('rollup');
            await expectEqualReads(q, { limit: 100, page: 1 });
            expect(await overview(db.pool, q, {}, 'rollup')).toEqual(await overview(db.pool, q, {}, 'raw'));
            for (const metric of ['visitors', 'pageviews', 'bounce_rate'] as const)
              expect(await timeseries(db.pool, q, { metric }, 'rollup')).toEqual(
                await timeseries(db.pool, q, { metric }, 'raw'),
              );
            checked++;
          },
        ),
        { numRuns: 12, seed: 4 },
      );
    }
    expect(folded).toBeGreaterThan(250);
    expect(checked).toBeGreaterThan(40);
    // Four folds and some 50 windows of eleven reads on both paths: 24-27 s on a loaded machine.
  }, 120_000);

  it('reads the raw hits for a window ending off a quarter hour before the newest hit', async () => {
    const newest = (await newestHit(db.pool, SITE))!.getTime();
    const q = windowQuery(SITE, Math.floor(newest / QUARTER) * QUARTER - DAY, newest);
    expect(
      (await planDimensionRead(db.pool, q, { dimension: 'country', metrics: ['visitors'] })).source,
    ).toBe('raw');
    expect(sourceFor(q, q.filters, [], new Date(newest))).toBe('raw');
    const after = windowQuery(SITE, q.start.getTime(), newest + 1);
    expect(
      (await planDimensionRead(db.pool, after, { dimension: 'country', metrics: ['visitors'] })).source,
    ).toBe('rollup');
  });
});
