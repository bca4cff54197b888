import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dimensionRollup } from '../../projections/dimension-rollup/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { comparisonWindow } from '../../src/read/envelope/compare.js';
import type { Query } from '../../src/read/envelope/query.js';
import { EMPTY_FILTERS, parseFilters, HUMAN_DIMENSIONS } from '../../src/read/envelope/filters.js';
import { resolveRange } from '../../src/read/envelope/range.js';
import { breakdown } from '../../src/read/stats/breakdown.js';
import { events } from '../../src/read/stats/events.js';
import { locations, sources } from '../../src/read/stats/grouped-lists.js';
import { pages } from '../../src/read/stats/pages.js';
import { realtime } from '../../src/read/stats/realtime.js';
import { humanTotals } from '../../src/read/stats/human-totals.js';
import { OVERVIEW_METRICS, overview } from '../../src/read/stats/overview.js';
import { timeseries } from '../../src/read/stats/timeseries.js';
import type { HitRecorded } from '../../streams/events.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { hit, MIN } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

const DAY = 86_400_000;
const D0 = Date.UTC(2026, 9, 30); // three UTC days from 2026-10-30

/** The query of one UTC hour from `t0`, by the minute, without compare or filters. */
const hourQuery = (site: number, t0: number): Query => ({
  site,
  tz: 'UTC',
  audience: 'human',
  start: new Date(t0),
  end: new Date(t0 + 3_600_000),
  compare: 'none',
  comparison: null,
  granularity: 'minute',
  filters: EMPTY_FILTERS,
});

let db: TestDatabase;
let seq = 1;
async function fold(events: HitRecorded[]) {
  // Several messages of up to 40 hits, as the appender writes them, folded by both projections.
  const groups: HitRecorded[][] = [];
  for (let i = 0; i < events.length; i += 40) groups.push(events.slice(i, i + 40));
  const msgs = messages(groups, seq);
  seq += msgs.length;
  for (const p of [rawEvents, rollupMinute, dimensionRollup]) await foldBatch(db.pool, p, msgs);
}

/** A visitor id lives one UTC day, as the daily salt makes it: `<day>:<n>`. */
const hitArb = (site: number) =>
  fc
    .record({
      day: fc.integer({ min: 0, max: 2 }),
      visitor: fc.integer({ min: 1, max: 12 }),
      at: fc.integer({ min: 0, max: DAY - 1 }),
      custom: fc.boolean(),
    })
    .map(({ day, visitor, at, custom }) =>
      hit({
        site,
        visitor: `${day}:${visitor}`,
        ts: D0 + day * DAY + at,
        ...(custom && at % 5 === 0 ? { kind: 'custom' as const, name: 'Signup' } : {}),
      }),
    );

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('human totals: the rollup path equals the raw path', () => {
  it('gives identical visitors, sessions, pageviews, bounces and duration for random data and windows', async () => {
    const sites = [11, 12, 13];
    for (const [i, site] of sites.entries())
      await fold(
        fc.sample(fc.array(hitArb(site), { minLength: 150, maxLength: 300 }), {
          seed: 42 + i,
          numRuns: 1,
        })[0]!,
      );
    const minute = fc.integer({ min: -60, max: 3 * 24 * 60 + 60 }).map((m) => D0 + m * MIN);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...sites), minute, minute, async (site, a, b) => {
        fc.pre(a !== b);
        const w = { start: new Date(Math.min(a, b)), end: new Date(Math.max(a, b)) };
        const raw = await humanTotals(db.pool, site, w, EMPTY_FILTERS, 'raw');
        const rollup = await humanTotals(db.pool, site, w, EMPTY_FILTERS, 'rollup');
        expect({ ...rollup, source: 'raw' }).toEqual(raw);
        // A filter every hit matches reads the raw tables and gives the same figures.
        const everything = parseFilters(
          { not: { dimension: 'pathname', op: 'is', value: '/never' } },
          HUMAN_DIMENSIONS,
        );
        expect(await humanTotals(db.pool, site, w, everything)).toEqual(raw);
      }),
      { numRuns: 150, seed: 7 },
    );
  });
});

