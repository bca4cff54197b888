import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, MIN, OPENAI_RANGE, T0, UA } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * robots.txt v1 from 10:10 disallows only /admin; v2 from 10:30 also disallows /private (GPTBot
 * keeps /private/open); llms.txt from 10:10. The crawl from T0 (10:00 UTC), with its verdicts:
 *   10:05 GPTBot (OpenAI range) /private/x    no robots.txt yet: no verdict
 *   10:15 GPTBot (OpenAI range) /private/x    v1: allowed
 *   10:20 ClaudeBot /admin/x (FR)             v1: violation
 *   10:35 GPTBot (OpenAI range) /private/x    v2: violation, verified
 *   10:40 spoofed GPTBot /private/x (403)     v2: violation, unverified
 *   10:45 spoofed GPTBot /private/open/doc    v2: allowed by GPTBot's Allow
 *   10:50 GPTBot (OpenAI range) /private/x    v2: violation, verified
 *   10:55 unknown agent /private/y (AS 64500) v2: violation by the * group
 *   11:10 ClaudeBot /admin/z                  v2: violation
 */
const ROBOTS_V1 = 'User-agent: *\nDisallow: /admin\n';
const ROBOTS_V2 = `User-agent: GPTBot
Disallow: /private
Allow: /private/open

User-agent: *
Disallow: /admin
Disallow: /private

Sitemap: https://example.com/sitemap.xml
`;
const LLMS = `# Example
> The example site's docs.

## Docs
- [Guide](https://example.com/guide): start here
- [Open](/private/open)

## Optional
- [Changelog](/changelog)
`;

const at = (m: number) => T0 + m * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const FIRST_HOUR = { start: iso(T0), end: iso(at(60)) };

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'example.com', timezone: 'UTC' })).id;
  const policy = `INSERT INTO policy_files (site_id, kind, version, body, sha256, source, valid_from)
    VALUES ($1, $2, $3, $4, sha256(convert_to($4, 'UTF8')), 'upload', $5)`;
  await t.database.pool.query(policy, [site, 'robots', 1, ROBOTS_V1, iso(at(10))]);
  await t.database.pool.query(policy, [site, 'robots', 2, ROBOTS_V2, iso(at(30))]);
  await t.database.pool.query(policy, [site, 'llms', 1, LLMS, iso(at(10))]);
  const gptbot = { ranges: [OPENAI_RANGE] };
  const crawl = [
    fetched({ site, ts: at(5), pathname: '/private/x', ...gptbot }),
    fetched({ site, ts: at(15), pathname: '/private/x', ...gptbot }),
    fetched({ site, ts: at(20), pathname: '/admin/x', user_agent: UA.claudebot, country: 'FR' }),
    fetched({ site, ts: at(35), pathname: '/private/x', ...gptbot }),
    fetched({ site, ts: at(40), pathname: '/private/x', status: 403 }),
    fetched({ site, ts: at(45), pathname: '/private/open/doc' }),
    fetched({ site, ts: at(50), pathname: '/private/x', ...gptbot }),
    fetched({ site, ts: at(55), pathname: '/private/y', user_agent: UA.unknown, asn: 64500 }),
    fetched({ site, ts: at(70), pathname: '/admin/z', user_agent: UA.claudebot }),
  ];
  await foldBatch(t.deps.db, agentFetchesProjection(loadCatalog()), messages([crawl]));
});
afterAll(() => t?.close());

function read(path: string, params: Record<string, string>, headers: Record<string, string> = { cookie }) {
  const qs = new URLSearchParams({ site: String(site), ...FIRST_HOUR, ...params });
  return app.inject({ method: 'GET', url: `/api/${path}?${qs}`, headers });
}

