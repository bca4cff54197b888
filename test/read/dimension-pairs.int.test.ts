import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { countDuePairDays } from '../../src/pairs/count-due-days.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { HUMAN_DIMENSIONS, parseFilters } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { breakdown } from '../../src/read/stats/breakdown.js';
import { planDimensionRead } from '../../src/read/stats/dimension-rollup.js';
import { events } from '../../src/read/stats/events.js';
import { overview } from '../../src/read/stats/overview.js';
import { pages } from '../../src/read/stats/pages.js';
import { createGoal } from '../../src/goals/store.js';
import { goals } from '../../src/read/goals/goals.js';
import { goalSource } from '../../src/read/goals/path-visitors.js';
import { windowVisitors } from '../../src/read/goals/window-visitors.js';
import { humanTotals } from '../../src/read/stats/human-totals.js';
import { timeseries } from '../../src/read/stats/timeseries.js';
import type { HitRecorded } from '../../streams/events.js';
import { createTestDatabase, insertSitesWithIds, type TestDatabase } from '../support/database.js';
import { applyMigration } from '../support/design-stream.js';
import { PAIR_CODES } from '../../src/pairs/dimensions.js';
import { sql } from '../../src/db/sql.js';
import { pairRows } from '../../src/read/stats/dimension-pairs.js';
import { hit } from '../support/events.js';
import { messages } from '../support/projection-spec.js';
import { windowQuery } from '../support/window-query.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const D0 = Date.UTC(2026, 9, 30); // four UTC days from 2026-10-30
const SITE = 21;

let db: TestDatabase;
let seq = 1;
async function fold(hits: HitRecorded[]) {
  const groups: HitRecorded[][] = [];
  for (let i = 0; i < hits.length; i += 25) groups.push(hits.slice(i, i + 25));
  const msgs = messages(groups, seq);
  seq += msgs.length;
  for (let i = 0; i < msgs.length; i += 2) await foldBatch(db.pool, rawEvents, msgs.slice(i, i + 2));
}

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 4 });

/** A visitor id lives one UTC day, as the daily salt makes it: `<day>:<n>`. */
const hitArb = fc
  .record({
    day: fc.integer({ min: 0, max: 3 }),
    visitor: fc.integer({ min: 1, max: 12 }),
    at: fc.integer({ min: 0, max: DAY - 1 }),
    kind: fc.constantFrom('pageview', 'pageview', 'pageview', 'custom', 'engagement', 'outbound'),
    pathname: fc.constantFrom('/', '/a', '/b', '/docs/x'),
    referrer: maybe(fc.constantFrom('https://www.google.com/', 'https://news.ycombinator.com/item')),
    campaign: maybe(fc.constantFrom('spring', 'fall')),
    country: maybe(fc.constantFrom('DE', 'FR', 'IN')),
    browser: maybe(fc.constantFrom('Firefox', 'Chrome')),
    name: fc.constantFrom('Signup', 'Buy', 'identify'),
    d: maybe(fc.integer({ min: 0, max: 90_000 })),
    sc: maybe(fc.integer({ min: 0, max: 100 })),
  })
  .map((r) =>
    hit({
      site: SITE,
      visitor: `${r.day}:${r.visitor}`,
      ts: D0 + r.day * DAY + r.at,
      kind: r.kind,
      pathname: r.pathname,
      ...(r.referrer ? { referrer: r.referrer } : {}),
      ...(r.campaign ? { query: `utm_campaign=${r.campaign}` } : {}),
      ...(r.country ? { country: r.country, city: `${r.country}-city` } : {}),
      ...(r.browser ? { browser: r.browser } : {}),
      ...(r.kind === 'custom' ? { name: r.name } : {}),
      ...(r.kind === 'outbound' ? { props: { url: 'https://x.org/a' } } : {}),
      ...(r.d !== undefined && (r.kind === 'pageview' || r.kind === 'engagement') ? { d: r.d } : {}),
      ...(r.sc !== undefined && (r.kind === 'pageview' || r.kind === 'engagement') ? { sc: r.sc } : {}),
    }),
  );

const CHIPS: [string, string][] = [
  ['country', 'DE'],
  ['country', 'FR'],
  ['pathname', '/a'],
  ['browser', 'Chrome'],
  ['utm_campaign', 'spring'],
  ['source', 'Google'],
  ['channel', 'Direct'],
  ['kind', 'custom'],
  ['city', 'IN-city'],
  ['country', 'NZ'],
];
const DIMENSIONS = [
  'pathname',
  'channel',
  'source',
  'utm_campaign',
  'country',
  'city',
  'browser',
  'kind',
  'hostname',
];

