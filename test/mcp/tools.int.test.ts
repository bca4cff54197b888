import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, McpError } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projector } from '../../src/projector/projector.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { postEdge, sign } from '../support/edge.js';
import { MIN, T0 } from '../support/events.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';

/*
 * Every tool through the official SDK client over real HTTP, against the HTTP read of the same
 * envelope, on data shipped through POST /api/log/edge and folded by the projectors.
 *
 * The window W is the hour from T (10:00 UTC); the previous hour P is the comparison.
 * robots.txt (in force from 08:00) disallows /private for every agent. CITATION_GAP_RATIO=3,
 * DECAY_DROP_PERCENT=50, DECAY_MIN_PAGEVIEWS=4.
 *
 * People (Chrome, one address each):
 *   P  six visitors view /guide once each
 *   W  A: / at +1, /guide at +2 (direct; one session of 60 s)
 *      B: / at +5 from chatgpt.com      C: /pricing at +10 from google.com
 *      D: /guide at +20 from chatgpt.com
 *   → W: 4 visitors, 4 sessions, 5 pageviews, 3 bounces (75 %), 15 s mean visit, 1.25 views a session
 *     P: 6 visitors, 6 sessions, 6 pageviews, 100 % bounce, 0 s, 1 view a session
 * Agents (HTML, 1,000 bytes each):
 *   P  GPTBot (OpenAI's address) /guide at -50, -40
 *   W  GPTBot (OpenAI's address) /guide at +3, +4, +6 and /private/a at +7
 *      ClaudeBot (another address) / at +8, +9 and /private/a at +12
 *   → W: 7 fetches, 2 agents, 4 verified (57.1 %), 7,000 bytes
 */
const T = T0;
const HOUR = 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const HOST = 'tools.example';
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

const view = (minute: number, ip: string, pathname: string, referrer?: string) => ({
  timestamp: iso(T + minute * MIN),
  user_agent: CHROME,
  ip,
  hostname: HOST,
  pathname,
  ...(referrer ? { referrer } : {}),
});
const fetchOf = (minute: number, ua: string, ip: string, pathname: string) => ({
  timestamp: iso(T + minute * MIN),
  user_agent: ua,
  method: 'GET',
  hostname: HOST,
  pathname,
  status: 200,
  bytes: 1000,
  duration_ms: 10,
  content_type: 'text/html; charset=utf-8',
  conditional: 0,
  ip,
});
const OPENAI_ADDRESS = '20.171.206.5';
const OTHER_ADDRESS = '192.0.2.50';

const PEOPLE = [
  ...Array.from({ length: 6 }, (_, i) => view(-60 + i + 1, `198.51.100.${i + 1}`, '/guide')),
  view(1, '198.51.100.11', '/'),
  view(2, '198.51.100.11', '/guide'),
  view(5, '198.51.100.12', '/', 'https://chatgpt.com/'),
  view(10, '198.51.100.13', '/pricing', 'https://www.google.com/'),
  view(20, '198.51.100.14', '/guide', 'https://chatgpt.com/'),
];
const AGENTS = [
  fetchOf(-50, GPTBOT, OPENAI_ADDRESS, '/guide'),
  fetchOf(-40, GPTBOT, OPENAI_ADDRESS, '/guide'),
  ...[3, 4, 6].map((m) => fetchOf(m, GPTBOT, OPENAI_ADDRESS, '/guide')),
  fetchOf(7, GPTBOT, OPENAI_ADDRESS, '/private/a'),
  fetchOf(8, CLAUDEBOT, OTHER_ADDRESS, '/'),
  fetchOf(9, CLAUDEBOT, OTHER_ADDRESS, '/'),
  fetchOf(12, CLAUDEBOT, OTHER_ADDRESS, '/private/a'),
];

let t: TestApp;
let workers: Projector[];
let site: number;
let key: string;
let client: Client;
let transport: StreamableHTTPClientTransport;
const W = () => ({ site, start: iso(T), end: iso(T + HOUR) });

