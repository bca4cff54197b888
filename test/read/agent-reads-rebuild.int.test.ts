import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjections } from '../../projections/index.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { rebuildProjection } from '../../src/projector/rebuild.js';
import type { Projector } from '../../src/projector/projector.js';
import { createSite, signUp } from '../support/accounts.js';
import { type CatalogCopy, catalogWithNewBot } from '../support/catalog.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { htmlFetchRow, postEdge, sign } from '../support/edge.js';
import { UA } from '../support/events.js';
import { agentOverview } from '../../src/read/agents/overview.js';
import { citationGapSummary } from '../../src/read/citation-gap/summary.js';
import { EMPTY_FILTERS } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';

/*
 * NewBot fetches /products/1 and /cart, GPTBot (from OpenAI's ranges) /products/1, after a
 * robots.txt that disallows /cart for everyone and everything for NewBot. The catalog does not
 * know NewBot until it is added and the agent projections are rebuilt.
 */
let t: TestApp;
let workers: Projector[];
let site: number;
let cookie: string;
let catalog: CatalogCopy | undefined;
// Set once robots.txt is in force: the fetches come seconds after it.
let now: number;
const DAY = 86_400_000;

const row = (user_agent: string, pathname: string, secondsAhead: number, ip: string) =>
  htmlFetchRow('rebuilt.example', now + secondsAhead * 1000, user_agent, pathname, ip);

beforeAll(async () => {
  t = await buildTestApp();
  workers = await startProjectors(t.deps);
  ({ cookie } = await signUp(t.app));
  const s = await createSite(t.app, cookie, { domain: 'rebuilt.example' });
  site = s.id;
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/sites/${site}/policy/robots.txt`,
    headers: { cookie, 'content-type': 'text/plain' },
    payload: 'User-agent: *\nDisallow: /cart\n\nUser-agent: NewBot\nDisallow: /\n',
  });
  expect(put.statusCode).toBe(204);
  now = Date.now();
  const body = JSON.stringify({
    site_id: site,
    agent_events: [
      row(UA.unknown, '/products/1', 10, '198.51.100.7'),
      row(UA.unknown, '/cart', 20, '198.51.100.7'),
      row(UA.gptbot, '/products/1', 30, '20.171.206.10'),
    ],
  });
  expect((await postEdge(t.app, body, sign(body, s.ingest_key))).statusCode).toBe(202);
  await waitForLagZero(t.app);

  catalog = catalogWithNewBot();
});
afterAll(async () => {
  for (const w of workers ?? []) await w.stop();
  await t?.close();
  catalog?.remove();
});

async function read(path: string) {
  const qs = new URLSearchParams({
    site: String(site),
    start: new Date(now - 3_600_000).toISOString(),
    end: new Date(now + 3_600_000).toISOString(),
  });
  const res = await t.app.inject({ method: 'GET', url: `/api/${path}?${qs}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/**
 * A window the coarse grains answer: minute-aligned, holding the whole UTC day of the fetches
 * (agent rollups per day, citation running totals) and ragged edges around it.
 */
function grainsQuery(): Query {
  const day = Math.floor(now / DAY) * DAY;
  return {
    site,
    tz: 'UTC',
    start: new Date(day - DAY + 7 * 60_000),
    end: new Date(day + DAY + 13 * 60_000),
    compare: 'none',
    comparison: null,
    granularity: 'day',
    filters: EMPTY_FILTERS,
    audience: 'all',
  };
}
const operators = async () => {
  const q = grainsQuery();
  const overview = await agentOverview(t.database.pool, q);
  const summary = await citationGapSummary(t.database.pool, q, {}, { gapRatio: 10 });
  // Each from the grains, equal to the raw path after the rebuild too.
  expect(await agentOverview(t.database.pool, q, {}, 'raw')).toEqual(overview);
  expect(await citationGapSummary(t.database.pool, q, {}, { gapRatio: 10 }, 'raw')).toEqual(summary);
  return {
    overview: overview.operators.map((r) => [r.value, r.fetches]),
    summary: summary.operators.map((r) => [r.operator, r.fetches]),
  };
};

const coverage = async () =>
  (await read('agents/coverage')).map((r: { pathname: string; agent_ids: string[] }) => [
    r.pathname,
    r.agent_ids,
  ]);
const violations = async () =>
  (await read('policy/violations')).map((r: Record<string, unknown>) => [
    r.agent_id,
    r.operator,
    r.purpose,
    r.pathname,
    r.verified,
    r.fetches,
  ]);

describe('agent reads after a catalog change and a rebuild', () => {
  it('name the new agent in coverage and judge its fetches by its own robots group', async () => {
    expect(await coverage()).toEqual([
      ['/cart', ['unknown']],
      ['/products/1', ['gptbot', 'unknown']],
    ]);
    expect(await violations()).toEqual([['unknown', 'unknown', 'other', '/cart', false, 1]]);
    expect(await operators()).toEqual({
      overview: [
        ['unknown', 2],
        ['openai', 1],
      ],
      summary: [
        ['unknown', 2],
        ['openai', 1],
      ],
    });

    const projections = createProjections(loadCatalog(catalog!.dir));
    const rebuilt = ['agent_fetches', 'agent_coverage', 'agent_rollup_minute', 'citation_gap'];
    for (const p of projections.filter((p) => rebuilt.includes(p.name)))
      await rebuildProjection(
        {
          db: t.database.pool,
          nats: t.deps.nats,
          prefix: t.deps.config.STREAM_PREFIX,
          partitions: t.deps.config.PROJECTION_PARTITIONS,
          log: t.deps.log,
        },
        p,
      );

    expect(await coverage()).toEqual([
      ['/cart', ['newbot']],
      ['/products/1', ['gptbot', 'newbot']],
    ]);
    // NewBot's own group disallows everything: /products/1 becomes a violation too.
    expect(await violations()).toEqual([
      ['newbot', 'newbot-labs', 'search', '/cart', false, 1],
      ['newbot', 'newbot-labs', 'search', '/products/1', false, 1],
    ]);
    // The rollups' days and the citation gap's per-operator days name NewBot's operator now.
    expect(await operators()).toEqual({
      overview: [
        ['newbot-labs', 2],
        ['openai', 1],
      ],
      summary: [
        ['newbot-labs', 2],
        ['openai', 1],
      ],
    });
  });
});
