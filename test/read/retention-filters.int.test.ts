import fc from 'fast-check';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { bucketStarts } from '../../src/read/envelope/buckets.js';
import { HUMAN_DIMENSIONS, parseFilters } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { retention } from '../../src/read/retention/read.js';
import { activitySource } from '../../src/read/retention/source.js';
import type { HitRecorded } from '../../streams/events.js';
import { createTestDatabase, insertSite, type TestDatabase } from '../support/database.js';
import { hit } from '../support/events.js';
import { messages } from '../support/projection-spec.js';
import { windowQuery } from '../support/window-query.js';

/*
 * Retention under a filter on the `sessions` row's dimensions, from identity_days (UTC, Nov 2–5
 * 2026; each person's daily visitor id is its name and the UTC day):
 *   p1  Nov 2 10:00 and Nov 3 10:00, US, from Google                 every session matches US
 *   p2  Nov 2 10:00 and Nov 4 10:00, DE                                none matches US
 *   p3  Nov 2 10:00 US and 14:00 DE (two sessions); Nov 4 12:00 DE     some sessions match, not all
 *   p4  Nov 3 10:00 US then 10:05 FR (one session)                     mixed
 *   p5  Nov 3 20:00 anonymous, 20:10 identified, US                    every session matches
 *   p6  Nov 5 09:00 US, from Bing
 *   a1  Nov 2 18:00 US, anonymous
 */
const utc = (day: number, h: number, m = 0) => Date.UTC(2026, 10, day, h, m);
const google = 'https://www.google.com/';
const bing = 'https://www.bing.com/';

let db: TestDatabase;
let site: number;

const person = (who: string, ts: number, over: Partial<HitRecorded> = {}) =>
  hit({
    site,
    visitor: `${who}@${new Date(ts).toISOString().slice(0, 10)}`,
    ts,
    ...(who.startsWith('p') ? { identity: who } : {}),
    ...over,
  });

const hits = () => [
  person('p1', utc(2, 10), { country: 'US', referrer: google }),
  person('p1', utc(3, 10), { country: 'US', referrer: google }),
  person('p2', utc(2, 10), { country: 'DE' }),
  person('p2', utc(4, 10), { country: 'DE' }),
  person('p3', utc(2, 10), { country: 'US' }),
  person('p3', utc(2, 14), { country: 'DE', pathname: '/b' }),
  person('p3', utc(4, 12), { country: 'DE' }),
  person('p4', utc(3, 10), { country: 'US' }),
  person('p4', utc(3, 10, 5), { country: 'FR', pathname: '/b' }),
  person('p5', utc(3, 20), { country: 'US', identity: undefined }),
  person('p5', utc(3, 20, 10), { country: 'US', pathname: '/b' }),
  person('p6', utc(5, 9), { country: 'US', referrer: bing }),
  person('a1', utc(2, 18), { country: 'US' }),
];

beforeAll(async () => {
  db = await createTestDatabase();
  site = await insertSite(db.pool, 'filters.example');
  await foldBatch(db.pool, rawEvents, messages([hits()]));
}, 60_000);
afterAll(() => db?.drop());

const query = (start: number, end: number, tz: string, filters: unknown): Query => ({
  ...windowQuery(site, start, end, tz),
  filters: parseFilters(filters, HUMAN_DIMENSIONS),
});

const US = [{ dimension: 'country', op: 'is', value: 'US' }];

describe('retention under a filter on the sessions row, from identity_days', () => {
  it('follows each identity through its matching hits: whole visitor days by their rows, the split and mixed ones by their hits', async () => {
    const q = query(utc(2, 0), utc(6, 0), 'UTC', US);
    expect(activitySource(q, bucketStarts(q, 'day', 'UTC'), q.filters)).toBe('days');
    const expected = {
      // p1 and p3 start on Nov 2 (p3 by its 10:00 hit alone), p1 back on Nov 3; p4 (its US hit)
      // and p5 on Nov 3; p6 on Nov 5 (no cohort starts on Nov 4). p2 has no US hit.
      cohorts: [
        { cohort: '2026-11-02T00:00:00.000Z', visitors: 2, periods: [100, 50, 0, 0] },
        { cohort: '2026-11-03T00:00:00.000Z', visitors: 2, periods: [100, 0, 0] },
        { cohort: '2026-11-05T00:00:00.000Z', visitors: 1, periods: [100] },
      ],
      covered: 5,
      // US daily ids: p1 (2), p3, p4, p5, p6 identified; a1 not.
      anonymous_left_out: 1,
    };
    expect(await retention(db.pool, q, { granularity: 'day' })).toEqual(expected);
    expect(await retention(db.pool, q, { granularity: 'day' }, 'raw')).toEqual(expected);
  });

  it('counts a split visitor day by its hits inside the window: p3 from Nov 2 12:00 has only its DE hit', async () => {
    const q = query(utc(2, 12), utc(4, 0), 'UTC', US);
    expect(activitySource(q, bucketStarts(q, 'day', 'UTC'), q.filters)).toBe('days');
    const r = await retention(db.pool, q, { granularity: 'day' });
    expect(r).toEqual(await retention(db.pool, q, { granularity: 'day' }, 'raw'));
    // p1 (Nov 3 only: its Nov 2 hit is before the window), p4, p5; not p3.
    expect(r.covered).toBe(3);
  });

  it('gives the raw path’s grid for random filters on the row’s dimensions, windows, zones and periods', async () => {
    let planned = 0;
    const leaf = fc.oneof(
      fc.record({
        dimension: fc.constant('country'),
        op: fc.constantFrom('is', 'is_not'),
        value: fc.constantFrom('US', 'DE', 'FR', 'XX'),
      }),
      fc.record({
        dimension: fc.constant('source'),
        op: fc.constantFrom('is', 'is_not', 'contains'),
        value: fc.constantFrom('Google', 'Bing', 'o'),
      }),
      fc.record({ dimension: fc.constant('channel'), op: fc.constant('is'), value: fc.constant('Direct') }),
    );
    const filters = fc.oneof(
      fc.array(leaf, { minLength: 1, maxLength: 2 }),
      fc.record({ or: fc.array(leaf, { minLength: 1, maxLength: 2 }) }),
      fc.record({ not: leaf }),
    );
    const edge = fc.oneof(
      fc.integer({ min: 0, max: 5 }).map((d) => utc(1, 0) + d * 86_400_000),
      fc.integer({ min: 0, max: 5 * 24 * 60 }).map((m) => utc(1, 0) + m * 60_000),
    );
    await fc.assert(
      fc.asyncProperty(
        filters,
        fc.constantFrom('UTC', 'America/New_York'),
        fc.constantFrom('day' as const, 'week' as const),
        edge,
        edge,
        async (f, tz, granularity, a, b) => {
          fc.pre(a !== b);
          const [start, end] = [Math.min(a, b), Math.max(a, b)];
          // Windows from local midnights too, as the dashboard sends them.
          const local = DateTime.fromMillis(start, { zone: tz }).startOf('day').toMillis();
          const q = query(tz === 'UTC' ? start : local, end, tz, f);
          const raw = await retention(db.pool, q, { granularity }, 'raw');
          expect(await retention(db.pool, q, { granularity })).toEqual(raw);
          if (activitySource(q, bucketStarts(q, granularity, tz), q.filters) === 'days') planned++;
        },
      ),
      { numRuns: 80, seed: 26 },
    );
    expect(planned).toBeGreaterThan(30);
  });
});
