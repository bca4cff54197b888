import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { agentRollupMinuteProjection } from '../../projections/agent-rollup-minute/projection.js';
import { dimensionRollup } from '../../projections/dimension-rollup/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { allRealtime } from '../../src/read/all/realtime.js';
import { agentRealtime } from '../../src/read/agents/realtime.js';
import { agentTimeseries } from '../../src/read/agents/timeseries.js';
import { EMPTY_FILTERS } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import type { StreamEvent } from '../../streams/events.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, hit, MIN, OPENAI_RANGE, T0, UA } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * One designed hour (T0 = 10:00 UTC) read by both readerships, and the hour before it:
 * people: v1 views / then /pricing, v2 views / and sends a custom event (3 pageviews);
 * agents: GPTBot from OpenAI's ranges on / and /pricing (verified), a spoofed GPTBot on /,
 * ClaudeBot on /robots.txt (text/plain), an unknown agent on / (5 fetches, 4 of HTML pages,
 * 2 verified, 4,600 bytes); the hour before: one verified GPTBot fetch of / (1,000 bytes).
 */
const HOUR = 3_600_000;
const at = (m: number) => T0 + m * MIN;

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'audience.example', timezone: 'UTC' })).id;
  const people: StreamEvent[] = [
    hit({ site, visitor: 'v1', ts: at(1) }),
    hit({ site, visitor: 'v1', ts: at(2), pathname: '/pricing' }),
    hit({ site, visitor: 'v2', ts: at(10) }),
    hit({ site, visitor: 'v2', ts: at(11), kind: 'custom', name: 'Signup' }),
  ];
  const agents: StreamEvent[] = [
    fetched({ site, ts: at(-30), ranges: [OPENAI_RANGE] }),
    fetched({ site, ts: at(5), ranges: [OPENAI_RANGE] }),
    fetched({ site, ts: at(6), pathname: '/pricing', bytes: 2000, ranges: [OPENAI_RANGE] }),
    fetched({ site, ts: at(20) }),
    fetched({
      site,
      ts: at(30),
      pathname: '/robots.txt',
      user_agent: UA.claudebot,
      bytes: 100,
      content_type: 'text/plain',
    }),
    fetched({ site, ts: at(40), user_agent: UA.unknown, bytes: 500 }),
  ];
  const catalog = loadCatalog();
  const msgs = messages([people, agents]);
  for (const p of [
    rawEvents,
    rollupMinute,
    dimensionRollup,
    agentFetchesProjection(catalog),
    agentRollupMinuteProjection(catalog),
  ])
    await foldBatch(t.deps.db, p, msgs);
});
afterAll(() => t?.close());

const iso = (ms: number) => new Date(ms).toISOString();

async function read(path: string, params: Record<string, string>) {
  const qs = new URLSearchParams({ site: String(site), start: iso(T0), end: iso(T0 + HOUR), ...params });
  return app.inject({ method: 'GET', url: `/api/stats/${path}?${qs}`, headers: { cookie } });
}

