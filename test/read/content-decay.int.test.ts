import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCoverageProjection } from '../../projections/agent-coverage/projection.js';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { citationGapProjection } from '../../projections/citation-gap/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { contentDecay, type DecaySettings } from '../../src/read/content/decay.js';
import { EMPTY_FILTERS, type FilterTree } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import type { StreamEvent } from '../../streams/events.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, hit, MIN, T0, UA } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * Two designed hours: the previous window 09:00–10:00 and the window 10:00–11:00 (T0), with
 * DECAY_DROP_PERCENT=50 and DECAY_MIN_PAGEVIEWS=4. Pageviews before → now, agent fetches before → now:
 *   /left         6 → 2 (−66.7 %), fetches 2 → 3   listed: people left, agents grew
 *   /held         4 → 1 (−75 %),   fetches 2 → 2   listed: agents held
 *   /agents-left  6 → 1,           fetches 3 → 1   not listed: agents left too
 *   /half         4 → 2 (−50 %),   fetches 1 → 1   not listed: a fall of exactly 50 % is not more than 50 %
 *   /few          3 → 0,           fetches 0 → 1   not listed: fewer than 4 pageviews before
 *   /no-agents    5 → 0,           no fetches      not listed: no agent reads it now
 *   /grew         2 → 4,           fetches 1 → 2   not listed: people came back
 */
const HOUR = 3_600_000;
const PAGES: [string, number, number, number, number][] = [
  ['/left', 6, 2, 2, 3],
  ['/held', 4, 1, 2, 2],
  ['/agents-left', 6, 1, 3, 1],
  ['/half', 4, 2, 1, 1],
  ['/few', 3, 0, 0, 1],
  ['/no-agents', 5, 0, 0, 0],
  ['/grew', 2, 4, 1, 2],
];

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { DECAY_DROP_PERCENT: '50', DECAY_MIN_PAGEVIEWS: '4' } });
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'decay.example', timezone: 'UTC' })).id;
  const events: StreamEvent[] = [];
  for (const [pathname, viewsBefore, viewsNow, fetchesBefore, fetchesNow] of PAGES)
    for (const [start, views, fetches] of [
      [T0 - HOUR, viewsBefore, fetchesBefore],
      [T0, viewsNow, fetchesNow],
    ] as const) {
      for (let i = 0; i < views; i++)
        events.push(hit({ site, visitor: `${pathname}-${start}-${i}`, ts: start + (i + 1) * MIN, pathname }));
      for (let i = 0; i < fetches; i++)
        // Spoofed and unknown agents count like any other.
        events.push(
          fetched({
            site,
            ts: start + (i + 1) * MIN,
            pathname,
            ...(i === 1 ? { user_agent: UA.unknown } : {}),
          }),
        );
    }
  const catalog = loadCatalog();
  const msgs = messages([events]);
  for (const p of [rawEvents, agentFetchesProjection(catalog), citationGapProjection(catalog)])
    await foldBatch(t.deps.db, p, msgs);
});
afterAll(() => t?.close());

const iso = (ms: number) => new Date(ms).toISOString();

async function read(params: Record<string, string> = {}, headers: Record<string, string> = { cookie }) {
  const qs = new URLSearchParams({ site: String(site), start: iso(T0), end: iso(T0 + HOUR), ...params });
  return app.inject({ method: 'GET', url: `/api/content/decay?${qs}`, headers });
}

