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
import { startProjectors, waitForLagZero } from '../support/projectors.js';

let t: TestApp;
let workers: Projector[];
let site: number;
let cookie: string;
let catalog: CatalogCopy | undefined;

// Seconds after now: the robots.txt uploaded first is in force from the upload on.
const row = (user_agent: string, pathname: string, secondsAhead: number, ip: string) =>
  htmlFetchRow('shop.example', Date.now() + secondsAhead * 1000, user_agent, pathname, ip);

beforeAll(async () => {
  t = await buildTestApp();
  workers = await startProjectors(t.deps);
  const owner = await signUp(t.app);
  cookie = owner.cookie;
  const s = await createSite(t.app, cookie, { domain: 'shop.example' });
  site = s.id;
  // robots.txt disallows /cart for everyone; uploaded before the fetches below happen.
  const put = await t.app.inject({
    method: 'PUT',
    url: `/api/sites/${site}/policy/robots.txt`,
    headers: { cookie, 'content-type': 'text/plain' },
    payload: 'User-agent: *\nDisallow: /cart\n\nUser-agent: NewBot\nDisallow: /\n',
  });
  expect(put.statusCode).toBe(204);
  const body = JSON.stringify({
    site_id: site,
    agent_events: [
      // 20.171.206.10 lies in OpenAI's published GPTBot ranges; 198.51.100.7 in nobody's.
      row(UA.unknown, '/products/1', 10, '198.51.100.7'),
      row(UA.unknown, '/cart', 20, '198.51.100.7'),
      row(UA.gptbot, '/products/1', 30, '20.171.206.10'),
    ],
  });
  const res = await postEdge(t.app, body, sign(body, s.ingest_key));
  expect(res.statusCode).toBe(202);
  await waitForLagZero(t.app);

  // The operator's catalog gains NewBot (a new operator's search crawler).
  catalog = catalogWithNewBot();
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
  catalog?.remove();
});

const fetches = async () =>
  (
    await t.database.pool.query(
      `SELECT pathname, agent_id, operator, purpose, verified, robots_allowed FROM agent_fetches
       WHERE site_id = $1 ORDER BY ts`,
      [site],
    )
  ).rows;

describe('re-classifying history after a catalog change', () => {
  it('folds an agent the catalog does not know as `unknown`, judged by the * group', async () => {
    expect(await fetches()).toEqual([
      {
        pathname: '/products/1',
        agent_id: 'unknown',
        operator: 'unknown',
        purpose: 'other',
        verified: false,
        robots_allowed: true,
      },
      {
        pathname: '/cart',
        agent_id: 'unknown',
        operator: 'unknown',
        purpose: 'other',
        verified: false,
        robots_allowed: false,
      },
      {
        pathname: '/products/1',
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        verified: true,
        robots_allowed: true,
      },
    ]);
  });

  it('gives the old fetches the new agent, its operator, purpose and robots group after a rebuild', async () => {
    const projections = createProjections(loadCatalog(catalog!.dir));
    for (const p of projections.filter((p) => p.name.startsWith('agent_') || p.name === 'citation_gap'))
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
    expect(await fetches()).toEqual([
      // NewBot's own group disallows everything.
      {
        pathname: '/products/1',
        agent_id: 'newbot',
        operator: 'newbot-labs',
        purpose: 'search',
        verified: false,
        robots_allowed: false,
      },
      {
        pathname: '/cart',
        agent_id: 'newbot',
        operator: 'newbot-labs',
        purpose: 'search',
        verified: false,
        robots_allowed: false,
      },
      {
        pathname: '/products/1',
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        verified: true,
        robots_allowed: true,
      },
    ]);
    const rollup = await t.database.pool.query(
      `SELECT agent_id, operator, purpose, sum(fetches)::int AS fetches FROM agent_rollup_minute
       WHERE site_id = $1 GROUP BY 1, 2, 3 ORDER BY 1`,
      [site],
    );
    expect(rollup.rows).toEqual([
      { agent_id: 'gptbot', operator: 'openai', purpose: 'training', fetches: 1 },
      { agent_id: 'newbot', operator: 'newbot-labs', purpose: 'search', fetches: 2 },
    ]);
    const coverage = await t.database.pool.query(
      `SELECT pathname, agent_id, fetches::int FROM url_coverage_agents WHERE site_id = $1 ORDER BY 1, 2`,
      [site],
    );
    expect(coverage.rows).toEqual([
      { pathname: '/cart', agent_id: 'newbot', fetches: 1 },
      { pathname: '/products/1', agent_id: 'gptbot', fetches: 1 },
      { pathname: '/products/1', agent_id: 'newbot', fetches: 1 },
    ]);
    const byOperator = await t.database.pool.query(
      `SELECT operator, purpose, sum(fetches)::int AS fetches FROM url_fetch_minute WHERE site_id = $1 GROUP BY 1, 2 ORDER BY 1`,
      [site],
    );
    expect(byOperator.rows).toEqual([
      { operator: 'newbot-labs', purpose: 'search', fetches: 2 },
      { operator: 'openai', purpose: 'training', fetches: 1 },
    ]);
  });

  it('stored the uploaded robots.txt parsed per group at once', async () => {
    const { rows } = await t.database.pool.query(
      `SELECT version, source, parsed FROM policy_files WHERE site_id = $1 AND kind = 'robots'`,
      [site],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].version).toBe(1);
    expect(rows[0].source).toBe('upload');
    expect(rows[0].parsed.groups).toEqual([
      { agents: ['*'], rules: [{ allow: false, path: '/cart' }] },
      { agents: ['NewBot'], rules: [{ allow: false, path: '/' }] },
    ]);
  });
});