describe('the overview on a designed day', () => {
  // Site 21, UTC: visitor a reads 3 pages 10:00–10:20 (one session, 20 min); b bounces at 11:00;
  // c views 1 page at 12:00 and clicks Signup at 12:05 (engaged, not a bounce); a comes back at
  // 23:50 on the same salt day (a new session, a bounce). The day before: d, one bounce.
  const T = Date.UTC(2026, 10, 2);
  beforeAll(async () => {
    const at = (h: number, m = 0) => T + h * 3_600_000 + m * MIN;
    await fold([
      hit({ site: 21, visitor: 'a', ts: at(10) }),
      hit({ site: 21, visitor: 'a', ts: at(10, 10), pathname: '/pricing' }),
      hit({ site: 21, visitor: 'a', ts: at(10, 20), pathname: '/docs' }),
      hit({ site: 21, visitor: 'b', ts: at(11) }),
      hit({ site: 21, visitor: 'c', ts: at(12) }),
      hit({ site: 21, visitor: 'c', ts: at(12, 5), kind: 'custom', name: 'Signup' }),
      hit({ site: 21, visitor: 'a', ts: at(23, 50) }),
      hit({ site: 21, visitor: 'd', ts: at(-14) }),
    ]);
  });
  const query = (start: number, end: number, compare: 'none' | 'previous' = 'none') => {
    const w = { start: new Date(start), end: new Date(end) };
    return {
      site: 21,
      tz: 'UTC',
      ...w,
      compare,
      comparison: comparisonWindow(w, compare, 'UTC'),
      granularity: 'hour' as const,
      filters: EMPTY_FILTERS,
      audience: 'human' as const,
    };
  };

  it('computes all six figures and the percent change against the previous day', async () => {
    expect(await overview(db.pool, query(T, T + DAY, 'previous'))).toEqual({
      visitors: 3,
      sessions: 4,
      pageviews: 6, // a 3 + 1, b 1, c 1 (the Signup click is no pageview)
      bounce_rate: 50,
      visit_duration: 375, // (20 min + 0 + 5 min + 0) / 4 sessions
      views_per_session: 1.5,
      comparison: {
        visitors: 1,
        sessions: 1,
        pageviews: 1,
        bounce_rate: 100,
        visit_duration: 0,
        views_per_session: 1,
      },
      change: { visitors: 200, sessions: 300, pageviews: 500, bounce_rate: -50, views_per_session: 50 },
    });
  });

  it('leaves out what cannot be computed in a window without sessions (never a made-up 0)', async () => {
    expect(await overview(db.pool, query(T + 13 * 3_600_000, T + 14 * 3_600_000))).toEqual({
      visitors: 0,
      sessions: 0,
      pageviews: 0,
    });
  });

  it('breaks down by any dimension, ranked by visitors, with each value’s share and paging', async () => {
    const day = query(T, T + DAY);
    expect(await breakdown(db.pool, day, { dimension: 'pathname', limit: 100, page: 1 })).toEqual([
      { value: '/', visitors: 3, pageviews: 4, share: 100 },
      { value: '/docs', visitors: 1, pageviews: 1, share: 33.3 },
      { value: '/pricing', visitors: 1, pageviews: 1, share: 33.3 },
    ]);
    expect(await breakdown(db.pool, day, { dimension: 'name', limit: 100, page: 1 })).toEqual([
      { value: null, visitors: 3, pageviews: 6, share: 100 },
      { value: 'Signup', visitors: 1, pageviews: 0, share: 33.3 },
    ]);
    expect(await breakdown(db.pool, day, { dimension: 'pathname', limit: 1, page: 2 })).toEqual([
      { value: '/docs', visitors: 1, pageviews: 1, share: 33.3 },
    ]);
    await expect(breakdown(db.pool, day, { dimension: 'shoe', limit: 1, page: 1 })).rejects.toMatchObject({
      code: 'validation_error',
      field: 'dimension',
    });
  });

  it('lists pages with entries and exits of the sessions that began in the window', async () => {
    expect(await pages(db.pool, query(T, T + DAY), { limit: 100, page: 1 })).toEqual([
      { pathname: '/', visitors: 3, pageviews: 4, entries: 4, exits: 3 },
      { pathname: '/docs', visitors: 1, pageviews: 1, entries: 0, exits: 1 },
      { pathname: '/pricing', visitors: 1, pageviews: 1, entries: 0, exits: 0 },
    ]);
  });

  it('gives sources, locations and devices as ranked lists (absent attributes as null)', async () => {
    const day = query(T, T + DAY);
    const none = { value: null, visitors: 3, pageviews: 6, share: 100 };
    expect(await sources(db.pool, day, { limit: 10, page: 1 })).toEqual({
      channels: [{ value: 'direct', visitors: 3, pageviews: 6, share: 100 }],
      sources: [none],
      campaigns: [none],
    });
    expect(await locations(db.pool, day, { limit: 10, page: 1 })).toEqual({
      countries: [none],
      regions: [none],
      cities: [none],
    });
  });

  it('shows the last five minutes: people and their open pages', async () => {
    expect(await realtime(db.pool, query(T, T + DAY), {}, new Date(T + 10 * 3_600_000 + 3 * MIN))).toEqual({
      visitors: 1,
      pages: [{ pathname: '/', visitors: 1 }],
    });
  });

  it('counts only matching hits, and the sessions that have one, under a filter', async () => {
    const filters = parseFilters('[{"dimension":"pathname","op":"is","value":"/pricing"}]', HUMAN_DIMENSIONS);
    // Only a's first session holds /pricing: 3 pages, 20 minutes, no bounce.
    expect(await overview(db.pool, { ...query(T, T + DAY), filters })).toEqual({
      visitors: 1,
      sessions: 1,
      pageviews: 1,
      bounce_rate: 0,
      visit_duration: 1200,
      views_per_session: 1,
    });
    const signups = parseFilters({ dimension: 'name', op: 'is', value: 'Signup' }, HUMAN_DIMENSIONS);
    expect(await overview(db.pool, { ...query(T, T + DAY), filters: signups })).toMatchObject({
      visitors: 1,
      sessions: 1,
      pageviews: 0,
    });
  });

  it('counts a visitor first seen before an Asia/Kolkata day once it returns inside it (rollup path, exact)', async () => {
    // Kolkata's 2026-11-03 starts at 2026-11-02 18:30 UTC: only a's 23:50 return lies in it, and
    // a was first seen at 10:00 UTC, before the window.
    const w = resolveRange('today', 'Asia/Kolkata', new Date(T + 20 * 3_600_000));
    expect(w.start.toISOString()).toBe('2026-11-02T18:30:00.000Z');
    const win = { start: w.start, end: new Date(T + DAY) };
    const rollup = await humanTotals(db.pool, 21, win, EMPTY_FILTERS, 'rollup');
    expect(rollup).toEqual({
      visitors: 1,
      sessions: 1,
      pageviews: 1,
      bounces: 1,
      duration_ms: 0,
      source: 'rollup',
    });
    expect({ ...rollup, source: 'raw' }).toEqual(await humanTotals(db.pool, 21, win, EMPTY_FILTERS, 'raw'));
  });
});

