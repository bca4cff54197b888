import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { citationGapProjection } from '../../projections/citation-gap/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { citationGap, type CitationGapParams } from '../../src/read/citation-gap/rows.js';
import { citationGapSummary } from '../../src/read/citation-gap/summary.js';
import { EMPTY_FILTERS, type FilterTree } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import type { StreamEvent } from '../../streams/events.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, hit, MIN, OPENAI_RANGE, T0, UA } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * One designed hour from T0 (10:00 UTC), with CITATION_GAP_RATIO=3.
 * People entering from answer engines (arrivals):
 *   /gap          v1 from chatgpt.com (then also views /other, which is no arrival)
 *   /balanced     v2 from perplexity.ai (country DE), v3 tagged utm_source=chatgpt.com
 *   /not-crawled  v4 from claude.ai, v5 from chatgpt.com tagged utm_source=newsletter (source
 *                 "newsletter", credited to OpenAI by its referrer)
 *   not arrivals: v6 from Google on /gap, v7 direct on /balanced, v8 from chatgpt.com at 09:50.
 * Agent fetches:
 *   /gap          GPTBot ×2 from OpenAI's ranges, a spoofed GPTBot, ClaudeBot (4, all HTML)
 *   /balanced     PerplexityBot (country US), ChatGPT-User (2 HTML)
 *   /no-arrivals  spoofed GPTBot ×2, an unknown agent (3 HTML)
 *   /robots.txt   ClaudeBot, text/plain (1, no HTML)
 *   outside:      GPTBot on /gap at 09:30.
 * Rows: /gap 4 ÷ 1 = 4 (gap), /balanced 2 ÷ 2 = 1 (balanced), /not-crawled 0 ÷ 2 (not_crawled),
 * /no-arrivals and /robots.txt without arrivals (no_arrivals). Operators (HTML fetches ÷ arrivals):
 * OpenAI 6 ÷ 3, Anthropic 1 ÷ 1, Perplexity 1 ÷ 1, unknown 1 ÷ 0.
 */
const HOUR = 3_600_000;
const at = (m: number) => T0 + m * MIN;
const PERPLEXITY_UA = 'Mozilla/5.0 (compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)';

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { CITATION_GAP_RATIO: '3' } });
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'cited.example', timezone: 'UTC' })).id;
  const people: StreamEvent[] = [
    hit({ site, visitor: 'v1', ts: at(1), pathname: '/gap', referrer: 'https://chatgpt.com/' }),
    hit({ site, visitor: 'v1', ts: at(2), pathname: '/other' }),
    hit({
      site,
      visitor: 'v2',
      ts: at(5),
      pathname: '/balanced',
      referrer: 'https://www.perplexity.ai/search',
      country: 'DE',
    }),
    hit({ site, visitor: 'v3', ts: at(6), pathname: '/balanced', query: 'utm_source=chatgpt.com' }),
    hit({ site, visitor: 'v4', ts: at(7), pathname: '/not-crawled', referrer: 'https://claude.ai/' }),
    hit({
      site,
      visitor: 'v5',
      ts: at(8),
      pathname: '/not-crawled',
      referrer: 'https://chatgpt.com/',
      query: 'utm_source=newsletter',
    }),
    hit({ site, visitor: 'v6', ts: at(9), pathname: '/gap', referrer: 'https://www.google.com/' }),
    hit({ site, visitor: 'v7', ts: at(10), pathname: '/balanced' }),
    hit({ site, visitor: 'v8', ts: at(-10), pathname: '/gap', referrer: 'https://chatgpt.com/' }),
  ];
  const agents: StreamEvent[] = [
    fetched({ site, ts: at(-30), pathname: '/gap', ranges: [OPENAI_RANGE] }),
    fetched({ site, ts: at(3), pathname: '/gap', ranges: [OPENAI_RANGE] }),
    fetched({ site, ts: at(4), pathname: '/gap', ranges: [OPENAI_RANGE] }),
    fetched({ site, ts: at(11), pathname: '/gap' }),
    fetched({ site, ts: at(12), pathname: '/gap', user_agent: UA.claudebot }),
    fetched({ site, ts: at(15), pathname: '/balanced', user_agent: PERPLEXITY_UA, country: 'US' }),
    fetched({ site, ts: at(16), pathname: '/balanced', user_agent: UA.chatgptUser }),
    fetched({ site, ts: at(20), pathname: '/no-arrivals' }),
    fetched({ site, ts: at(21), pathname: '/no-arrivals' }),
    fetched({ site, ts: at(22), pathname: '/no-arrivals', user_agent: UA.unknown }),
    fetched({
      site,
      ts: at(30),
      pathname: '/robots.txt',
      user_agent: UA.claudebot,
      content_type: 'text/plain',
    }),
  ];
  const catalog = loadCatalog();
  const msgs = messages([people, agents]);
  for (const p of [rawEvents, agentFetchesProjection(catalog), citationGapProjection(catalog)])
    await foldBatch(t.deps.db, p, msgs);
});
afterAll(() => t?.close());

