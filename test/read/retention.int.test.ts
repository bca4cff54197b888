import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { EMPTY_FILTERS, HUMAN_DIMENSIONS, parseFilters } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { retention } from '../../src/read/retention/read.js';
import { activitySource } from '../../src/read/retention/source.js';
import { bucketStarts } from '../../src/read/envelope/buckets.js';
import type { HitRecorded } from '../../streams/events.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * Site "ny.example" (America/New_York), around the end of DST on Sunday 2026-11-01 (a 25-hour
 * day: 04:00Z to 05:00Z the next day). Local days from Oct 31: 04:00Z Oct 31, 04:00Z Nov 1,
 * 05:00Z Nov 2, 05:00Z Nov 3. Identified hits (UTC; each UTC day its own daily visitor id):
 *   u1  Oct 31 16:00, Nov 2 04:30 (Nov 1 23:30 EST: local Nov 1, though UTC and EDT say Nov 2),
 *       Nov 3 15:00 on /app
 *   u2  Nov 1 05:30 and 06:30 (01:30 EDT, then 01:30 EST: one local day), Nov 2 14:00
 *   u3  Nov 2 04:50 (Nov 1 23:50 EST), Nov 3 05:05 (Nov 3 00:05 EST)
 *   u4  Nov 3 12:00 on /app
 *   u5  Oct 30 12:00 (before the 4-day window), Nov 2 12:00
 *   u6  Nov 5 02:00, 04:00 and 06:00 (local Nov 4 21:00, 23:00 and Nov 5 01:00)
 * Anonymous: a1 Oct 31 18:00, a2 Nov 2 10:00. u1's first pageview (Oct 31 15:59) is anonymous but
 * its daily id identifies a minute later, so that id counts as covered.
 */
const utc = (month: number, day: number, h: number, m = 0) => Date.UTC(2026, month - 1, day, h, m);

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let ny: number;
let berlin: number;

/** A hit whose daily visitor id is the person's name and the hit's UTC day, as the daily salt makes it. */
const person = (site: number, who: string, ts: number, over: Partial<HitRecorded> = {}) =>
  hit({
    site,
    visitor: `${who}@${new Date(ts).toISOString().slice(0, 10)}`,
    ts,
    ...(who.startsWith('u') || who.startsWith('w') ? { identity: who } : {}),
    ...over,
  });

function nyHits(site: number): HitRecorded[] {
  return [
    person(site, 'u1', utc(10, 31, 15, 59), { identity: undefined }),
    person(site, 'u1', utc(10, 31, 16)),
    person(site, 'u1', utc(11, 2, 4, 30)),
    person(site, 'u1', utc(11, 3, 15), { pathname: '/app' }),
    person(site, 'u2', utc(11, 1, 5, 30)),
    person(site, 'u2', utc(11, 1, 6, 30)),
    person(site, 'u2', utc(11, 2, 14)),
    person(site, 'u3', utc(11, 2, 4, 50)),
    person(site, 'u3', utc(11, 3, 5, 5)),
    person(site, 'u4', utc(11, 3, 12), { pathname: '/app' }),
    person(site, 'u5', utc(10, 30, 12)),
    person(site, 'u5', utc(11, 2, 12)),
    person(site, 'u6', utc(11, 5, 2)),
    person(site, 'u6', utc(11, 5, 4)),
    person(site, 'u6', utc(11, 5, 6)),
    person(site, 'a1', utc(10, 31, 18)),
    person(site, 'a2', utc(11, 2, 10)),
  ];
}

/*
 * Site "berlin.example" (Europe/Berlin), around the start of DST on Sunday 2026-03-29. ISO weeks
 * from Monday Mar 16: 23:00Z Mar 15, 23:00Z Mar 22, 22:00Z Mar 29 (the DST week has 167 hours),
 * 22:00Z Apr 5. Identified hits:
 *   w1  Mar 17 10:00; Mar 29 22:30 (Monday Mar 30 00:30 CEST: week 2, though UTC and CET say Sunday)
 *   w2  Mar 22 23:30 (Monday Mar 23 00:30 CET: week 1), Apr 1 10:00, Apr 6 10:00
 *   w3  Mar 25 10:00
 *   w4  Apr 5 21:59 (Sunday 23:59 CEST: week 2), Apr 5 22:00 (Monday 00:00: week 3)
 *   w0  Feb 20 10:00 (only in the previous four weeks)
 */
