import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { loadCatalogInUse } from '../../src/catalog/in-use.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { agentCatalog } from '../../src/read/agents/catalog.js';
import { EMPTY_FILTERS } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { catalogWithNewBot } from '../support/catalog.js';
import { fetched, MIN, OPENAI_RANGE, T0, UA } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * The shipped catalog, and three fetches from T0 (10:00 UTC) for the filters that only a fetch
 * can answer: GPTBot from OpenAI's ranges on /a at 10:05, ClaudeBot answered 404 on /b at 10:10,
 * a spoofed GPTBot from DE on /c at 10:20.
 */
const catalog = loadCatalog();
const iso = (ms: number) => new Date(ms).toISOString();
const WINDOW = { start: iso(T0), end: iso(T0 + 60 * MIN) };

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'catalogued.example', timezone: 'UTC' })).id;
  const crawl = [
    fetched({ site, ts: T0 + 5 * MIN, pathname: '/a', ranges: [OPENAI_RANGE] }),
    fetched({ site, ts: T0 + 10 * MIN, pathname: '/b', user_agent: UA.claudebot, status: 404 }),
    fetched({ site, ts: T0 + 20 * MIN, pathname: '/c', country: 'DE' }),
  ];
  await foldBatch(t.deps.db, agentFetchesProjection(catalog), messages([crawl]));
});
afterAll(() => t?.close());

function read(params: Record<string, string>, headers: Record<string, string> = { cookie }) {
  const qs = new URLSearchParams({ site: String(site), ...WINDOW, ...params });
  return app.inject({ method: 'GET', url: `/api/agents/catalog?${qs}`, headers });
}