async function body(path: string, params: Record<string, string> = {}) {
  const res = await read(path, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const filters = (f: unknown[]) => ({ filters: JSON.stringify(f) });

const violation = (
  agent: [string, string, string],
  pathname: string,
  verified: boolean,
  fetches: number,
  first: number,
  last: number,
) => ({
  agent_id: agent[0],
  operator: agent[1],
  purpose: agent[2],
  pathname,
  verified,
  // In this design a fetch is verified by its operator's range only.
  verified_by: verified ? 'ip_range' : null,
  fetches,
  first_fetch: iso(at(first)),
  last_fetch: iso(at(last)),
});
const GPTBOT = ['gptbot', 'openai', 'training'] as [string, string, string];
const CLAUDEBOT = ['claudebot', 'anthropic', 'training'] as [string, string, string];
const UNKNOWN = ['unknown', 'unknown', 'other'] as [string, string, string];

describe('/api/policy/violations', () => {
  it('counts fetches the robots.txt then in force disallowed, per agent and path, verified and unverified apart', async () => {
    const { data, meta } = await body('policy/violations');
    expect(meta).toMatchObject({ rows: 4, query: { audience: 'agent' } });
    expect(data).toEqual([
      // 10:15 was allowed under v1; 10:35 and 10:50 fall under v2.
      violation(GPTBOT, '/private/x', true, 2, 35, 50),
      violation(UNKNOWN, '/private/y', false, 1, 55, 55),
      violation(GPTBOT, '/private/x', false, 1, 40, 40),
      violation(CLAUDEBOT, '/admin/x', false, 1, 20, 20),
    ]);
  });

  it('follows the window, and pages', async () => {
    const twoHours = await body('policy/violations', { end: iso(at(120)) });
    expect(twoHours.data[1]).toEqual(violation(CLAUDEBOT, '/admin/z', false, 1, 70, 70));
    expect(twoHours.data).toHaveLength(5);
    const page2 = await body('policy/violations', { limit: '2', page: '2' });
    expect(page2.data).toEqual([
      violation(GPTBOT, '/private/x', false, 1, 40, 40),
      violation(CLAUDEBOT, '/admin/x', false, 1, 20, 20),
    ]);
    expect((await body('policy/violations', { end: iso(at(30)) })).data).toEqual([
      violation(CLAUDEBOT, '/admin/x', false, 1, 20, 20),
    ]);
  });

  it('filters on agent dimensions', async () => {
    const only = async (dimension: string, op: string, value: unknown) =>
      (await body('policy/violations', filters([{ dimension, op, value }]))).data;
    expect(await only('verified', 'is', true)).toEqual([violation(GPTBOT, '/private/x', true, 2, 35, 50)]);
    expect(await only('agent_id', 'is', 'gptbot')).toEqual([
      violation(GPTBOT, '/private/x', true, 2, 35, 50),
      violation(GPTBOT, '/private/x', false, 1, 40, 40),
    ]);
    expect(await only('operator', 'is', 'anthropic')).toEqual([
      violation(CLAUDEBOT, '/admin/x', false, 1, 20, 20),
    ]);
    expect(await only('purpose', 'is', 'other')).toEqual([
      violation(UNKNOWN, '/private/y', false, 1, 55, 55),
    ]);
    expect(await only('status', 'is', 403)).toEqual([violation(GPTBOT, '/private/x', false, 1, 40, 40)]);
    expect(await only('pathname', 'starts_with', '/admin')).toEqual([
      violation(CLAUDEBOT, '/admin/x', false, 1, 20, 20),
    ]);
    expect(await only('country', 'is', 'FR')).toEqual([violation(CLAUDEBOT, '/admin/x', false, 1, 20, 20)]);
    expect(await only('asn', 'is', 64500)).toEqual([violation(UNKNOWN, '/private/y', false, 1, 55, 55)]);
  });
});

const GPTBOT_V2 = { group: 'GPTBot', allow: ['/private/open'], disallow: ['/private'] };
const STAR_V2 = { group: '*', allow: [], disallow: ['/admin', '/private'] };

describe('/api/policy', () => {
  it('gives the files in force at the window end parsed per agent, the llms.txt links and the version history', async () => {
    const { data, meta } = await body('policy');
    expect(data).toEqual({
      robots: { version: 2, valid_from: iso(at(30)), sitemaps: ['https://example.com/sitemap.xml'] },
      llms: { version: 1, valid_from: iso(at(10)), title: 'Example', summary: "The example site's docs." },
      groups: [
        { agents: ['GPTBot'], allow: ['/private/open'], disallow: ['/private'] },
        { agents: ['*'], allow: [], disallow: ['/admin', '/private'] },
      ],
      agents: [
        { agent_id: 'gptbot', operator: 'openai', purpose: 'training', fetches: 6, ...GPTBOT_V2 },
        { agent_id: 'claudebot', operator: 'anthropic', purpose: 'training', fetches: 1, ...STAR_V2 },
        // An agent the catalog does not know obeys the * group.
        { agent_id: 'unknown', operator: 'unknown', purpose: 'other', fetches: 1, ...STAR_V2 },
      ],
      listed: [
        {
          section: 'Docs',
          optional: false,
          title: 'Guide',
          url: 'https://example.com/guide',
          notes: 'start here',
        },
        { section: 'Docs', optional: false, title: 'Open', url: '/private/open' },
        { section: 'Optional', optional: true, title: 'Changelog', url: '/changelog' },
      ],
      versions: [
        {
          kind: 'robots',
          version: 1,
          valid_from: iso(at(10)),
          valid_to: iso(at(30)),
          source: 'upload',
          in_force: false,
        },
        {
          kind: 'robots',
          version: 2,
          valid_from: iso(at(30)),
          valid_to: null,
          source: 'upload',
          in_force: true,
        },
        {
          kind: 'llms',
          version: 1,
          valid_from: iso(at(10)),
          valid_to: null,
          source: 'upload',
          in_force: true,
        },
      ],
    });
    expect(meta.rows).toBe(2 + 3 + 3 + 3);
  });

  it('takes the version in force before the window end: v1 for a window ending as v2 begins', async () => {
    const { data } = await body('policy', { end: iso(at(30)) });
    expect(data.robots).toEqual({ version: 1, valid_from: iso(at(10)), sitemaps: [] });
    expect(data.groups).toEqual([{ agents: ['*'], allow: [], disallow: ['/admin'] }]);
    expect(data.agents).toEqual([
      {
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        fetches: 2,
        group: '*',
        allow: [],
        disallow: ['/admin'],
      },
      {
        agent_id: 'claudebot',
        operator: 'anthropic',
        purpose: 'training',
        fetches: 1,
        group: '*',
        allow: [],
        disallow: ['/admin'],
      },
    ]);
    expect(data.versions.map((v: { version: number; in_force: boolean }) => [v.version, v.in_force])).toEqual(
      [
        [1, true],
        [1, true],
      ],
    );
  });

  it('has no file, group or link before the first version, and says nothing absent', async () => {
    const { data, meta } = await body('policy', { start: iso(at(-60)), end: iso(at(5)) });
    expect(data).toEqual({ groups: [], agents: [], listed: [], versions: [] });
    expect(meta.rows).toBe(0);
    const early = await body('policy', { start: iso(at(-60)), end: iso(at(6)) });
    expect(early.data.agents).toEqual([
      {
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        fetches: 1,
        group: null,
        allow: [],
        disallow: [],
      },
    ]);
  });

  it('selects the agents by their fetches in the window: filters on agent dimensions', async () => {
    const agents = async (f: unknown[]) =>
      (await body('policy', filters(f))).data.agents.map((a: { agent_id: string; fetches: number }) => [
        a.agent_id,
        a.fetches,
      ]);
    expect(await agents([{ dimension: 'verified', op: 'is', value: true }])).toEqual([['gptbot', 4]]);
    expect(await agents([{ dimension: 'agent_id', op: 'is', value: 'claudebot' }])).toEqual([
      ['claudebot', 1],
    ]);
    expect(await agents([{ dimension: 'operator', op: 'is_not', value: 'openai' }])).toEqual([
      ['claudebot', 1],
      ['unknown', 1],
    ]);
    expect(await agents([{ dimension: 'purpose', op: 'is', value: 'other' }])).toEqual([['unknown', 1]]);
    expect(await agents([{ dimension: 'status', op: 'is', value: 403 }])).toEqual([['gptbot', 1]]);
    expect(await agents([{ dimension: 'pathname', op: 'starts_with', value: '/private/open' }])).toEqual([
      ['gptbot', 1],
    ]);
    expect(await agents([{ dimension: 'country', op: 'is', value: 'FR' }])).toEqual([['claudebot', 1]]);
    expect(await agents([{ dimension: 'asn', op: 'is', value: 64500 }])).toEqual([['unknown', 1]]);
    // The file itself is not filtered.
    const filtered = await body('policy', filters([{ dimension: 'agent_id', op: 'is', value: 'claudebot' }]));
    expect(filtered.data.groups).toHaveLength(2);
  });
});

describe('/api/policy: Content Signals', () => {
  it('reports the Content-Signal lines of each group and those before the first group', async () => {
    const signalled = (await createSite(app, cookie, { domain: 'signals.example', timezone: 'UTC' })).id;
    const text = `Content-Signal: ai-train=no
User-agent: GPTBot
Disallow: /

User-Agent: *
Content-Signal: search=yes, ai-input=no, ai-train=no
Allow: /
`;
    await t.database.pool.query(
      `INSERT INTO policy_files (site_id, kind, version, body, sha256, source, valid_from)
       VALUES ($1, 'robots', 1, $2, sha256(convert_to($2, 'UTF8')), 'upload', $3)`,
      [signalled, text, iso(at(10))],
    );
    const res = await app.inject({
      method: 'GET',
      url: `/api/policy?${new URLSearchParams({ site: String(signalled), ...FIRST_HOUR })}`,
      headers: { cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.robots).toEqual({
      version: 1,
      valid_from: iso(at(10)),
      sitemaps: [],
      content_signals: { 'ai-train': 'no' },
    });
    expect(data.groups).toEqual([
      { agents: ['GPTBot'], allow: [], disallow: ['/'] },
      {
        agents: ['*'],
        allow: ['/'],
        disallow: [],
        content_signals: { search: 'yes', 'ai-input': 'no', 'ai-train': 'no' },
      },
    ]);
  });
});

describe('policy reads: audience and credentials', () => {
  it('answer the agent readership only, naming the parameter they refuse', async () => {
    for (const path of ['policy', 'policy/violations'])
      for (const audience of ['human', 'all']) {
        const res = await read(path, { audience });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'audience' });
      }
    for (const path of ['policy', 'policy/violations']) {
      const res = await read(path, { compare: 'previous' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'compare' });
    }
    for (const [params, field] of [
      [{ limit: '0' }, 'limit'],
      [{ page: 'x' }, 'page'],
      [filters([{ dimension: 'referrer', op: 'is', value: 'x' }]), 'filters'],
    ] as const) {
      const res = await read('policy/violations', params);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    }
  });

  it('take the site’s API key or its owner’s session; anything else is 401 or 403', async () => {
    const { key } = await createKey(app, cookie, site);
    const stranger = await signUp(app);
    for (const path of ['policy', 'policy/violations']) {
      expect((await read(path, {}, {})).statusCode).toBe(401);
      expect((await read(path, {}, { authorization: `Bearer ${key}` })).statusCode).toBe(200);
      expect((await read(path, {}, { cookie: stranger.cookie })).statusCode).toBe(403);
    }
  });
});
