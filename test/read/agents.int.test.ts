import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { agentRollupMinuteProjection } from '../../projections/agent-rollup-minute/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { StreamEvent } from '../../streams/events.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, MIN, OPENAI_RANGE, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * Two designed hours from T0 (10:00 UTC) of seven crawlers, fetches per hour:
 *   GPTBot 4/2 (the first two from OpenAI's ranges), CCBot 3/2, bingbot 2/2, Googlebot 1/2,
 *   Amazonbot 2/0, Bytespider 1/0, PerplexityBot 0/1 (status 404 for the latter two).
 * The top five by fetches get series of their own; Bytespider and PerplexityBot are `other`.
 */
const HOUR = 3_600_000;
const CRAWL: [string, number, number][] = [
  ['GPTBot/1.2', 4, 2],
  ['CCBot/2.0', 3, 2],
  ['bingbot/2.0', 2, 2],
  ['Googlebot/2.1', 1, 2],
  ['Amazonbot/0.1', 2, 0],
  ['Bytespider', 1, 0],
  ['PerplexityBot/1.0', 0, 1],
];

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'crawled.example', timezone: 'UTC' })).id;
  const events: StreamEvent[] = [];
  for (const [ua, first, second] of CRAWL)
    for (const [hour, n] of [
      [0, first],
      [1, second],
    ] as const)
      for (let i = 0; i < n; i++)
        events.push(
          fetched({
            site,
            ts: T0 + hour * HOUR + (i + 1) * MIN,
            user_agent: `Mozilla/5.0 (compatible; ${ua})`,
            pathname: `/p${i}`,
            ...(ua.startsWith('GPTBot') && hour === 0 && i < 2 ? { ranges: [OPENAI_RANGE] } : {}),
            ...(ua.startsWith('Bytespider') || ua.startsWith('Perplexity') ? { status: 404 } : {}),
          }),
        );
  const catalog = loadCatalog();
  const msgs = messages([events]);
  for (const p of [agentFetchesProjection(catalog), agentRollupMinuteProjection(catalog)])
    await foldBatch(t.deps.db, p, msgs);
});
afterAll(() => t?.close());

const iso = (ms: number) => new Date(ms).toISOString();

async function read(path: string, params: Record<string, string> = {}) {
  const qs = new URLSearchParams({
    site: String(site),
    start: iso(T0),
    end: iso(T0 + 2 * HOUR),
    granularity: 'hour',
    ...params,
  });
  return app.inject({ method: 'GET', url: `/api/agents/${path}?${qs}`, headers: { cookie } });
}

async function data(path: string, params: Record<string, string> = {}) {
  const res = await read(path, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('/api/agents reads', () => {
  it('answers the agent readership without audience=agent, and the same figures as /api/stats with it', async () => {
    const body = await data('overview');
    expect(body.meta.query.audience).toBe('agent');
    expect(body.data).toMatchObject({ fetches: 22, agents: 7, verified_share: 9.1, bytes: 22_000 });
    expect(body.data.purposes).toEqual([
      { value: 'training', fetches: 14, bytes: 14_000, share: 63.6 },
      { value: 'search', fetches: 8, bytes: 8000, share: 36.4 },
    ]);
    const qs = new URLSearchParams({
      site: String(site),
      start: iso(T0),
      end: iso(T0 + 2 * HOUR),
      audience: 'agent',
    });
    const stats = await app.inject({ method: 'GET', url: `/api/stats/overview?${qs}`, headers: { cookie } });
    expect(stats.json().data).toEqual(body.data);
  });

  it('ranks by the five dimensions of §2.2 and refuses any other', async () => {
    expect((await data('breakdown', { dimension: 'status' })).data).toEqual([
      { value: 200, fetches: 20, bytes: 20_000, share: 90.9 },
      { value: 404, fetches: 2, bytes: 2000, share: 9.1 },
    ]);
    const operators = (await data('breakdown', { dimension: 'operator', limit: '2' })).data;
    expect(operators.map((r: { value: string }) => r.value)).toEqual(['openai', 'common-crawl']);
    for (const dimension of ['country', 'verified', 'browser']) {
      const res = await read('breakdown', { dimension });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'dimension' });
    }
  });

  it('gives the crawl volume per bucket, per top agent, and the rest as other', async () => {
    const d = (await data('timeseries')).data;
    expect(d.series).toEqual([
      { t: iso(T0), value: 13 },
      { t: iso(T0 + HOUR), value: 9 },
    ]);
    expect(
      d.agents.map((a: { agent_id: string; series: { value: number }[] }) => [
        a.agent_id,
        a.series.map((p) => p.value),
      ]),
    ).toEqual([
      ['gptbot', [4, 2]],
      ['ccbot', [3, 2]],
      ['bingbot', [2, 2]],
      ['googlebot', [1, 2]],
      ['amazonbot', [2, 0]],
      ['other', [1, 1]],
    ]);
    const agents = (await data('timeseries', { metric: 'agents', compare: 'previous' })).data;
    expect(agents.series.map((p: { value: number }) => p.value)).toEqual([6, 5]);
    expect(agents.comparison.map((p: { value: number }) => p.value)).toEqual([0, 0]);
  });

  it('filters every read on agent dimensions', async () => {
    const filters = JSON.stringify([{ dimension: 'status', op: 'is', value: 404 }]);
    expect((await data('overview', { filters })).data).toMatchObject({ fetches: 2, agents: 2 });
    const series = (await data('timeseries', { filters })).data;
    expect(series.agents.map((a: { agent_id: string }) => a.agent_id)).toEqual([
      'bytespider',
      'perplexitybot',
    ]);
  });

  it('refuses the human readership, and people-only dimensions in filters', async () => {
    const human = await read('overview', { audience: 'human' });
    expect(human.statusCode).toBe(400);
    expect(human.json().error).toMatchObject({ code: 'validation_error', field: 'audience' });
    const channel = await read('overview', {
      filters: JSON.stringify([{ dimension: 'channel', op: 'is', value: 'direct' }]),
    });
    expect(channel.json().error).toMatchObject({ code: 'validation_error', field: 'filters' });
  });
});