async function data(params: Record<string, string> = {}) {
  const res = await read(params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function refused(params: Record<string, string>, field: string) {
  const res = await read(params);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error).toMatchObject({ code: 'validation_error', field });
}

const LEFT = {
  pathname: '/left',
  pageviews: 2,
  pageviews_before: 6,
  pageviews_change: -66.7,
  fetches: 3,
  fetches_before: 2,
  fetches_change: 50,
};
const HELD = {
  pathname: '/held',
  pageviews: 1,
  pageviews_before: 4,
  pageviews_change: -75,
  fetches: 2,
  fetches_before: 2,
  fetches_change: 0,
};

const DEFAULTS: DecaySettings = { dropPercent: 50, minPageviews: 4 };
const PAGE_ONE = { limit: 100, page: 1 };

describe('GET /api/content/decay', () => {
  it('lists pages people left while agents held or grew, with both windows, by pageviews lost', async () => {
    const res = await read();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([LEFT, HELD]);
    expect(res.json().meta).toMatchObject({ rows: 2, query: { audience: 'all', compare: 'none' } });
  });

  it('compares with the previous window whether or not compare=previous is given', async () => {
    const res = await read({ compare: 'previous' });
    expect(res.json().data).toEqual([LEFT, HELD]);
    expect(res.json().meta.query.comparison).toEqual({ start: iso(T0 - HOUR), end: iso(T0) });
  });

  it('respects the thresholds: the drop percent strictly, the minimum pageviews before', async () => {
    const q = query();
    // At 40 %, /half's fall of 50 % counts; ties on pageviews lost (/held 3) rank by the fall.
    expect(await contentDecay(t.deps.db, q, PAGE_ONE, { ...DEFAULTS, dropPercent: 40 })).toEqual([
      LEFT,
      HELD,
      {
        pathname: '/half',
        pageviews: 2,
        pageviews_before: 4,
        pageviews_change: -50,
        fetches: 1,
        fetches_before: 1,
        fetches_change: 0,
      },
    ]);
    // With 3 pageviews enough, /few (3 → 0, −100 %) ranks before /held (4 → 1, −75 %), both 3 lost;
    // its fetches grew from 0, a change that cannot be computed (absent).
    expect(await contentDecay(t.deps.db, q, PAGE_ONE, { ...DEFAULTS, minPageviews: 3 })).toEqual([
      LEFT,
      {
        pathname: '/few',
        pageviews: 0,
        pageviews_before: 3,
        pageviews_change: -100,
        fetches: 1,
        fetches_before: 0,
      },
      HELD,
    ]);
    expect(await contentDecay(t.deps.db, q, PAGE_ONE, { ...DEFAULTS, dropPercent: 70 })).toEqual([HELD]);
  });

  it('gives the same rows with fetches from the rollups and the raw tables', async () => {
    for (const filters of FILTERS) {
      const q = query(filters);
      const rollup = await contentDecay(t.deps.db, q, PAGE_ONE, DEFAULTS, 'rollup');
      expect(await contentDecay(t.deps.db, q, PAGE_ONE, DEFAULTS, 'raw')).toEqual(rollup);
    }
    // A second off the minute reads raw fetches through HTTP, with the same figures.
    expect(await data({ start: iso(T0 + 1000) })).toEqual([LEFT, HELD]);
  });

  it('filters pages and fetches alike, and pages', async () => {
    const held = JSON.stringify([{ dimension: 'pathname', op: 'starts_with', value: '/h' }]);
    expect(await data({ filters: held })).toEqual([HELD]);
    expect(await data({ limit: '1', page: '2' })).toEqual([HELD]);
  });

  it('refuses a year-ago comparison, other audiences and bad parameters with the field named', async () => {
    await refused({ compare: 'year' }, 'compare');
    await refused({ audience: 'human' }, 'audience');
    await refused({ audience: 'agent' }, 'audience');
    await refused({ limit: '0' }, 'limit');
    await refused({ page: '0' }, 'page');
    await refused(
      { filters: JSON.stringify([{ dimension: 'agent_id', op: 'is', value: 'gptbot' }]) },
      'filters',
    );
  });

  it('answers an API key of the site, 401 without a credential and 403 for another user', async () => {
    const { key } = await createKey(app, cookie, site);
    expect((await read({}, { authorization: `Bearer ${key}` })).statusCode).toBe(200);
    expect((await read({}, {})).statusCode).toBe(401);
    const other = await signUp(app);
    expect((await read({}, { cookie: other.cookie })).statusCode).toBe(403);
  });
});

const FILTERS: FilterTree[] = [
  EMPTY_FILTERS,
  { and: [{ dimension: 'pathname', op: 'starts_with', value: '/l' }] },
  {
    or: [
      { dimension: 'pathname', op: 'is', value: '/held' },
      { dimension: 'pathname', op: 'ends_with', value: 'few' },
    ],
  },
];

function query(filters: FilterTree = EMPTY_FILTERS): Query {
  return {
    site,
    tz: 'UTC',
    audience: 'all',
    start: new Date(T0),
    end: new Date(T0 + HOUR),
    compare: 'none',
    comparison: null,
    granularity: 'minute',
    filters,
  };
}

/*
 * The same pages over whole UTC days: the previous window D0–D2 and the window D2–D4, each
 * window's pageviews and fetches spread over its two days, plus a day of history before (D−3) and
 * one after (D5) that neither window holds. The per-day tables answer it (decayFromDays).
 */
describe('content decay over whole UTC days', () => {
  const DAY = 24 * HOUR;
  const D0 = Math.floor(T0 / DAY) * DAY + 10 * DAY;
  let days: number;

  beforeAll(async () => {
    days = (await createSite(app, cookie, { domain: 'decay-days.example', timezone: 'UTC' })).id;
    const events: StreamEvent[] = [];
    const spread = (pathname: string, first: number, views: number, fetches: number) => {
      for (let i = 0; i < views; i++)
        events.push(
          hit({
            site: days,
            visitor: `${pathname}-${first}-${i}`,
            ts: first + (i % 2) * DAY + i * MIN,
            pathname,
          }),
        );
      for (let i = 0; i < fetches; i++)
        events.push(fetched({ site: days, ts: first + (i % 2) * DAY + i * MIN + 30_000, pathname }));
    };
    for (const [pathname, viewsBefore, viewsNow, fetchesBefore, fetchesNow] of PAGES) {
      spread(pathname, D0 - 3 * DAY, 5, 5);
      spread(pathname, D0, viewsBefore, fetchesBefore);
      spread(pathname, D0 + 2 * DAY, viewsNow, fetchesNow);
      spread(pathname, D0 + 5 * DAY, 7, 1);
    }
    events.sort((a, b) => a.ts - b.ts);
    const catalog = loadCatalog();
    const msgs = messages([events.slice(0, 40), events.slice(40, 90), events.slice(90)], 100);
    for (const p of [
      rawEvents,
      agentFetchesProjection(catalog),
      agentCoverageProjection(catalog),
      citationGapProjection(catalog),
    ])
      for (const m of msgs) await foldBatch(t.deps.db, p, [m]);
  });

  const q = (filters: FilterTree = EMPTY_FILTERS): Query => ({
    ...query(filters),
    site: days,
    start: new Date(D0 + 2 * DAY),
    end: new Date(D0 + 4 * DAY),
  });

  it('lists the same pages, with the same figures, as the raw tables', async () => {
    expect(await contentDecay(t.deps.db, q(), PAGE_ONE, DEFAULTS)).toEqual([LEFT, HELD]);
    for (const filters of FILTERS)
      for (const s of [
        DEFAULTS,
        { ...DEFAULTS, dropPercent: 40 },
        { ...DEFAULTS, minPageviews: 3 },
        { dropPercent: 0, minPageviews: 1 },
      ])
        for (const p of [PAGE_ONE, { limit: 1, page: 2 }]) {
          const raw = await contentDecay(t.deps.db, q(filters), p, s, 'raw');
          expect(await contentDecay(t.deps.db, q(filters), p, s, 'rollup')).toEqual(raw);
          expect(await contentDecay(t.deps.db, q(filters), p, s)).toEqual(raw);
        }
  });

  it('reads people’s pageviews from the per-day table, not from the hits', async () => {
    const client = await t.deps.db.connect();
    try {
      await client.query('BEGIN');
      await client.query('UPDATE url_pageview_day SET pageviews_through = 0 WHERE site_id = $1', [days]);
      expect(await contentDecay(client, q(), PAGE_ONE, DEFAULTS)).toEqual([]);
      expect(await contentDecay(client, q(), PAGE_ONE, DEFAULTS, 'raw')).toEqual([LEFT, HELD]);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