beforeAll(async () => {
  t = await buildTestApp({
    env: { CITATION_GAP_RATIO: '3', DECAY_DROP_PERCENT: '50', DECAY_MIN_PAGEVIEWS: '4' },
  });
  workers = await startProjectors(t.deps);
  const { cookie } = await signUp(t.app);
  const created = await createSite(t.app, cookie, { domain: HOST, timezone: 'UTC' });
  site = created.id;
  key = (await createKey(t.app, cookie, site)).key;
  const robots = await t.app.inject({
    method: 'PUT',
    url: `/api/sites/${site}/policy/robots.txt`,
    headers: { cookie, 'content-type': 'text/plain' },
    payload: 'User-agent: *\nDisallow: /private\n',
  });
  expect(robots.statusCode).toBe(204);
  // Uploaded now, the file is backdated to before the designed fetches so that they are judged by it.
  await t.database.pool.query('UPDATE policy_files SET valid_from = $1 WHERE site_id = $2', [
    iso(T - 2 * HOUR),
    site,
  ]);
  const body = JSON.stringify({ site_id: site, agent_events: AGENTS, events: PEOPLE });
  const shipped = await postEdge(t.app, body, sign(body, created.ingest_key));
  expect(shipped.statusCode, shipped.body).toBe(202);
  await waitForLagZero(t.app);

  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  client = new Client({ name: 'twofold-test', version: '1.0.0' });
  transport = new StreamableHTTPClientTransport(new URL(`${address}/api/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
});
afterAll(async () => {
  await client?.close();
  for (const w of workers ?? []) await w.stop();
  await t?.close();
});

/** The tool's envelope, after checking that its JSON text and structured content agree. */
async function tool(name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError).toBeUndefined();
  const [summary, json] = result.content as { type: 'text'; text: string }[];
  const envelope = JSON.parse(json!.text);
  expect(envelope).toEqual(result.structuredContent);
  return { data: envelope.data, meta: envelope.meta, summary: summary!.text };
}

/** The HTTP read of the same envelope (filters as the query string's JSON text). */
async function http(path: string, args: Record<string, unknown>) {
  const qs = new URLSearchParams(
    Object.entries(args).map(([k, v]): [string, string] => [
      k,
      typeof v === 'object' ? JSON.stringify(v) : String(v),
    ]),
  );
  const res = await t.app.inject({
    method: 'GET',
    url: `${path}?${qs}`,
    headers: { authorization: `Bearer ${key}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The tool and the HTTP read give the same data, rows and query as understood. */
async function same(name: string, path: string, args: Record<string, unknown>) {
  const [viaTool, viaHttp] = await Promise.all([tool(name, args), http(path, args)]);
  expect(viaTool.data).toEqual(viaHttp.data);
  expect(viaTool.meta.query).toEqual(viaHttp.meta.query);
  expect(viaTool.meta.rows).toBe(viaHttp.meta.rows);
  return viaTool;
}

describe('the tool endpoint through the MCP SDK client', () => {
  it('initializes at revision 2024-11-05 as twofold, with the tools capability', () => {
    expect(transport.protocolVersion).toBe('2024-11-05');
    expect(client.getServerVersion()).toEqual({ name: 'twofold', version });
    expect(client.getServerCapabilities()).toEqual({ tools: {} });
  });

  it('lists the twelve tools, each with a description and an object schema for its arguments', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name)).toEqual([
      'list_sites',
      'get_overview',
      'get_timeseries',
      'get_breakdown',
      'get_pages',
      'get_sources',
      'get_agent_overview',
      'get_agent_coverage',
      'get_citation_gap',
      'get_policy_violations',
      'get_content_decay',
      'run_query',
    ]);
    for (const x of tools) {
      expect(x.inputSchema.type).toBe('object');
      expect(x.description!.length).toBeGreaterThan(80);
      expect(x.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
      if (x.name !== 'list_sites') expect(x.inputSchema.required).toContain('site');
    }
    const breakdown = tools.find((x) => x.name === 'get_breakdown')!.inputSchema;
    expect(breakdown.required).toEqual(['site', 'dimension']);
    expect(breakdown.properties!.range).toMatchObject({ enum: expect.arrayContaining(['7d', '30d']) });
    expect(breakdown.properties!.limit).not.toHaveProperty('maximum');
    const gap = tools.find((x) => x.name === 'get_citation_gap')!.inputSchema;
    expect(gap.properties!.view).toMatchObject({ enum: ['urls', 'summary'] });
  });

  it("list_sites gives the key's one site with id, domain and time zone", async () => {
    const r = await tool('list_sites', {});
    expect(r.data).toEqual([{ id: site, domain: HOST, timezone: 'UTC' }]);
    expect(r.summary).toBe(`1 site readable with this key: ${HOST} (site ${site}, UTC)`);
  });

  it('get_overview: 4 visitors, 4 sessions, 5 pageviews, 75 % bounce, 15 s, 1.25, and the change from 6 visitors', async () => {
    const r = await same('get_overview', '/api/stats/overview', { ...W(), compare: 'previous' });
    expect(r.data).toEqual({
      visitors: 4,
      sessions: 4,
      pageviews: 5,
      bounce_rate: 75,
      visit_duration: 15,
      views_per_session: 1.25,
      comparison: {
        visitors: 6,
        sessions: 6,
        pageviews: 6,
        bounce_rate: 100,
        visit_duration: 0,
        views_per_session: 1,
      },
      change: { visitors: -33.3, sessions: -33.3, pageviews: -16.7, bounce_rate: -25, views_per_session: 25 },
    });
    expect(r.summary).toBe(
      'People: 4 visitors, 4 sessions, 5 pageviews, 75% bounce rate, 15 s mean visit duration, 1.25 views per session from 2026-11-02 10:00 to 2026-11-02 11:00 (UTC); -33.3% visitors vs the previous window',
    );
  });

  it('takes filters as a JSON array: visitors from answer engines are 2 with 2 pageviews', async () => {
    const filters = [{ dimension: 'channel', op: 'is', value: 'answer_engine' }];
    const r = await same('get_overview', '/api/stats/overview', { ...W(), filters });
    expect(r.data).toMatchObject({ visitors: 2, sessions: 2, pageviews: 2 });
    expect(r.meta.query.filters).toEqual({ and: filters });
  });

  it('get_timeseries: visitors 6 then 4 by the hour', async () => {
    const args = { site, start: iso(T - HOUR), end: iso(T + HOUR), granularity: 'hour' };
    const r = await same('get_timeseries', '/api/stats/timeseries', args);
    expect(r.data.series).toEqual([
      { t: iso(T - HOUR), value: 6 },
      { t: iso(T), value: 4 },
    ]);
    expect(r.summary).toContain('visitors in 2 hour buckets');
  });

  it('get_breakdown by channel: answer_engine 2 visitors (50 %), direct 1 with 2 pageviews, organic_search 1', async () => {
    const r = await same('get_breakdown', '/api/stats/breakdown', { ...W(), dimension: 'channel' });
    expect(r.data).toEqual([
      { value: 'answer_engine', visitors: 2, pageviews: 2, share: 50 },
      { value: 'direct', visitors: 1, pageviews: 2, share: 25 },
      { value: 'organic_search', visitors: 1, pageviews: 1, share: 25 },
    ]);
  });

  it('get_breakdown for agents by operator: openai 4 fetches, anthropic 3', async () => {
    const r = await same('get_breakdown', '/api/stats/breakdown', {
      ...W(),
      audience: 'agent',
      dimension: 'operator',
    });
    expect(r.data.map((x: { value: string; fetches: number }) => [x.value, x.fetches])).toEqual([
      ['openai', 4],
      ['anthropic', 3],
    ]);
  });

  it('get_pages: / and /guide with 2 visitors each, entries and exits', async () => {
    const r = await same('get_pages', '/api/stats/pages', W());
    expect(
      r.data.map((p: Record<string, unknown>) => [p.pathname, p.visitors, p.pageviews, p.entries, p.exits]),
    ).toEqual([
      ['/', 2, 2, 2, 1],
      ['/guide', 2, 2, 1, 2],
      ['/pricing', 1, 1, 1, 1],
    ]);
  });

  it('get_sources: the channels, sources and campaigns of the HTTP read', async () => {
    const r = await same('get_sources', '/api/stats/sources', W());
    expect(r.data.channels.map((c: { value: string }) => c.value)).toEqual([
      'answer_engine',
      'direct',
      'organic_search',
    ]);
    expect(r.summary).toMatch(
      /^People: 3 channels from .*\. First: answer_engine \(2 visitors, 2 pageviews, 50% share\)/,
    );
  });

  it('get_agent_overview: 7 fetches by 2 agents, 57.1 % verified (all by range), 7,000 bytes, no forged signature', async () => {
    const r = await same('get_agent_overview', '/api/agents/overview', W());
    expect(r.data).toMatchObject({
      fetches: 7,
      agents: 2,
      verified_share: 57.1,
      verified_by: { ip_range: 57.1, reverse_dns: 0, web_bot_auth: 0 },
      bytes: 7000,
      forged_signatures: 0,
    });
    expect(r.summary).toBe(
      'Agents: 7 fetches, 2 distinct agents, 57.1% verified, 7,000 bytes, 0 forged signatures from 2026-11-02 10:00 to 2026-11-02 11:00 (UTC)',
    );
  });

  it('get_agent_coverage: three URLs with their first and last crawl', async () => {
    const r = await same('get_agent_coverage', '/api/agents/coverage', { ...W(), sort: 'fetches' });
    expect(
      r.data.map((u: Record<string, unknown>) => [u.pathname, u.fetches, u.first_crawl, u.last_crawl]),
    ).toEqual([
      ['/guide', 3, iso(T + 3 * MIN), iso(T + 6 * MIN)],
      ['/private/a', 2, iso(T + 7 * MIN), iso(T + 12 * MIN)],
      ['/', 2, iso(T + 8 * MIN), iso(T + 9 * MIN)],
    ]);
  });

  it('get_citation_gap: /guide a gap at 3 fetches per arrival, / balanced at 2, /private/a without arrivals', async () => {
    const r = await same('get_citation_gap', '/api/citation-gap', { ...W(), sort: 'fetches' });
    expect(
      r.data.map((u: Record<string, unknown>) => [u.pathname, u.fetches, u.arrivals, u.ratio, u.verdict]),
    ).toEqual([
      ['/guide', 3, 1, 3, 'gap'],
      ['/private/a', 2, 0, undefined, 'no_arrivals'],
      ['/', 2, 1, 2, 'balanced'],
    ]);
  });

  it('get_citation_gap view=summary: 7 fetches against 2 arrivals over 3 URLs', async () => {
    const r = await same('get_citation_gap', '/api/citation-gap/summary', { ...W(), view: 'summary' });
    expect(r.data).toMatchObject({
      fetches: 7,
      arrivals: 2,
      ratio: 3.5,
      urls: 3,
      gap: 1,
      balanced: 1,
      no_arrivals: 1,
      not_crawled: 0,
    });
  });

  it('get_policy_violations: ClaudeBot (unverified) and GPTBot (verified) fetched the disallowed /private/a once each', async () => {
    const r = await same('get_policy_violations', '/api/policy/violations', W());
    expect(
      r.data.map((v: Record<string, unknown>) => [v.agent_id, v.pathname, v.verified, v.fetches]),
    ).toEqual([
      ['claudebot', '/private/a', false, 1],
      ['gptbot', '/private/a', true, 1],
    ]);
  });

  it('get_content_decay: /guide fell from 6 pageviews to 2 while fetches grew from 2 to 3', async () => {
    const r = await same('get_content_decay', '/api/content/decay', W());
    expect(r.data).toEqual([
      {
        pathname: '/guide',
        pageviews: 2,
        pageviews_before: 6,
        pageviews_change: -66.7,
        fetches: 3,
        fetches_before: 2,
        fetches_change: 50,
      },
    ]);
  });

  it('run_query with a dimension: the breakdown rows restricted to the metrics named', async () => {
    const r = await tool('run_query', { ...W(), dimension: 'pathname', metrics: ['visitors'] });
    const rows = (await http('/api/stats/breakdown', { ...W(), dimension: 'pathname' })).data;
    expect(r.data).toEqual(
      rows.map((x: { value: string; visitors: number }) => ({ value: x.value, visitors: x.visitors })),
    );
    expect(r.data).toEqual([
      { value: '/', visitors: 2 },
      { value: '/guide', visitors: 2 },
      { value: '/pricing', visitors: 1 },
    ]);
  });

  it('run_query without a dimension: the totals restricted to the metrics named, with their change', async () => {
    const args = { ...W(), audience: 'agent', compare: 'previous', metrics: ['fetches', 'bytes'] };
    const r = await tool('run_query', args);
    const overview = (await http('/api/agents/overview', args)).data;
    expect(r.data).toEqual({
      fetches: overview.fetches,
      bytes: overview.bytes,
      comparison: { fetches: overview.comparison.fetches, bytes: overview.comparison.bytes },
      change: { fetches: overview.change.fetches, bytes: overview.change.bytes },
    });
    expect(r.data).toEqual({
      fetches: 7,
      bytes: 7000,
      comparison: { fetches: 2, bytes: 2000 },
      change: { fetches: 250, bytes: 250 },
    });
  });

  it('reports a refused argument as a JSON-RPC error the SDK raises, with the code in data', async () => {
    const refused = await client
      .callTool({ name: 'get_overview', arguments: { site, range: 'fortnight' } })
      .catch((e) => e);
    expect(refused).toBeInstanceOf(McpError);
    expect(refused).toMatchObject({ code: -32602, data: { code: 'validation_error', field: 'range' } });
  });
});