function berlinHits(site: number): HitRecorded[] {
  return [
    person(site, 'w1', utc(3, 17, 10)),
    person(site, 'w1', utc(3, 29, 22, 30)),
    person(site, 'w2', utc(3, 22, 23, 30)),
    person(site, 'w2', utc(4, 1, 10)),
    person(site, 'w2', utc(4, 6, 10)),
    person(site, 'w3', utc(3, 25, 10)),
    person(site, 'w4', utc(4, 5, 21, 59)),
    person(site, 'w4', utc(4, 5, 22)),
    person(site, 'w0', utc(2, 20, 10)),
  ];
}

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  ny = (await createSite(app, cookie, { domain: 'ny.example', timezone: 'America/New_York' })).id;
  berlin = (await createSite(app, cookie, { domain: 'berlin.example', timezone: 'Europe/Berlin' })).id;
  const msgs = messages([nyHits(ny), berlinHits(berlin)]);
  for (const p of [rawEvents, rollupMinute]) await foldBatch(t.database.pool, p, msgs);
});
afterAll(() => t?.close());

async function read(
  site: number,
  params: Record<string, string>,
  headers: Record<string, string> = { cookie },
) {
  const qs = new URLSearchParams({ site: String(site), ...params });
  return app.inject({ method: 'GET', url: `/api/stats/retention?${qs}`, headers });
}