describe('the timeseries', () => {
  const T = Date.UTC(2026, 10, 2);
  const q = (
    start: number,
    end: number,
    granularity: 'hour' | 'day',
    tz = 'UTC',
    compare: 'none' | 'previous' = 'none',
  ) => {
    const w = { start: new Date(start), end: new Date(end) };
    return {
      site: 21,
      tz,
      ...w,
      compare,
      comparison: comparisonWindow(w, compare, tz),
      granularity,
      filters: EMPTY_FILTERS,
      audience: 'human' as const,
    };
  };

  it('gives one point per hour, values where they exist and absent ratios where there are no sessions', async () => {
    const r = await timeseries(db.pool, q(T + 9 * 3_600_000, T + 13 * 3_600_000, 'hour'), {
      metric: 'pageviews',
    });
    expect(r).toEqual({
      series: [
        { t: '2026-11-02T09:00:00.000Z', value: 0 },
        { t: '2026-11-02T10:00:00.000Z', value: 3 },
        { t: '2026-11-02T11:00:00.000Z', value: 1 },
        { t: '2026-11-02T12:00:00.000Z', value: 1 },
      ],
    });
    const bounce = await timeseries(db.pool, q(T + 9 * 3_600_000, T + 13 * 3_600_000, 'hour'), {
      metric: 'bounce_rate',
    });
    expect(bounce.series.map((p) => p.value)).toEqual([undefined, 0, 100, 0]);
  });

  it('buckets days of Asia/Kathmandu (+05:45) from 18:15 UTC, with the previous days as comparison', async () => {
    const start = Date.UTC(2026, 10, 1, 18, 15);
    const r = await timeseries(db.pool, q(start, start + 86_400_000, 'day', 'Asia/Kathmandu', 'previous'), {
      metric: 'visitors',
    });
    // 2026-11-02 in Kathmandu: a (10:00 and 23:50 UTC is 05:35 on the 3rd, outside), b, c.
    expect(r).toEqual({
      series: [{ t: '2026-11-01T18:15:00.000Z', value: 3 }],
      comparison: [{ t: '2026-10-31T18:15:00.000Z', value: 1 }],
    });
  });

  it('answers every metric identically from rollups and from raw tables, on random windows of the random sites', async () => {
    const minute = fc.integer({ min: 0, max: 3 * 24 * 60 }).map((m) => D0 + m * MIN);
    // Buckets inside a UTC day (minutes, hours), across one (days, weeks, in zones off by :30/:45).
    const shape = fc.oneof(
      fc.record({
        minutes: fc.integer({ min: 1, max: 180 }),
        granularity: fc.constantFrom('minute' as const, 'hour' as const),
      }),
      fc.record({
        minutes: fc.integer({ min: 60, max: 3 * 24 * 60 }),
        granularity: fc.constantFrom('hour' as const, 'day' as const, 'week' as const),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(11, 12, 13),
        minute,
        shape,
        fc.constantFrom('UTC', 'Asia/Kolkata', 'America/St_Johns', 'Asia/Kathmandu'),
        fc.constantFrom(...OVERVIEW_METRICS),
        async (site, start, { minutes, granularity }, tz, metric) => {
          const w = { start: new Date(start), end: new Date(start + minutes * MIN) };
          const query = {
            site,
            tz,
            ...w,
            compare: 'none' as const,
            comparison: null,
            granularity,
            filters: EMPTY_FILTERS,
            audience: 'human' as const,
          };
          expect(await timeseries(db.pool, query, { metric }, 'rollup')).toEqual(
            await timeseries(db.pool, query, { metric }, 'raw'),
          );
        },
      ),
      { numRuns: 120, seed: 11 },
    );
  });
});

describe('engagement on pages', () => {
  it('averages scroll depth and time on page from what later hits reported for each pageview', async () => {
    const t0 = Date.UTC(2026, 10, 5, 9);
    await fold([
      hit({ site: 22, visitor: 'x', ts: t0, pathname: '/a' }),
      hit({ site: 22, visitor: 'x', ts: t0 + MIN, pathname: '/b', d: 30_000, sc: 80 }),
      hit({
        site: 22,
        visitor: 'x',
        ts: t0 + 2 * MIN,
        pathname: '/b',
        kind: 'engagement',
        d: 10_000,
        sc: 50,
      }),
      hit({ site: 22, visitor: 'y', ts: t0 + 3 * MIN, pathname: '/a' }),
    ]);
    const q = hourQuery(22, t0);
    expect(await pages(db.pool, q, { limit: 10, page: 1 })).toEqual([
      // x reported 80 % and 30 s for /a; y's /a reported nothing, so it is left out of the means.
      { pathname: '/a', visitors: 2, pageviews: 2, entries: 2, exits: 1, scroll_depth: 80, time_on_page: 30 },
      { pathname: '/b', visitors: 1, pageviews: 1, entries: 0, exits: 1, scroll_depth: 50, time_on_page: 10 },
    ]);
  });
});

describe('custom events', () => {
  it('ranks event names by visitors and breaks one event down by a property', async () => {
    const t0 = Date.UTC(2026, 10, 6, 9);
    const signup = (visitor: string, plan?: string, minute = 0) =>
      hit({
        site: 23,
        visitor,
        ts: t0 + minute * MIN,
        kind: 'custom',
        name: 'Signup',
        ...(plan ? { props: { plan } } : {}),
      });
    await fold([
      signup('p', 'pro'),
      signup('q', 'pro', 1),
      signup('q', 'free', 2),
      signup('r', undefined, 3),
      hit({ site: 23, visitor: 'p', ts: t0 + 4 * MIN, kind: 'custom', name: 'Download' }),
      hit({ site: 23, visitor: 'p', ts: t0 + 5 * MIN, kind: 'custom', name: 'identify', identity: 'u1' }),
    ]);
    const q = hourQuery(23, t0);
    expect(await events(db.pool, q, { limit: 10, page: 1 })).toEqual([
      { value: 'Signup', visitors: 3, events: 4 },
      { value: 'Download', visitors: 1, events: 1 },
    ]);
    expect(await events(db.pool, q, { limit: 10, page: 1, name: 'Signup', property: 'plan' })).toEqual([
      { value: 'pro', visitors: 2, events: 2 },
      { value: 'free', visitors: 1, events: 1 },
      { value: null, visitors: 1, events: 1 },
    ]);
  });
});