const chipped = (q: Query, [dimension, value]: [string, string]): Query => ({
  ...q,
  filters: parseFilters([{ dimension, op: 'is', value }], HUMAN_DIMENSIONS),
});

/** Every breakdown and the pages of the window, planned and raw, each equal. */
async function expectEqualReads(q: Query, paging: { limit: number; page: number }) {
  for (const dimension of DIMENSIONS)
    expect(await breakdown(db.pool, q, { ...paging, dimension })).toEqual(
      await breakdown(db.pool, q, { ...paging, dimension }, 'raw'),
    );
  expect(await pages(db.pool, q, paging)).toEqual(await pages(db.pool, q, paging, 'raw'));
  for (const name of [undefined, 'Signup', 'Outbound Link: Click', 'identify'])
    expect(await events(db.pool, q, { ...paging, ...(name ? { name } : {}) })).toEqual(
      await events(db.pool, q, { ...paging, ...(name ? { name } : {}) }, 'raw'),
    );
  expect(await overview(db.pool, q)).toEqual(await overview(db.pool, q, {}, 'raw'));
  // Goals: on a directory from the pairs' prefix rows, their rate's base from the `all` rows.
  expect(await goals(db.pool, q)).toEqual(await goals(db.pool, q, {}, 'raw'));
  expect(await windowVisitors(db.pool, q, q)).toBe(
    (await humanTotals(db.pool, q.site, q, q.filters, 'raw')).visitors,
  );
  for (const metric of ['visitors', 'pageviews', 'bounce_rate', 'visit_duration'] as const)
    for (const granularity of ['day', 'hour'] as const) {
      const g = { ...q, granularity };
      expect(await timeseries(db.pool, g, { metric })).toEqual(
        await timeseries(db.pool, g, { metric }, 'raw'),
      );
    }
}

beforeAll(async () => {
  db = await createTestDatabase();
  await insertSitesWithIds(db.pool, [[SITE, 'pairs.example']]);
  for (const g of [
    { name: 'Docs', event: null, path: '/docs/*' },
    { name: 'Page a', event: null, path: '/a' },
    { name: 'Signup', event: 'Signup', path: null },
  ])
    await createGoal(db.pool, { siteId: SITE, currency: null, ...g });
  const hits = fc.sample(fc.array(hitArb, { minLength: 400, maxLength: 400 }), { seed: 7, numRuns: 1 })[0]!;
  await fold(hits.sort((a, b) => a.ts - b.ts));
});
afterAll(() => db.drop());