async function listing(params: Record<string, string> = {}) {
  const res = await read(params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ids = (d: { agents: { agent_id: string }[]; operators: { operator: string }[] }) => ({
  agents: d.agents.map((a) => a.agent_id),
  operators: d.operators.map((o) => o.operator),
});
const filtered = async (f: unknown[], params: Record<string, string> = {}) =>
  ids((await listing({ filters: JSON.stringify(f), ...params })).data);

describe('/api/agents/catalog', () => {
  it('lists every known agent with its operator, purpose and range publishing, and every operator', async () => {
    const { data, meta } = await listing();
    expect(data.agents).toHaveLength(catalog.agents.length);
    expect(data.operators).toHaveLength(catalog.operators.length);
    expect(meta.rows).toBe(catalog.agents.length + catalog.operators.length);
    expect(data.agents.find((a: { agent_id: string }) => a.agent_id === 'gptbot')).toEqual({
      agent_id: 'gptbot',
      name: 'GPTBot',
      operator: 'openai',
      purpose: 'training',
      robots_tokens: ['GPTBot'],
      respects_robots: 'yes',
      publishes_ranges: true,
      verifiable: true,
      description: catalog.agent('gptbot')!.description,
    });
    // Anthropic's feed ships as a snapshot (ranges/anthropic.json): ClaudeBot can be verified.
    expect(data.agents.find((a: { agent_id: string }) => a.agent_id === 'claudebot')).toMatchObject({
      operator: 'anthropic',
      purpose: 'training',
      publishes_ranges: true,
      verifiable: true,
    });
    // A crawler of the general bot lists whose operator publishes no ranges cannot be.
    expect(data.agents.find((a: { agent_id: string }) => a.agent_id === 'semrushbot')).toMatchObject({
      operator: 'semrush',
      purpose: 'other',
      publishes_ranges: false,
      verifiable: false,
    });
    expect(data.operators.find((o: { operator: string }) => o.operator === 'openai')).toEqual({
      operator: 'openai',
      name: 'OpenAI',
      docs_url: 'https://platform.openai.com/docs/bots',
      publishes_ranges: true,
      verifiable: true,
      agents: 7,
      answer_engines: ['chatgpt.com', 'chat.openai.com'],
    });
    expect(data.operators.find((o: { operator: string }) => o.operator === 'deepseek')).toMatchObject({
      docs_url: null,
      publishes_ranges: false,
      verifiable: false,
    });
  });

  it('narrows to the entries an agent, operator or purpose filter selects', async () => {
    expect(await filtered([{ dimension: 'operator', op: 'is', value: 'openai' }])).toEqual({
      agents: [
        'chatgpt-agent',
        'chatgpt-browser',
        'chatgpt-user',
        'gptbot',
        'oai-searchbot',
        'openai',
        'operator',
      ],
      operators: ['openai'],
    });
    expect(
      await filtered([
        { dimension: 'operator', op: 'is', value: 'anthropic' },
        { dimension: 'purpose', op: 'is_not', value: 'user_action' },
      ]),
    ).toEqual({
      agents: ['anthropic-ai', 'claude-searchbot', 'claude-web', 'claudebot'],
      operators: ['anthropic'],
    });
    const gptbot = await listing({
      filters: JSON.stringify([{ dimension: 'agent_id', op: 'is', value: 'gptbot' }]),
    });
    expect(gptbot.data.operators[0]).toMatchObject({ operator: 'openai', agents: 1 });
    expect(gptbot.meta.rows).toBe(2);
  });

  it('narrows to the agents with a matching fetch in the window when a filter names a fetch dimension', async () => {
    const openai = { agents: ['gptbot'], operators: ['openai'] };
    const anthropic = { agents: ['claudebot'], operators: ['anthropic'] };
    expect(await filtered([{ dimension: 'verified', op: 'is', value: true }])).toEqual(openai);
    // The spoofed GPTBot is an unverified fetch of GPTBot's.
    expect(await filtered([{ dimension: 'verified', op: 'is', value: false }])).toEqual({
      agents: ['claudebot', 'gptbot'],
      operators: ['anthropic', 'openai'],
    });
    expect(await filtered([{ dimension: 'status', op: 'is', value: 404 }])).toEqual(anthropic);
    expect(await filtered([{ dimension: 'pathname', op: 'is', value: '/a' }])).toEqual(openai);
    expect(await filtered([{ dimension: 'country', op: 'is', value: 'DE' }])).toEqual(openai);
    expect(await filtered([{ dimension: 'asn', op: 'gt', value: 0 }])).toEqual({ agents: [], operators: [] });
    expect(
      await filtered([{ dimension: 'verified', op: 'is', value: true }], {
        start: iso(T0 + 10 * MIN),
        end: iso(T0 + 60 * MIN),
      }),
    ).toEqual({ agents: [], operators: [] });
  });

  it('shows the catalog the process loaded: a changed catalog lists its new agent and docs link', async () => {
    const catalog = catalogWithNewBot();
    try {
      const q = {
        site,
        start: new Date(WINDOW.start),
        end: new Date(WINDOW.end),
        filters: { and: [{ dimension: 'operator', op: 'is', value: 'newbot-labs' }] },
      } as Query;
      expect(await agentCatalog(t.deps.db, q, {}, loadCatalogInUse(catalog.dir))).toEqual({
        agents: [
          {
            agent_id: 'newbot',
            name: 'NewBot',
            operator: 'newbot-labs',
            purpose: 'search',
            robots_tokens: ['NewBot'],
            respects_robots: 'yes',
            publishes_ranges: false,
            verifiable: false,
            description: 'A search crawler added to the catalog after its fetches were recorded.',
          },
        ],
        operators: [
          {
            operator: 'newbot-labs',
            name: 'NewBot Labs',
            docs_url: 'https://newbot.example/about',
            publishes_ranges: false,
            verifiable: false,
            agents: 1,
            answer_engines: [],
          },
        ],
      });
      const shipped = await agentCatalog(t.deps.db, { ...q, filters: EMPTY_FILTERS });
      expect(shipped.agents.some((a) => a.agent_id === 'newbot')).toBe(false);
    } finally {
      catalog.remove();
    }
  });

  it('answers the agent readership only, for a credential that may read the site', async () => {
    for (const audience of ['human', 'all']) {
      const res = await read({ audience });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'audience' });
    }
    const bad = await read({ filters: JSON.stringify([{ dimension: 'channel', op: 'is', value: 'x' }]) });
    expect(bad.json().error).toMatchObject({ code: 'validation_error', field: 'filters' });
    const compared = await read({ compare: 'year' });
    expect(compared.json().error).toMatchObject({ code: 'validation_error', field: 'compare' });
    // The catalog is the same for every site, but like every read it is asked of one the credential may read.
    const noSite = await app.inject({ method: 'GET', url: '/api/agents/catalog', headers: { cookie } });
    expect(noSite.json().error).toMatchObject({ code: 'validation_error', field: 'site' });
    expect((await read({}, {})).statusCode).toBe(401);
    const { key } = await createKey(app, cookie, site);
    expect((await read({}, { authorization: `Bearer ${key}` })).statusCode).toBe(200);
    const stranger = await signUp(app);
    expect((await read({}, { cookie: stranger.cookie })).statusCode).toBe(403);
  });
});
