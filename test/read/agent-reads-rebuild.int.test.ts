import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjections } from '../../projections/index.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { rebuildProjection } from '../../src/projector/rebuild.js';
import type { ProjectorWorker } from '../../src/projector/worker.js';
import { createSite, signUp } from '../support/accounts.js';
import { type CatalogCopy, catalogWithNewBot } from '../support/catalog.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { htmlFetchRow, postEdge, sign } from '../support/edge.js';
import { UA } from '../support/events.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';

/*
 * NewBot fetches /products/1 and /cart, GPTBot (from OpenAI's ranges) /products/1, after a
 * robots.txt that disallows /cart for everyone and everything for NewBot. The catalog does not
 * know NewBot until it is added and the agent projections are rebuilt.
 */
let t: TestApp;
let workers: ProjectorWorker[];
let site: number;
let cookie: string;
let catalog: CatalogCopy | undefined;
// Set once robots.txt is in force: the fetches come seconds after it.
let now: number;

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

    const projections = createProjections(loadCatalog(catalog!.dir));
    for (const p of projections.filter((p) => p.name === 'agent_fetches' || p.name === 'agent_coverage'))
      await rebuildProjection(
        { db: t.database.pool, nats: t.deps.nats, prefix: t.deps.config.STREAM_PREFIX, log: t.deps.log },
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
  });
});