async function data(path: string, params: Record<string, string>) {
  const res = await read(path, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

async function refused(path: string, params: Record<string, string>, field: string) {
  const res = await read(path, params);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().error).toMatchObject({ code: 'validation_error', field });
}

describe('audience=agent on the core reads', () => {
  it('gives fetches, distinct agents, verified share and bytes, with operators and purposes', async () => {
    const res = await read('overview', { audience: 'agent' });
    expect(res.json().meta.query.audience).toBe('agent');
    expect(res.json().data).toEqual({
      fetches: 5,
      agents: 3,
      verified_share: 40,
      // Every verified fetch here is verified by its operator's range; none carries a signature.
      verified_by: { ip_range: 40, reverse_dns: 0, web_bot_auth: 0 },
      bytes: 4600,
      forged_signatures: 0,
      operators: [
        { value: 'openai', fetches: 3, bytes: 4000, share: 60 },
        // Ties on fetches rank by bytes.
        { value: 'unknown', fetches: 1, bytes: 500, share: 20 },
        { value: 'anthropic', fetches: 1, bytes: 100, share: 20 },
      ],
      purposes: [
        { value: 'training', fetches: 4, bytes: 4100, share: 80 },
        { value: 'other', fetches: 1, bytes: 500, share: 20 },
      ],
    });
  });

  it('compares with the previous hour', async () => {
    const d = await data('overview', { audience: 'agent', compare: 'previous' });
    expect(d.comparison).toEqual({
      fetches: 1,
      agents: 1,
      verified_share: 100,
      bytes: 1000,
      forged_signatures: 0,
    });
    expect(d.change).toEqual({ fetches: 400, agents: 200, verified_share: -60, bytes: 360 });
  });

  it('leaves verified share absent, never 0, where there are no fetches (rule 1)', async () => {
    const d = await data('overview', {
      audience: 'agent',
      start: iso(T0 + 2 * HOUR),
      end: iso(T0 + 3 * HOUR),
    });
    // A count is 0 (no forged signature), a share is absent (verified_share, verified_by).
    expect(d).toEqual({ fetches: 0, agents: 0, bytes: 0, forged_signatures: 0, operators: [], purposes: [] });
  });

  it('filters on agent dimensions', async () => {
    const verified = await data('overview', {
      audience: 'agent',
      filters: JSON.stringify([{ dimension: 'verified', op: 'is', value: true }]),
    });
    expect(verified).toMatchObject({ fetches: 2, agents: 1, verified_share: 100, bytes: 3000 });
    const html = await data('breakdown', {
      audience: 'agent',
      dimension: 'agent_id',
      filters: JSON.stringify([{ dimension: 'content_type', op: 'starts_with', value: 'text/html' }]),
    });
    expect(html).toEqual([
      { value: 'gptbot', fetches: 3, bytes: 4000, share: 75 },
      { value: 'unknown', fetches: 1, bytes: 500, share: 25 },
    ]);
  });

  it('buckets fetches, agents and verified share per hour, the same from rollups and raw fetches', async () => {
    const window = { start: iso(T0 - HOUR), end: iso(T0 + HOUR), granularity: 'hour' };
    const series = async (metric: string) =>
      (await data('timeseries', { audience: 'agent', metric, ...window })).series;
    expect(await series('fetches')).toEqual([
      { t: iso(T0 - HOUR), value: 1 },
      { t: iso(T0), value: 5 },
    ]);
    expect(await series('agents')).toEqual([
      { t: iso(T0 - HOUR), value: 1 },
      { t: iso(T0), value: 3 },
    ]);
    expect(await series('verified_share')).toEqual([
      { t: iso(T0 - HOUR), value: 100 },
      { t: iso(T0), value: 40 },
    ]);
    const q: Query = {
      site,
      tz: 'Asia/Kathmandu',
      audience: 'agent',
      start: new Date(T0 - HOUR),
      end: new Date(T0 + HOUR),
      compare: 'none',
      comparison: null,
      granularity: 'hour',
      filters: EMPTY_FILTERS,
    };
    for (const metric of ['fetches', 'agents', 'verified_share', 'bytes'] as const)
      expect(await agentTimeseries(t.deps.db, q, { metric }, 'rollup')).toEqual(
        await agentTimeseries(t.deps.db, q, { metric }, 'raw'),
      );
  });

  it('ranks pages and locations by fetches', async () => {
    expect(await data('pages', { audience: 'agent' })).toEqual([
      { pathname: '/', fetches: 3, agents: 2, verified_fetches: 1, bytes: 2500 },
      { pathname: '/pricing', fetches: 1, agents: 1, verified_fetches: 1, bytes: 2000 },
      { pathname: '/robots.txt', fetches: 1, agents: 1, verified_fetches: 0, bytes: 100 },
    ]);
    const locations = await data('locations', { audience: 'agent' });
    expect(locations.countries).toEqual([{ value: null, fetches: 5, bytes: 4600, share: 100 }]);
  });

  it('shows the agents of the last five minutes apart from people (rule 4)', async () => {
    const q = { site, filters: EMPTY_FILTERS } as Query;
    expect(await agentRealtime(t.deps.db, q, {}, new Date(at(41)))).toEqual({
      agents: 1,
      fetches: 1,
      pages: [{ pathname: '/', fetches: 1 }],
    });
    const people = await data('realtime', {});
    expect(Object.keys(people).sort()).toEqual(['pages', 'visitors']);
  });

  it('refuses what has no meaning for agents, naming the parameter', async () => {
    for (const path of ['sources', 'devices', 'events'])
      await refused(path, { audience: 'agent' }, 'audience');
    await refused('overview', { audience: 'robots' }, 'audience');
    await refused(
      'overview',
      { audience: 'agent', filters: JSON.stringify([{ dimension: 'channel', op: 'is', value: 'direct' }]) },
      'filters',
    );
    await refused('breakdown', { audience: 'agent', dimension: 'browser' }, 'dimension');
    await refused('timeseries', { audience: 'agent', metric: 'visitors' }, 'metric');
  });

  it('refuses a saved segment whose filters name people-only dimensions, and applies one that fits', async () => {
    const save = (name: string, filters: unknown) =>
      app.inject({
        method: 'POST',
        url: '/api/segments',
        headers: { cookie },
        payload: { site, name, filters },
      });
    const direct = (await save('direct', [{ dimension: 'channel', op: 'is', value: 'direct' }])).json().data;
    await refused('overview', { audience: 'agent', segment: String(direct.id) }, 'segment');
    const pricing = (await save('pricing', [{ dimension: 'pathname', op: 'is', value: '/pricing' }])).json()
      .data;
    expect(await data('overview', { audience: 'agent', segment: String(pricing.id) })).toMatchObject({
      fetches: 1,
      bytes: 2000,
    });
  });
});

describe('audience=all sums only page reads (rule 2)', () => {
  it('counts pageviews and HTML fetches as page reads, and nothing that only one readership has', async () => {
    expect(await data('overview', { audience: 'all' })).toEqual({ pageviews: 7 });
    expect(await data('overview', { audience: 'all', compare: 'previous' })).toEqual({
      pageviews: 7,
      comparison: { pageviews: 1 },
      change: { pageviews: 600 },
    });
  });

  it('ranks page reads by a dimension both readerships have', async () => {
    expect(await data('breakdown', { audience: 'all', dimension: 'pathname' })).toEqual([
      { value: '/', pageviews: 5, share: 71.4 },
      { value: '/pricing', pageviews: 2, share: 28.6 },
    ]);
    expect(await data('pages', { audience: 'all', limit: '1', page: '2' })).toEqual([
      { value: '/pricing', pageviews: 2, share: 28.6 },
    ]);
    const filtered = await data('overview', {
      audience: 'all',
      filters: JSON.stringify([{ dimension: 'pathname', op: 'is', value: '/pricing' }]),
    });
    expect(filtered).toEqual({ pageviews: 2 });
  });

  it('gives the same series from rollups and raw tables', async () => {
    const window = { start: iso(T0 - HOUR), end: iso(T0 + HOUR), granularity: 'hour' };
    const expected = [
      { t: iso(T0 - HOUR), value: 1 },
      { t: iso(T0), value: 7 },
    ];
    expect((await data('timeseries', { audience: 'all', ...window })).series).toEqual(expected);
    // One second off the minute sends the same query to the raw tables.
    const raw = await data('timeseries', { audience: 'all', ...window, start: iso(T0 - HOUR + 1000) });
    expect(raw.series).toEqual(expected);
  });

  it('shows the page reads of the last five minutes', async () => {
    const q = { site, filters: EMPTY_FILTERS } as Query;
    expect(await allRealtime(t.deps.db, q, {}, new Date(at(7)))).toEqual({
      pageviews: 3,
      pages: [
        { pathname: '/pricing', pageviews: 2 },
        { pathname: '/', pageviews: 1 },
      ],
    });
  });

  it('refuses dimensions, metrics and reads that are one readership only', async () => {
    await refused(
      'overview',
      { audience: 'all', filters: JSON.stringify([{ dimension: 'operator', op: 'is', value: 'openai' }]) },
      'filters',
    );
    await refused('breakdown', { audience: 'all', dimension: 'channel' }, 'dimension');
    await refused('timeseries', { audience: 'all', metric: 'visitors' }, 'metric');
    await refused('sources', { audience: 'all' }, 'audience');
  });
});