const iso = (ms: number) => new Date(ms).toISOString();

async function read(
  path: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = { cookie },
) {
  const qs = new URLSearchParams({ site: String(site), start: iso(T0), end: iso(T0 + HOUR), ...params });
  return app.inject({ method: 'GET', url: `/api/${path}?${qs}`, headers });
}

async function data(path: string, params: Record<string, string> = {}) {
  const res = await read(path, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function refused(path: string, params: Record<string, string>, field: string) {
  const res = await read(path, params);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error).toMatchObject({ code: 'validation_error', field });
}

const ROWS = [
  { pathname: '/no-arrivals', fetches: 3, html_fetches: 3, arrivals: 0, verdict: 'no_arrivals' },
  { pathname: '/robots.txt', fetches: 1, html_fetches: 0, arrivals: 0, verdict: 'no_arrivals' },
  { pathname: '/gap', fetches: 4, html_fetches: 4, arrivals: 1, ratio: 4, verdict: 'gap' },
  { pathname: '/balanced', fetches: 2, html_fetches: 2, arrivals: 2, ratio: 1, verdict: 'balanced' },
  { pathname: '/not-crawled', fetches: 0, html_fetches: 0, arrivals: 2, ratio: 0, verdict: 'not_crawled' },
];

const SUMMARY = {
  fetches: 10,
  html_fetches: 9,
  arrivals: 5,
  ratio: 2,
  urls: 5,
  not_crawled: 1,
  no_arrivals: 2,
  gap: 1,
  balanced: 1,
  operators: [
    { operator: 'openai', fetches: 6, html_fetches: 6, arrivals: 3, ratio: 2 },
    { operator: 'anthropic', fetches: 2, html_fetches: 1, arrivals: 1, ratio: 1 },
    { operator: 'perplexity', fetches: 1, html_fetches: 1, arrivals: 1, ratio: 1 },
    { operator: 'unknown', fetches: 1, html_fetches: 1, arrivals: 0 },
  ],
};

describe('GET /api/citation-gap', () => {
  it('sets each URL’s agent fetches against its answer-engine arrivals, the biggest gap first', async () => {
    const res = await read('citation-gap');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(ROWS);
    expect(res.json().meta).toMatchObject({ rows: 5, query: { audience: 'all' } });
  });

  it('leaves the ratio absent without arrivals and judges a URL no fetch reached not_crawled', async () => {
    const rows = await data('citation-gap');
    const noArrivals = rows.find((r: { pathname: string }) => r.pathname === '/no-arrivals');
    expect(noArrivals).not.toHaveProperty('ratio');
    expect(rows.find((r: { pathname: string }) => r.pathname === '/not-crawled')).toMatchObject({
      fetches: 0,
      ratio: 0,
      verdict: 'not_crawled',
    });
  });

  it('counts spoofed (unverified) GPTBot fetches like verified ones', async () => {
    // /no-arrivals is fetched only by a GPTBot outside OpenAI's ranges and an unknown agent.
    const rows = await data('citation-gap', { sort: 'fetches' });
    expect(rows.map((r: { pathname: string; fetches: number }) => [r.pathname, r.fetches])).toEqual([
      ['/gap', 4],
      ['/no-arrivals', 3],
      ['/balanced', 2],
      ['/robots.txt', 1],
      ['/not-crawled', 0],
    ]);
  });

  it('sorts by arrivals, lists one verdict and pages', async () => {
    const byArrivals = await data('citation-gap', { sort: 'arrivals' });
    expect(byArrivals.map((r: { pathname: string }) => r.pathname)).toEqual([
      '/balanced',
      '/not-crawled',
      '/gap',
      '/no-arrivals',
      '/robots.txt',
    ]);
    expect(await data('citation-gap', { verdict: 'no_arrivals' })).toEqual(ROWS.slice(0, 2));
    expect(await data('citation-gap', { limit: '2', page: '2' })).toEqual(ROWS.slice(2, 4));
  });

  it('judges by the configured ratio: a gap at 3 (CITATION_GAP_RATIO), balanced at 5', async () => {
    const q = query();
    const p: CitationGapParams = { limit: 100, page: 1, sort: 'ratio' };
    const at5 = await citationGap(t.deps.db, q, p, { gapRatio: 5 });
    expect(at5.find((r) => r.pathname === '/gap')?.verdict).toBe('balanced');
    const at1 = await citationGap(t.deps.db, q, p, { gapRatio: 1 });
    // A ratio equal to the threshold is a gap.
    expect(at1.find((r) => r.pathname === '/balanced')?.verdict).toBe('gap');
  });

  it('filters on pathname from the rollups, and on other shared dimensions by each entry pageview', async () => {
    const pathname = JSON.stringify([{ dimension: 'pathname', op: 'is', value: ['/gap', '/not-crawled'] }]);
    expect(await data('citation-gap', { filters: pathname })).toEqual([ROWS[2], ROWS[4]]);
    // v2 entered /balanced from Germany; the only German fetch is none (PerplexityBot was in the US).
    const german = JSON.stringify([{ dimension: 'country', op: 'is', value: 'DE' }]);
    expect(await data('citation-gap', { filters: german })).toEqual([
      { pathname: '/balanced', fetches: 0, html_fetches: 0, arrivals: 1, ratio: 0, verdict: 'not_crawled' },
    ]);
    const everyone = JSON.stringify([{ dimension: 'country', op: 'is_not', value: 'FR' }]);
    expect(await data('citation-gap', { filters: everyone })).toEqual(ROWS);
  });

  it('gives the same rows from the rollups and the raw tables', async () => {
    const p: CitationGapParams = { limit: 100, page: 1, sort: 'ratio' };
    for (const filters of FILTERS) {
      const q = query(filters);
      const rollup = await citationGap(t.deps.db, q, p, { gapRatio: 3 }, 'rollup');
      expect(await citationGap(t.deps.db, q, p, { gapRatio: 3 }, 'raw')).toEqual(rollup);
    }
    expect(await citationGap(t.deps.db, query(), p, { gapRatio: 3 }, 'raw')).toEqual(ROWS);
    // A second off the minute reads the raw tables through HTTP, with the same figures.
    expect(await data('citation-gap', { start: iso(T0 + 1000) })).toEqual(ROWS);
  });
});

describe('GET /api/citation-gap/summary', () => {
  it('gives site totals, URLs per verdict and the crawl-to-refer ratio per operator', async () => {
    const res = await read('citation-gap/summary');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(SUMMARY);
  });

  it('equals the sum of its rows, its operators included', async () => {
    const rows: typeof ROWS = await data('citation-gap', { limit: '10000' });
    const summary = await data('citation-gap/summary');
    const sum = (k: 'fetches' | 'html_fetches' | 'arrivals', list: Record<string, unknown>[]) =>
      list.reduce((n, r) => n + (r[k] as number), 0);
    for (const k of ['fetches', 'html_fetches', 'arrivals'] as const) {
      expect(summary[k]).toBe(sum(k, rows));
      expect(summary[k]).toBe(sum(k, summary.operators));
    }
    expect(summary.urls).toBe(rows.length);
    for (const v of ['not_crawled', 'no_arrivals', 'gap', 'balanced'])
      expect(summary[v]).toBe(rows.filter((r) => r.verdict === v).length);
  });

  it('credits each arrival to the operator behind its engine, by source, else by referrer', async () => {
    const { rows } = await t.deps.db.query(
      `SELECT pathname, source, operator, arrivals::int FROM url_arrival_minute
       WHERE site_id = $1 AND channel = 'answer_engine' AND arrivals <> 0 ORDER BY minute`,
      [site],
    );
    expect(rows).toEqual([
      { pathname: '/gap', source: 'ChatGPT', operator: 'openai', arrivals: 1 },
      { pathname: '/gap', source: 'ChatGPT', operator: 'openai', arrivals: 1 },
      { pathname: '/balanced', source: 'Perplexity', operator: 'perplexity', arrivals: 1 },
      { pathname: '/balanced', source: 'ChatGPT', operator: 'openai', arrivals: 1 },
      { pathname: '/not-crawled', source: 'Claude', operator: 'anthropic', arrivals: 1 },
      { pathname: '/not-crawled', source: 'newsletter', operator: 'openai', arrivals: 1 },
    ]);
  });

  it('is the same from the rollups and the raw tables, filtered or not', async () => {
    for (const filters of FILTERS) {
      const q = query(filters);
      const rollup = await citationGapSummary(t.deps.db, q, {}, { gapRatio: 3 }, 'rollup');
      expect(await citationGapSummary(t.deps.db, q, {}, { gapRatio: 3 }, 'raw')).toEqual(rollup);
    }
    expect(await citationGapSummary(t.deps.db, query(), {}, { gapRatio: 3 }, 'raw')).toEqual(SUMMARY);
  });

  it('leaves the ratios absent, never 0, in a window without arrivals', async () => {
    const d = await data('citation-gap/summary', { start: iso(T0 + 2 * HOUR), end: iso(T0 + 3 * HOUR) });
    expect(d).toEqual({
      fetches: 0,
      html_fetches: 0,
      arrivals: 0,
      urls: 0,
      not_crawled: 0,
      no_arrivals: 0,
      gap: 0,
      balanced: 0,
      operators: [],
    });
  });
});

describe('citation-gap parameters and access', () => {
  it.each(['citation-gap', 'citation-gap/summary'])('%s answers for audience=all only', async (path) => {
    expect((await read(path, { audience: 'all' })).statusCode).toBe(200);
    await refused(path, { audience: 'human' }, 'audience');
    await refused(path, { audience: 'agent' }, 'audience');
  });

  it.each([
    [{ sort: 'pathname' }, 'sort'],
    [{ verdict: 'huge' }, 'verdict'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '10001' }, 'limit'],
    [{ compare: 'previous' }, 'compare'],
    // Agent-only dimensions mean nothing for people's arrivals: audience=all's catalog refuses them.
    [{ filters: JSON.stringify([{ dimension: 'operator', op: 'is', value: 'openai' }]) }, 'filters'],
    [{ filters: JSON.stringify([{ dimension: 'channel', op: 'is', value: 'direct' }]) }, 'filters'],
  ])('refuses %j with a validation_error on %s', async (params, field) => {
    await refused('citation-gap', params, field);
  });

  it('refuses compare on the summary too', async () => {
    await refused('citation-gap/summary', { compare: 'year' }, 'compare');
  });

  it('answers an API key of the site, 401 without a credential and 403 for another user', async () => {
    const { key } = await createKey(app, cookie, site);
    expect((await read('citation-gap', {}, { authorization: `Bearer ${key}` })).statusCode).toBe(200);
    expect((await read('citation-gap/summary', {}, {})).statusCode).toBe(401);
    expect((await read('citation-gap', {}, { authorization: 'Bearer tf_nope' })).statusCode).toBe(401);
    const other = await signUp(app);
    expect((await read('citation-gap', {}, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await read('citation-gap/summary', {}, { cookie: other.cookie })).statusCode).toBe(403);
  });
});

const FILTERS: FilterTree[] = [
  EMPTY_FILTERS,
  { and: [{ dimension: 'pathname', op: 'starts_with', value: '/no' }] },
  { not: { dimension: 'pathname', op: 'matches', value: '^/(gap|robots)' } },
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
