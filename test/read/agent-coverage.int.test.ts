import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCoverageProjection } from '../../projections/agent-coverage/projection.js';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { agentCoverage } from '../../src/read/agents/coverage.js';
import { coverageSourceFor, crawlSpan } from '../../src/read/agents/coverage-source.js';
import { EMPTY_FILTERS, type FilterTree } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, MIN, OPENAI_RANGE, T0, UA } from '../support/events.js';
import { messages } from '../support/projection-spec.js';
import type { FetchRecorded } from '../../streams/events.js';

/*
 * A designed crawl of four URLs from T0 (10:00 UTC), fetch by fetch:
 *   /a  GPTBot from OpenAI's ranges 10:05, a spoofed GPTBot 10:20, ClaudeBot 10:40
 *   /b  GPTBot from OpenAI's ranges 10:10, a spoofed GPTBot 11:15
 *   /c  an unknown agent 10:30, ClaudeBot 10:50
 *   /d  ChatGPT-User from OpenAI's ranges 11:30 (404, from US / AS 8075)
 * and one GPTBot fetch of /a on another site. [10:00, 12:00) holds the whole crawl (the coverage
 * projections answer it); [10:00, 11:00) ends before it does (agent_fetches answers it).
 */
const HOUR = 3_600_000;
const at = (m: number) => T0 + m * MIN;
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;
let other: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'covered.example', timezone: 'UTC' })).id;
  other = (await createSite(app, cookie, { domain: 'elsewhere.example', timezone: 'UTC' })).id;
  const crawl = [
    fetched({ site, ts: at(5), pathname: '/a', ranges: [OPENAI_RANGE] }),
    fetched({ site, ts: at(20), pathname: '/a' }),
    fetched({ site, ts: at(40), pathname: '/a', user_agent: UA.claudebot }),
    fetched({ site, ts: at(10), pathname: '/b', ranges: [OPENAI_RANGE] }),
    fetched({ site, ts: at(75), pathname: '/b' }),
    fetched({ site, ts: at(30), pathname: '/c', user_agent: UA.unknown }),
    fetched({ site, ts: at(50), pathname: '/c', user_agent: UA.claudebot }),
    fetched({
      site,
      ts: at(90),
      pathname: '/d',
      user_agent: UA.chatgptUser,
      ranges: [OPENAI_RANGE],
      status: 404,
      country: 'US',
      asn: 8075,
    }),
    fetched({ site: other, ts: at(0), pathname: '/a' }),
  ];
  const catalog = loadCatalog();
  const msgs = messages([crawl.slice(0, 4), crawl.slice(4)]);
  for (const p of [agentFetchesProjection(catalog), agentCoverageProjection(catalog)])
    await foldBatch(t.deps.db, p, msgs);
});
afterAll(() => t?.close());

const WHOLE = { start: iso(T0), end: iso(T0 + 2 * HOUR) };
const FIRST_HOUR = { start: iso(T0), end: iso(T0 + HOUR) };

function read(params: Record<string, string>, headers: Record<string, string> = { cookie }) {
  const qs = new URLSearchParams({ site: String(site), ...WHOLE, ...params });
  return app.inject({ method: 'GET', url: `/api/agents/coverage?${qs}`, headers });
}