describe('pair rollups: one filter value, from counted days and the raw hits around them', () => {
  it('counts each UTC day an hour after it closed, newest first, and only once', async () => {
    expect(await countDuePairDays(db.pool, { now: new Date(D0 + 2 * DAY + 30 * 60_000) })).toEqual([
      expect.objectContaining({ site: SITE, day: '2026-10-30' }),
    ]);
    const counted = await countDuePairDays(db.pool, { now: new Date(D0 + 3 * DAY + HOUR) });
    expect(counted.map((c) => c.day)).toEqual(['2026-11-01', '2026-10-31']);
    expect(counted.every((c) => c.rows > 0)).toBe(true);
    expect(await countDuePairDays(db.pool, { now: new Date(D0 + 3 * DAY + HOUR) })).toEqual([]);
  });

  it('finds a chip’s rows of the dimensions a read asks for by the index alone', async () => {
    const plan = { fdim: PAIR_CODES.country, fvalue: 'DE', days: ['2026-10-30', '2026-10-31'], rest: [] };
    const c = await db.pool.connect();
    try {
      // The designed rows are few, so any scan is as cheap: only the index is left to take.
      await c.query('BEGIN');
      await c.query('SET LOCAL enable_seqscan = off');
      await c.query('SET LOCAL enable_bitmapscan = off');
      const { rows } = await c.query<{ 'QUERY PLAN': string }>(
        sql`EXPLAIN SELECT p.value FROM ${pairRows(SITE, plan, [PAIR_CODES.all, PAIR_CODES.pathname])}`,
      );
      const lines = rows.map((r) => r['QUERY PLAN']);
      // A filter value holds a row for every value of every dimension: the others stay unread.
      expect(lines.find((l) => l.includes('Index Cond'))).toMatch(/\(dim = ANY/);
      expect(lines.filter((l) => l.includes('Filter')).join('\n')).not.toMatch(/\bdim\b/);
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });

  it('equals the raw hits for random windows (any instant, UTC or not) and chips, and plans the pairs', async () => {
    const instant = fc.integer({ min: -6 * HOUR, max: 4 * DAY + 6 * HOUR }).map((n) => D0 + n);
    await fc.assert(
      fc.asyncProperty(
        instant,
        instant,
        fc.constantFrom(...CHIPS),
        fc.record({ limit: fc.constantFrom(2, 100), page: fc.integer({ min: 1, max: 2 }) }),
        async (a, b, chip, paging) => {
          fc.pre(a !== b);
          const q = chipped(windowQuery(SITE, Math.min(a, b), Math.max(a, b)), chip);
          await expectEqualReads(q, paging);
        },
      ),
      { numRuns: 40, seed: 11 },
    );
    const month = chipped(windowQuery(SITE, D0 - 5 * HOUR, D0 + 4 * DAY - 2 * HOUR, 'Asia/Kolkata'), [
      'country',
      'DE',
    ]);
    const planned = await planDimensionRead(db.pool, month, { dimension: 'browser', metrics: ['visitors'] });
    expect(planned.pairs?.days).toEqual(['2026-10-30', '2026-10-31', '2026-11-01']);
    expect(planned.pairs?.rest.map((w) => [w.start.getTime(), w.end.getTime()])).toEqual([
      [D0 - 5 * HOUR, D0],
      [D0 + 3 * DAY, D0 + 4 * DAY - 2 * HOUR],
    ]);
    await expectEqualReads(month, { limit: 100, page: 1 });
    expect(goalSource(month, month.filters)).toBe('dimension_pairs');
    const docs = (await goals(db.pool, month)).find((g) => g.path === '/docs/*')!;
    expect(docs.visitors).toBeGreaterThan(1);
    expect(docs.conversions).toBeGreaterThan(docs.visitors);
    // Whole counted days: no raw part at all.
    for (const chip of CHIPS) {
      const days = chipped(windowQuery(SITE, D0, D0 + 3 * DAY), chip);
      const whole = await planDimensionRead(db.pool, days, { dimension: 'browser', metrics: ['visitors'] });
      expect(whole.pairs?.rest).toEqual([]);
      await expectEqualReads(days, { limit: 100, page: 1 });
      // Nor a raw branch in the statements, whose plans would cost what their scans estimate.
      const texts: string[] = [];
      const recording = {
        query: (q: { text: string }, ...rest: unknown[]) => {
          texts.push(q.text);
          return (db.pool.query as (...a: unknown[]) => Promise<unknown>)(q, ...rest);
        },
      } as unknown as typeof db.pool;
      await pages(recording, days, { limit: 100, page: 1 });
      await breakdown(recording, days, { limit: 100, page: 1, dimension: 'browser' });
      // Events under a kind filter read the raw hits (its own rows are not kept).
      if (chip[0] !== 'kind') await events(recording, days, { limit: 100, page: 1 });
      expect(texts.filter((t) => t.includes('dimension_pairs p'))).toHaveLength(chip[0] === 'kind' ? 2 : 3);
      expect(texts.filter((t) => /\b(events|sessions) [es]\b/.test(t))).toEqual([]);
    }
    // The design reaches every figure.
    const listed = await pages(db.pool, month, { limit: 100, page: 1 });
    expect(listed.some((r) => r.entries > 0 && r.exits > 0 && r.scroll_depth !== undefined)).toBe(true);
  }, 120_000);

  it('reads the raw hits for more than one filter, another operator, a list, or events under a kind filter', async () => {
    const q = windowQuery(SITE, D0, D0 + 3 * DAY);
    const plan = (filters: unknown) =>
      planDimensionRead(
        db.pool,
        { ...q, filters: parseFilters(filters, HUMAN_DIMENSIONS) },
        { dimension: 'country', metrics: ['visitors'] },
      );
    expect((await plan([{ dimension: 'country', op: 'is', value: 'DE' }])).pairs).toBeDefined();
    expect((await plan([{ dimension: 'country', op: 'is', value: ['DE'] }])).pairs).toBeDefined();
    for (const filters of [
      [{ dimension: 'country', op: 'is', value: ['DE', 'FR'] }],
      [{ dimension: 'country', op: 'is_not', value: 'DE' }],
      [{ dimension: 'country', op: 'contains', value: 'D' }],
      [
        { dimension: 'country', op: 'is', value: 'DE' },
        { dimension: 'browser', op: 'is', value: 'Chrome' },
      ],
      [{ dimension: 'referrer', op: 'is', value: 'https://www.google.com/' }],
    ]) {
      const planned = await plan(filters);
      expect(planned.pairs).toBeUndefined();
      expect(planned.source).toBe('raw');
    }
    // Events under a kind filter: its own rows are not kept, so the raw hits answer.
    const custom = chipped(q, ['kind', 'custom']);
    expect(
      (await planDimensionRead(db.pool, custom, { dimension: 'event', metrics: ['visitors'] })).pairs,
    ).toBeDefined();
    expect(await events(db.pool, custom, { limit: 10, page: 1 })).toEqual(
      await events(db.pool, custom, { limit: 10, page: 1 }, 'raw'),
    );
  });

  it('withdraws a counted day when a late hit lands in it, reads that day raw, and counts it again', async () => {
    const day = '2026-10-31';
    const counted = async () =>
      (
        await db.pool.query<{ day: string }>(
          "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM dimension_pair_days WHERE site_id = $1 ORDER BY day",
          [SITE],
        )
      ).rows.map((r) => r.day);
    expect(await counted()).toContain(day);
    // A backfilled pageview from a new visitor in Germany, and an engagement report for it.
    const late = hit({
      site: SITE,
      visitor: '1:99',
      ts: D0 + DAY + 5 * HOUR,
      pathname: '/late',
      country: 'DE',
    });
    await fold([
      late,
      hit({
        site: SITE,
        visitor: '1:99',
        ts: D0 + DAY + 5 * HOUR + 60_000,
        kind: 'engagement',
        pathname: '/late',
        d: 4_000,
        sc: 70,
      }),
    ]);
    expect(await counted()).toEqual(['2026-10-30', '2026-11-01']);
    const q = chipped(windowQuery(SITE, D0, D0 + 3 * DAY), ['country', 'DE']);
    await expectEqualReads(q, { limit: 100, page: 1 });
    const rows = await pages(db.pool, q, { limit: 100, page: 1 });
    expect(rows.find((r) => r.pathname === '/late')).toEqual(
      expect.objectContaining({
        visitors: 1,
        pageviews: 1,
        entries: 1,
        exits: 1,
        scroll_depth: 70,
        time_on_page: 4,
      }),
    );
    expect(
      (await countDuePairDays(db.pool, { now: new Date(D0 + 4 * DAY + HOUR) })).map((c) => c.day),
    ).toEqual(['2026-11-02', day]);
    expect(await counted()).toEqual(['2026-10-30', day, '2026-11-01', '2026-11-02']);
    await expectEqualReads(q, { limit: 100, page: 1 });
    const planned = await planDimensionRead(db.pool, q, { dimension: 'pathname', metrics: ['visitors'] });
    expect(planned.pairs?.days).toEqual(['2026-10-30', day, '2026-11-01']);
    expect(await pages(db.pool, q, { limit: 100, page: 1 })).toEqual(rows);
  });

  it('counts again the days counted before the prefix rows (migration 0060), and goals on a directory stay exact', async () => {
    // Days as a count before the prefix rows left them.
    await db.pool.query('DELETE FROM dimension_pairs WHERE site_id = $1 AND dim = $2', [
      SITE,
      PAIR_CODES.prefix,
    ]);
    const q = chipped(windowQuery(SITE, D0, D0 + 3 * DAY), ['country', 'DE']);
    const docs = async () => (await goals(db.pool, q)).find((g) => g.path === '/docs/*')!;
    const raw = (await goals(db.pool, q, {}, 'raw')).find((g) => g.path === '/docs/*')!;
    expect(raw.visitors).toBeGreaterThan(0);
    expect((await docs()).visitors).toBe(0);
    await applyMigration(db.pool, '0060_pair_prefix_rows.sql');
    expect(
      (await db.pool.query('SELECT 1 FROM dimension_pair_days WHERE site_id = $1', [SITE])).rowCount,
    ).toBe(0);
    expect(await docs()).toEqual(raw);
    await countDuePairDays(db.pool, { now: new Date(D0 + 4 * DAY + HOUR) });
    expect(
      (await planDimensionRead(db.pool, q, { dimension: 'pathname', metrics: ['visitors'] })).pairs?.days,
    ).toHaveLength(3);
    expect(await docs()).toEqual(raw);
  });
});