async function grid(site: number, params: Record<string, string>) {
  const res = await read(site, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const NY_DAYS = { start: '2026-10-31T04:00:00Z', end: '2026-11-04T05:00:00Z', granularity: 'day' };
const BERLIN_WEEKS = { start: '2026-03-15T23:00:00Z', end: '2026-04-12T22:00:00Z', granularity: 'week' };

describe('GET /api/stats/retention: day cohorts across the end of DST (America/New_York)', () => {
  it('puts each identity in the local day of its first hit, the 25-hour day whole', async () => {
    const res = await grid(ny, NY_DAYS);
    expect(res.data).toEqual({
      cohorts: [
        { cohort: '2026-10-31T04:00:00.000Z', visitors: 1, periods: [100, 100, 0, 100] },
        { cohort: '2026-11-01T04:00:00.000Z', visitors: 2, periods: [100, 50, 50] },
        { cohort: '2026-11-02T05:00:00.000Z', visitors: 1, periods: [100, 0] },
        { cohort: '2026-11-03T05:00:00.000Z', visitors: 1, periods: [100] },
      ],
      covered: 5,
      anonymous_left_out: 2,
    });
    expect(res.meta).toMatchObject({
      rows: 4,
      covered: 5,
      anonymous_left_out: 2,
      query: { tz: 'America/New_York', audience: 'human' },
    });
  });

  it('cohorts by the first hit in the window: u5, seen before it, joins by its first hit inside', async () => {
    const month = await grid(ny, {
      start: '2026-10-01T04:00:00Z',
      end: '2026-12-01T05:00:00Z',
      granularity: 'month',
    });
    expect(month.data).toEqual({
      cohorts: [
        { cohort: '2026-10-01T04:00:00.000Z', visitors: 2, periods: [100, 100] },
        { cohort: '2026-11-01T04:00:00.000Z', visitors: 4, periods: [100] },
      ],
      covered: 6,
      anonymous_left_out: 2,
    });
  });

  it('follows an identity through its matching hits under a filter', async () => {
    const res = await grid(ny, {
      ...NY_DAYS,
      filters: '[{"dimension":"pathname","op":"is","value":"/app"}]',
    });
    expect(res.data).toEqual({
      cohorts: [{ cohort: '2026-11-03T05:00:00.000Z', visitors: 2, periods: [100] }],
      covered: 2,
      anonymous_left_out: 0,
    });
  });

  it('reads the same grid in another zone given as tz (UTC days)', async () => {
    const res = await grid(ny, {
      start: '2026-10-31T00:00:00Z',
      end: '2026-11-04T00:00:00Z',
      granularity: 'day',
      tz: 'UTC',
    });
    expect(res.data.cohorts).toEqual([
      { cohort: '2026-10-31T00:00:00.000Z', visitors: 1, periods: [100, 0, 100, 100] },
      { cohort: '2026-11-01T00:00:00.000Z', visitors: 1, periods: [100, 100, 0] },
      { cohort: '2026-11-02T00:00:00.000Z', visitors: 2, periods: [100, 50] },
      { cohort: '2026-11-03T00:00:00.000Z', visitors: 1, periods: [100] },
    ]);
  });
});

describe('GET /api/stats/retention: week cohorts across the start of DST (Europe/Berlin)', () => {
  it('cuts ISO weeks at local Monday midnights, the 167-hour week included', async () => {
    const res = await grid(berlin, BERLIN_WEEKS);
    expect(res.data).toEqual({
      cohorts: [
        { cohort: '2026-03-15T23:00:00.000Z', visitors: 1, periods: [100, 0, 100, 0] },
        { cohort: '2026-03-22T23:00:00.000Z', visitors: 2, periods: [100, 50, 50] },
        { cohort: '2026-03-29T22:00:00.000Z', visitors: 1, periods: [100, 100] },
      ],
      covered: 4,
      anonymous_left_out: 0,
    });
  });

  it('gives the previous four weeks’ grid as the comparison', async () => {
    const res = await grid(berlin, { ...BERLIN_WEEKS, compare: 'previous' });
    expect(res.meta.query.comparison).toEqual({
      start: '2026-02-15T23:00:00.000Z',
      end: '2026-03-15T23:00:00.000Z',
    });
    expect(res.data.comparison).toEqual({
      cohorts: [{ cohort: '2026-02-15T23:00:00.000Z', visitors: 1, periods: [100, 0, 0, 0] }],
      covered: 1,
      anonymous_left_out: 0,
    });
    expect(res.data.cohorts).toHaveLength(3);
  });

  it('exports a cohort per row with a column per period', async () => {
    const qs = new URLSearchParams({ site: String(berlin), report: 'retention', ...BERLIN_WEEKS });
    const res = await app.inject({ method: 'GET', url: `/api/stats/export.csv?${qs}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(parse(res.body, { relax_column_count: true })).toEqual([
      [
        'list',
        'covered',
        'anonymous_left_out',
        'cohort',
        'visitors',
        'period_0',
        'period_1',
        'period_2',
        'period_3',
      ],
      ['', '4', '0', '', '', '', '', '', ''],
      ['cohorts', '', '', '2026-03-15T23:00:00.000Z', '1', '100', '0', '100', '0'],
      ['cohorts', '', '', '2026-03-22T23:00:00.000Z', '2', '100', '50', '50', ''],
      ['cohorts', '', '', '2026-03-29T22:00:00.000Z', '1', '100', '100', '', ''],
    ]);
  });
});

describe('retention from identity_days and from the identified hits', () => {
  const query = (site: number, tz: string, start: number, end: number, filters = EMPTY_FILTERS): Query => ({
    site,
    tz,
    audience: 'human',
    start: new Date(start),
    end: new Date(end),
    compare: 'none',
    comparison: null,
    granularity: 'day',
    filters,
  });

  it('gives the same grid for random windows, zones and periods wherever the planner takes identity_days', async () => {
    let compared = 0;
    let grids = 0;
    // Window edges at local midnights of the zone, or at any minute, around each site's hits.
    const edge = fc.oneof(
      fc.record({ midnight: fc.constant(true), n: fc.integer({ min: 0, max: 40 }) }),
      fc.record({ midnight: fc.constant(false), n: fc.integer({ min: 0, max: 40 * 24 * 60 }) }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom([ny, utc(10, 20, 0)] as const, [berlin, utc(2, 25, 0)] as const),
        fc.constantFrom('UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kathmandu'),
        fc.constantFrom('day' as const, 'week' as const, 'month' as const),
        edge,
        edge,
        async ([site, base], tz, granularity, a, b) => {
          const at = (e: { midnight: boolean; n: number }) =>
            e.midnight
              ? DateTime.fromMillis(base + e.n * 86_400_000, { zone: tz })
                  .startOf('day')
                  .toMillis()
              : base + e.n * 60_000;
          const [x, y] = [at(a), at(b)];
          fc.pre(x !== y);
          const q = query(site, tz, Math.min(x, y), Math.max(x, y));
          const raw = await retention(t.database.pool, q, { granularity }, 'raw');
          expect(await retention(t.database.pool, q, { granularity })).toEqual(raw);
          if (activitySource(q, bucketStarts(q, granularity, tz), q.filters) !== 'days') return;
          compared += 1;
          if (raw.cohorts.length > 1) grids += 1;
        },
      ),
      { numRuns: 80, seed: 11 },
    );
    // The property is carried by identity_days answers, most of them grids of several cohorts.
    expect(compared).toBeGreaterThan(40);
    expect(grids).toBeGreaterThan(15);
  });

  it('reads the hits themselves under a filter, with the same figures when every hit matches', async () => {
    const q = query(ny, 'America/New_York', Date.parse(NY_DAYS.start), Date.parse(NY_DAYS.end));
    const everything = parseFilters(
      { not: { dimension: 'pathname', op: 'is', value: '/never' } },
      HUMAN_DIMENSIONS,
    );
    expect(await retention(t.database.pool, { ...q, filters: everything }, { granularity: 'day' })).toEqual(
      await retention(t.database.pool, q, { granularity: 'day' }, 'days'),
    );
  });

  it('answers a window whose edges fall inside UTC days from identity_days, exactly', async () => {
    // 10:07 Nov 2 to 10:07 Nov 3 UTC holds u2 14:00 and u5 12:00 (Nov 2), u3 05:05 (Nov 3) only.
    const q = query(ny, 'UTC', utc(11, 2, 10, 7), utc(11, 3, 10, 7));
    expect(activitySource(q, bucketStarts(q, 'day', 'UTC'), q.filters)).toBe('days');
    const expected = {
      cohorts: [
        { cohort: '2026-11-02T00:00:00.000Z', visitors: 2, periods: [100, 0] },
        { cohort: '2026-11-03T00:00:00.000Z', visitors: 1, periods: [100] },
      ],
      covered: 3,
      anonymous_left_out: 0,
    };
    expect(await retention(t.database.pool, q, { granularity: 'day' })).toEqual(expected);
    expect(await retention(t.database.pool, q, { granularity: 'day' }, 'raw')).toEqual(expected);
  });

  it('keeps the periods of a grid longer than 63 periods (a bit string instead of a bigint)', async () => {
    // 76 local days from Oct 1: u5's cohort is Oct 30 (index 29), back on Nov 2 (k = 3).
    const q = query(ny, 'America/New_York', utc(10, 1, 4), utc(12, 16, 5));
    const r = await retention(t.database.pool, q, { granularity: 'day' });
    expect(r).toEqual(await retention(t.database.pool, q, { granularity: 'day' }, 'raw'));
    const oct30 = r.cohorts.find((c) => c.cohort === '2026-10-30T04:00:00.000Z')!;
    expect(oct30.periods).toHaveLength(76 - 29);
    expect(oct30.periods.flatMap((v, k) => (v > 0 ? [k] : []))).toEqual([0, 3]);
    expect(r.covered).toBe(6);
  });

  it('reads the hits when a UTC day holds two cuts, where first and last hit cannot tell', async () => {
    // From 03:00 UTC Nov 5 (local Nov 4 22:00): u6's 04:00 hit is in local Nov 4, its 06:00 one in
    // Nov 5. Its day's first hit (02:00) lies before the window, so only the hits can tell that it
    // was active in Nov 4 within the window.
    const q = query(ny, 'America/New_York', utc(11, 5, 3), utc(11, 7, 5));
    expect(activitySource(q, bucketStarts(q, 'day', q.tz), q.filters)).toBe('raw');
    expect(await retention(t.database.pool, q, { granularity: 'day' })).toEqual({
      cohorts: [{ cohort: '2026-11-04T05:00:00.000Z', visitors: 1, periods: [100, 100, 0] }],
      covered: 1,
      anonymous_left_out: 0,
    });
    expect((await retention(t.database.pool, q, { granularity: 'day' }, 'days')).cohorts).toEqual([
      { cohort: '2026-11-05T05:00:00.000Z', visitors: 1, periods: [100, 0] },
    ]);
  });
});

describe('what retention refuses', () => {
  it('400 naming the field: granularity finer than a day, audience agent or all', async () => {
    for (const [params, field] of [
      [{ granularity: 'hour' }, 'granularity'],
      [{ granularity: 'minute' }, 'granularity'],
      [{ granularity: 'year' }, 'granularity'],
      [{ audience: 'agent' }, 'audience'],
      [{ audience: 'all' }, 'audience'],
      [{ filters: '[{"dimension":"agent_id","op":"is","value":"gptbot"}]' }, 'filters'],
    ] as const) {
      const res = await read(ny, { start: NY_DAYS.start, end: NY_DAYS.end, ...params });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    }
  });

  it('401 without a credential, 403 for another user’s site', async () => {
    expect((await read(ny, NY_DAYS, {})).statusCode).toBe(401);
    const stranger = await signUp(app);
    expect((await read(ny, NY_DAYS, { cookie: stranger.cookie })).statusCode).toBe(403);
  });
});