async function rows(params: Record<string, string> = {}) {
  const res = await read(params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const paths = (data: { pathname: string }[]) => data.map((r) => r.pathname);
const filters = (f: unknown[]) => JSON.stringify(f);

const query = (w: { start: string; end: string }, tree: FilterTree = EMPTY_FILTERS): Query => ({
  site,
  tz: 'UTC',
  audience: 'agent',
  start: new Date(w.start),
  end: new Date(w.end),
  compare: 'none',
  comparison: null,
  granularity: 'hour',
  filters: tree,
});

describe('/api/agents/coverage', () => {
  it('gives each URL its first and last crawl, freshness gap at the window end, agents and fetches, stalest first', async () => {
    const res = await read({});
    expect(res.json().meta).toMatchObject({ rows: 4, query: { audience: 'agent' } });
    expect(res.json().data).toEqual([
      {
        pathname: '/a',
        first_crawl: iso(at(5)),
        last_crawl: iso(at(40)),
        freshness_gap: 4800,
        fetches: 3,
        // The spoofed GPTBot fetch counts as a fetch and for GPTBot, never as verified.
        verified_fetches: 1,
        agents: 2,
        agent_ids: ['gptbot', 'claudebot'],
      },
      {
        pathname: '/c',
        first_crawl: iso(at(30)),
        last_crawl: iso(at(50)),
        freshness_gap: 4200,
        fetches: 2,
        verified_fetches: 0,
        agents: 2,
        agent_ids: ['claudebot', 'unknown'],
      },
      {
        pathname: '/b',
        first_crawl: iso(at(10)),
        last_crawl: iso(at(75)),
        freshness_gap: 2700,
        fetches: 2,
        verified_fetches: 1,
        agents: 1,
        agent_ids: ['gptbot'],
      },
      {
        pathname: '/d',
        first_crawl: iso(at(90)),
        last_crawl: iso(at(90)),
        freshness_gap: 1800,
        fetches: 1,
        verified_fetches: 1,
        agents: 1,
        agent_ids: ['chatgpt-user'],
      },
    ]);
  });

  it('bounds first crawl, last crawl, fetches and agents by a window that ends mid-crawl', async () => {
    expect(await rows(FIRST_HOUR)).toEqual([
      {
        pathname: '/b',
        first_crawl: iso(at(10)),
        last_crawl: iso(at(10)),
        freshness_gap: 3000,
        fetches: 1,
        verified_fetches: 1,
        agents: 1,
        agent_ids: ['gptbot'],
      },
      {
        pathname: '/a',
        first_crawl: iso(at(5)),
        last_crawl: iso(at(40)),
        freshness_gap: 1200,
        fetches: 3,
        verified_fetches: 1,
        agents: 2,
        agent_ids: ['gptbot', 'claudebot'],
      },
      {
        pathname: '/c',
        first_crawl: iso(at(30)),
        last_crawl: iso(at(50)),
        freshness_gap: 600,
        fetches: 2,
        verified_fetches: 0,
        agents: 2,
        agent_ids: ['claudebot', 'unknown'],
      },
    ]);
  });

  it('measures the freshness gap from now when the window ends later', async () => {
    const before = Date.now();
    const [d] = (await rows({ sort: 'recent', end: iso(before + 24 * HOUR) })) as { freshness_gap: number }[];
    const after = Date.now();
    expect(d!.freshness_gap).toBeGreaterThanOrEqual(Math.floor((before - at(90)) / 1000));
    expect(d!.freshness_gap).toBeLessThanOrEqual(Math.floor((after - at(90)) / 1000));
  });

  it('sorts by stalest (default), most recent or most fetches, and pages', async () => {
    expect(paths(await rows({ sort: 'stalest' }))).toEqual(['/a', '/c', '/b', '/d']);
    expect(paths(await rows({ sort: 'recent' }))).toEqual(['/d', '/b', '/c', '/a']);
    // /b and /c tie on fetches: the more recently crawled first.
    expect(paths(await rows({ sort: 'fetches' }))).toEqual(['/a', '/b', '/c', '/d']);
    expect(paths(await rows({ limit: '2', page: '2' }))).toEqual(['/b', '/d']);
    expect(await rows({ limit: '2', page: '3' })).toEqual([]);
  });

  it('filters on agent dimensions, counting spoofed agents as unverified fetches', async () => {
    const unverified = await rows({ filters: filters([{ dimension: 'verified', op: 'is', value: false }]) });
    expect(unverified.map((r: Record<string, unknown>) => [r.pathname, r.fetches, r.agent_ids])).toEqual([
      ['/a', 2, ['claudebot', 'gptbot']],
      ['/c', 2, ['claudebot', 'unknown']],
      ['/b', 1, ['gptbot']],
    ]);
    expect(unverified[0]).toMatchObject({
      first_crawl: iso(at(20)),
      last_crawl: iso(at(40)),
      verified_fetches: 0,
    });
    const gptbot = await rows({ filters: filters([{ dimension: 'agent_id', op: 'is', value: 'gptbot' }]) });
    expect(
      gptbot.map((r: Record<string, unknown>) => [r.pathname, r.first_crawl, r.last_crawl, r.fetches]),
    ).toEqual([
      ['/a', iso(at(5)), iso(at(20)), 2],
      ['/b', iso(at(10)), iso(at(75)), 2],
    ]);
    const one = (dimension: string, op: string, value: unknown) =>
      rows({ filters: filters([{ dimension, op, value }]) }).then(paths);
    expect(await one('operator', 'is', 'anthropic')).toEqual(['/a', '/c']);
    expect(await one('purpose', 'is', 'user_action')).toEqual(['/d']);
    expect(await one('status', 'is', 404)).toEqual(['/d']);
    expect(await one('country', 'is', 'US')).toEqual(['/d']);
    expect(await one('asn', 'is', 8075)).toEqual(['/d']);
    expect(await one('pathname', 'is_not', '/a')).toEqual(['/c', '/b', '/d']);
  });

  it('answers from the coverage projections when the window holds the whole crawl, with the raw figures', async () => {
    const span = await crawlSpan(t.deps.db, site);
    expect(span).toEqual({ first: new Date(at(5)), last: new Date(at(90)) });
    const all = { start: iso(0), end: iso(Date.now()) };
    const trees: FilterTree[] = [
      EMPTY_FILTERS,
      { and: [{ dimension: 'agent_id', op: 'is_not', value: 'claudebot' }] },
      {
        or: [
          { dimension: 'pathname', op: 'starts_with', value: '/b' },
          { dimension: 'agent_id', op: 'is', value: 'unknown' },
        ],
      },
      { and: [{ dimension: 'pathname', op: 'matches', value: '^/[ad]$' }] },
    ];
    for (const w of [WHOLE, all])
      for (const tree of trees) {
        const q = query(w, tree);
        expect(coverageSourceFor(q, tree, span)).toBe('projection');
        for (const sort of ['stalest', 'recent', 'fetches'] as const) {
          const p = { sort, limit: 100, page: 1 };
          const projected = await agentCoverage(t.deps.db, q, p, { source: 'projection' });
          expect(projected.length).toBeGreaterThan(0);
          expect(projected).toEqual(await agentCoverage(t.deps.db, q, p, { source: 'raw' }));
        }
      }
    expect(coverageSourceFor(query(FIRST_HOUR), EMPTY_FILTERS, span)).toBe('raw');
    const verified = { and: [{ dimension: 'verified', op: 'is', value: true }] } as FilterTree;
    expect(coverageSourceFor(query(WHOLE, verified), verified, span)).toBe('raw');
  });

  it('answers only the agent readership, and names the parameter it refuses', async () => {
    for (const [params, field] of [
      [{ audience: 'human' }, 'audience'],
      [{ audience: 'all' }, 'audience'],
      [{ sort: 'oldest' }, 'sort'],
      // One window: there is no other one to set beside it.
      [{ compare: 'previous' }, 'compare'],
      [{ limit: '10001' }, 'limit'],
      [{ page: '0' }, 'page'],
      [{ filters: filters([{ dimension: 'browser', op: 'is', value: 'Chrome' }]) }, 'filters'],
    ] as const) {
      const res = await read(params);
      expect(res.statusCode, JSON.stringify(params)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    }
  });

  it('takes the site’s API key or its owner’s session; anything else is 401 or 403', async () => {
    expect((await read({}, {})).statusCode).toBe(401);
    expect((await read({}, { authorization: 'Bearer tf_not-a-key' })).statusCode).toBe(401);
    const { key } = await createKey(app, cookie, site);
    const keyed = await read({}, { authorization: `Bearer ${key}` });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.json().data).toHaveLength(4);
    const otherKey = (await createKey(app, cookie, other)).key;
    expect((await read({}, { authorization: `Bearer ${otherKey}` })).statusCode).toBe(403);
    const stranger = await signUp(app);
    expect((await read({}, { cookie: stranger.cookie })).statusCode).toBe(403);
  });
});

/*
 * A crawl over five UTC days (D0 = T0's day) of six URLs by four agents, verified and spoofed,
 * with two URLs last crawled at the same instant (the tie-break by path must hold at a page's
 * edge), read over windows of whole UTC days: the per-day tables answer them.
 */
describe('/api/agents/coverage over whole UTC days', () => {
  const DAY = 24 * HOUR;
  const D0 = Math.floor(T0 / DAY) * DAY;
  let days: number;
  const d = (n: number, hours = 0) => D0 + n * DAY + hours * HOUR;

  beforeAll(async () => {
    days = (await createSite(app, cookie, { domain: 'days.example', timezone: 'UTC' })).id;
    const f = (ts: number, pathname: string, over: Partial<FetchRecorded> = {}) =>
      fetched({ site: days, ts, pathname, ...over });
    const crawl = [
      f(d(0, 1), '/a', { ranges: [OPENAI_RANGE] }),
      f(d(0, 2), '/b', { user_agent: UA.claudebot }),
      f(d(0, 3), '/c'),
      f(d(1, 4), '/a', { user_agent: UA.claudebot }),
      f(d(1, 4), '/d', { user_agent: UA.unknown }),
      f(d(1, 5), '/b', { ranges: [OPENAI_RANGE] }),
      // /c and /e last crawled at the same instant on D2.
      f(d(2, 6), '/c', { user_agent: UA.chatgptUser, ranges: [OPENAI_RANGE] }),
      f(d(2, 6), '/e', { user_agent: UA.claudebot }),
      f(d(2, 7), '/a'),
      f(d(3, 0), '/f'),
      f(d(3, 8), '/b', { user_agent: UA.claudebot }),
      f(d(3, 9), '/a', { ranges: [OPENAI_RANGE] }),
      f(d(4, 23) + 59 * MIN, '/d'),
      f(d(4, 10), '/e', { user_agent: UA.unknown }),
    ];
    const catalog = loadCatalog();
    const msgs = messages([crawl.slice(0, 5), crawl.slice(5, 9), crawl.slice(9)], 10);
    for (const p of [agentFetchesProjection(catalog), agentCoverageProjection(catalog)])
      await foldBatch(t.deps.db, p, msgs);
  });

  const q = (from: number, to: number, tree: FilterTree = EMPTY_FILTERS): Query => ({
    ...query({ start: iso(d(from)), end: iso(d(to)) }, tree),
    site: days,
  });

  it('answers them from the per-day tables with the raw figures, whatever the sort, filter and page', async () => {
    const trees: FilterTree[] = [
      EMPTY_FILTERS,
      { and: [{ dimension: 'pathname', op: 'is_not', value: '/b' }] },
      { and: [{ dimension: 'agent_id', op: 'is', value: 'claudebot' }] },
      {
        or: [
          { dimension: 'pathname', op: 'starts_with', value: '/a' },
          { dimension: 'agent_id', op: 'is', value: 'unknown' },
        ],
      },
    ];
    const span = await crawlSpan(t.deps.db, days);
    let compared = 0;
    for (const [from, to] of [
      [1, 2],
      [1, 3],
      [2, 5],
      [0, 3],
      [3, 30],
      [-10, 2],
    ] as const)
      for (const tree of trees) {
        const w = q(from, to, tree);
        expect(coverageSourceFor(w, tree, span)).toBe('day');
        for (const sort of ['stalest', 'recent', 'fetches'] as const)
          for (const [limit, pages] of [
            [100, 1],
            [1, 4],
            [2, 3],
          ] as const)
            for (let page = 1; page <= pages; page++) {
              const p = { sort, limit, page };
              const raw = await agentCoverage(t.deps.db, w, p, { source: 'raw', now: new Date(d(40)) });
              expect(await agentCoverage(t.deps.db, w, p, { source: 'day', now: new Date(d(40)) })).toEqual(
                raw,
              );
              compared += raw.length;
            }
      }
    expect(compared).toBeGreaterThan(500);
  });

  it('gives a window of whole UTC days its own first and last crawl, fetches, verified fetches and agents', async () => {
    const rows = await agentCoverage(t.deps.db, q(1, 3), { sort: 'stalest', limit: 100, page: 1 });
    expect(
      rows.map((r) => [r.pathname, r.first_crawl, r.last_crawl, r.fetches, r.verified_fetches, r.agent_ids]),
    ).toEqual([
      ['/d', iso(d(1, 4)), iso(d(1, 4)), 1, 0, ['unknown']],
      ['/b', iso(d(1, 5)), iso(d(1, 5)), 1, 1, ['gptbot']],
      // Tied on the last crawl: by path.
      ['/c', iso(d(2, 6)), iso(d(2, 6)), 1, 1, ['chatgpt-user']],
      ['/e', iso(d(2, 6)), iso(d(2, 6)), 1, 0, ['claudebot']],
      ['/a', iso(d(1, 4)), iso(d(2, 7)), 2, 0, ['claudebot', 'gptbot']],
    ]);
  });

  it('reads agent_fetches for a window whose edges fall inside a UTC day, or a filter the days do not keep', async () => {
    const span = await crawlSpan(t.deps.db, days);
    const kolkata = { ...q(1, 3), start: new Date(d(1) - 5.5 * HOUR), end: new Date(d(3) - 5.5 * HOUR) };
    expect(coverageSourceFor(kolkata, EMPTY_FILTERS, span)).toBe('raw');
    const verified = { and: [{ dimension: 'verified', op: 'is', value: true }] } as FilterTree;
    expect(coverageSourceFor(q(1, 3, verified), verified, span)).toBe('raw');
    // A window holding the whole crawl still reads the all-time tables.
    expect(coverageSourceFor(q(-1, 6), EMPTY_FILTERS, span)).toBe('projection');
  });
});
