import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { agentRollupMinuteProjection } from '../../projections/agent-rollup-minute/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, UA } from '../support/events.js';
import { addMember } from '../support/members.js';
import { messages } from '../support/projection-spec.js';

/*
 * robots.example keeps the robots.txt CURRENT. Its agents' fetches, from now back (the window is
 * the last 30 days):
 *   GPTBot (training)           1 h, 2 d, 29 d; /robots.txt at 1 h; 31 d       → 3 counted
 *   ClaudeBot (training)        3 h, 5 d                                          → 2
 *   ChatGPT-User (user_action)  10 min, 20 min, 6 d, 20 d                         → 4
 *   bingbot (search)            2 h; /robots.txt at 4 d                           → 1
 *   an unknown agent            1 h twice                                         → never (the * group)
 * bare.example has no robots.txt and one GPTBot fetch (1 h), which robots.example never counts.
 */
const CURRENT = `User-agent: GPTBot
Disallow: /private

User-agent: *
Disallow: /admin

Sitemap: https://robots.example/sitemap.xml
Sitemap: https://robots.example/news.xml
`;
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const BINGBOT = 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)';

const SIGNALS_COMMENT = `# Content Signals (https://contentsignals.org): how content fetched from this site may be used.
# yes: the use is allowed; no: it is not; a use left out is neither allowed nor refused here.
# search: building a search index and showing links and short excerpts (not AI summaries).
# ai-input: giving content to an AI model to answer with (retrieval, grounding, AI answers).
# ai-train: training or fine-tuning AI models.`;

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;
let bare: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'robots.example' })).id;
  bare = (await createSite(app, cookie, { domain: 'bare.example' })).id;
  const upload = await app.inject({
    method: 'PUT',
    url: `/api/sites/${site}/policy/robots.txt`,
    headers: { cookie, 'content-type': 'text/plain' },
    payload: CURRENT,
  });
  expect(upload.statusCode).toBe(204);
  const now = Date.now();
  const ago = (ms: number, user_agent: string, pathname = '/page', on = site) =>
    fetched({ site: on, ts: now - ms, user_agent, pathname });
  const crawl = [
    ago(HOUR, UA.gptbot),
    ago(2 * DAY, UA.gptbot),
    ago(29 * DAY, UA.gptbot),
    ago(HOUR, UA.gptbot, '/robots.txt'),
    ago(31 * DAY, UA.gptbot),
    ago(3 * HOUR, UA.claudebot),
    ago(5 * DAY, UA.claudebot),
    ago(10 * MIN, UA.chatgptUser),
    ago(20 * MIN, UA.chatgptUser),
    ago(6 * DAY, UA.chatgptUser),
    ago(20 * DAY, UA.chatgptUser),
    ago(2 * HOUR, BINGBOT),
    ago(4 * DAY, BINGBOT, '/robots.txt'),
    ago(HOUR, UA.unknown),
    ago(HOUR, UA.unknown),
    ago(HOUR, UA.gptbot, '/page', bare),
  ];
  const catalog = loadCatalog();
  for (const p of [agentFetchesProjection(catalog), agentRollupMinuteProjection(catalog)])
    await foldBatch(t.deps.db, p, messages([crawl]));
});
afterAll(() => t?.close());

function suggest(params: Record<string, string>, headers: Record<string, string> = { cookie }, id = site) {
  const qs = new URLSearchParams(params);
  return app.inject({ method: 'GET', url: `/api/sites/${id}/robots/suggest?${qs}`, headers });
}

async function suggestion(params: Record<string, string>, id = site) {
  const res = await suggest(params, { cookie }, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const userAgents = (text: string) => text.split('\n').filter((l) => l.startsWith('User-agent: '));

describe('GET /api/sites/:id/robots/suggest', () => {
  it('builds the file for per-agent choices, keeps the sitemaps, and diffs it from the current file', async () => {
    const data = await suggestion({ agents: 'gptbot:disallow,bingbot:disallow,chatgpt-user:disallow' });
    const text = `${SIGNALS_COMMENT}

# training
User-agent: GPTBot
Disallow: /

# search
User-agent: bingbot
Disallow: /

# user_action
User-agent: ChatGPT-User
Disallow: /

User-agent: *
Content-Signal: search=yes, ai-input=yes, ai-train=yes
Allow: /

Sitemap: https://robots.example/sitemap.xml
Sitemap: https://robots.example/news.xml
`;
    expect(data.text).toBe(text);
    expect(data.current).toBe(CURRENT);
    const [comment1, comment2, comment3, comment4, comment5] = SIGNALS_COMMENT.split('\n');
    expect(data.diff).toEqual([
      { op: '+', line: comment1 },
      { op: '+', line: comment2 },
      { op: '+', line: comment3 },
      { op: '+', line: comment4 },
      { op: '+', line: comment5 },
      { op: '+', line: '' },
      { op: '+', line: '# training' },
      { op: ' ', line: 'User-agent: GPTBot' },
      { op: '-', line: 'Disallow: /private' },
      { op: '+', line: 'Disallow: /' },
      { op: ' ', line: '' },
      { op: '+', line: '# search' },
      { op: '+', line: 'User-agent: bingbot' },
      { op: '+', line: 'Disallow: /' },
      { op: '+', line: '' },
      { op: '+', line: '# user_action' },
      { op: '+', line: 'User-agent: ChatGPT-User' },
      { op: '+', line: 'Disallow: /' },
      { op: '+', line: '' },
      { op: ' ', line: 'User-agent: *' },
      { op: '-', line: 'Disallow: /admin' },
      { op: '+', line: 'Content-Signal: search=yes, ai-input=yes, ai-train=yes' },
      { op: '+', line: 'Allow: /' },
      { op: ' ', line: '' },
      { op: ' ', line: 'Sitemap: https://robots.example/sitemap.xml' },
      { op: ' ', line: 'Sitemap: https://robots.example/news.xml' },
    ]);
    // Fetches of /robots.txt, older than 30 days, of other sites or of other agents are not counted.
    expect(data.disallowed_fetches).toEqual([
      { group: 'training', fetches: 3 },
      { group: 'search', fetches: 1 },
      { group: 'user_action', fetches: 4 },
    ]);
  });

  it('disallows every agent of a purpose but those allowed by name, and says so in Content-Signal', async () => {
    const training = loadCatalog().agents.filter((a) => a.purpose === 'training');
    const all = await suggestion({ training: 'disallow' });
    const tokens = new Set(training.flatMap((a) => a.robots_tokens.map((t) => t.toLowerCase())));
    expect(userAgents(all.text)).toHaveLength(tokens.size + 1);
    expect(all.text).toContain('User-agent: ClaudeBot\n');
    expect(all.text).toContain(
      'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n',
    );
    expect(all.disallowed_fetches).toEqual([{ group: 'training', fetches: 5 }]);

    const butClaude = await suggestion({ training: 'disallow', agents: 'claudebot:allow' });
    expect(userAgents(butClaude.text)).toHaveLength(tokens.size);
    expect(butClaude.text).not.toContain('ClaudeBot');
    expect(butClaude.disallowed_fetches).toEqual([{ group: 'training', fetches: 3 }]);
    // The same choice by robots token, in any case, as a robots.txt names the agent.
    expect(await suggestion({ training: 'disallow', agents: 'CLAUDEBOT:allow' })).toEqual(butClaude);
  });

  it('takes robots tokens as well as catalog ids', async () => {
    expect(await suggestion({ agents: 'GPTBot:disallow,bingbot:disallow,ChatGPT-User:disallow' })).toEqual(
      await suggestion({ agents: 'gptbot:disallow,bingbot:disallow,chatgpt-user:disallow' }),
    );
  });

  it('lists a disallowing group without fetches as 0, and writes search=no for disallowed search', async () => {
    const data = await suggestion({ search: 'disallow', other: 'disallow', user_action: 'disallow' });
    expect(data.text).toContain('Content-Signal: search=no, ai-input=no, ai-train=yes\n');
    expect(data.disallowed_fetches).toEqual([
      { group: 'search', fetches: 1 },
      { group: 'user_action', fetches: 4 },
      { group: 'other', fetches: 0 },
    ]);
  });

  it('answers current null for a site without robots.txt, the whole suggestion added', async () => {
    const data = await suggestion({ agents: 'gptbot:disallow' }, bare);
    expect(data.current).toBeNull();
    expect(data.text).toBe(`${SIGNALS_COMMENT}

# training
User-agent: GPTBot
Disallow: /

User-agent: *
Content-Signal: search=yes, ai-input=yes, ai-train=yes
Allow: /
`);
    expect(data.diff.every((d: { op: string }) => d.op === '+')).toBe(true);
    expect(data.diff.map((d: { line: string }) => d.line).join('\n') + '\n').toBe(data.text);
    expect(data.disallowed_fetches).toEqual([{ group: 'training', fetches: 1 }]);
  });

  it('refuses bad choices with 400 validation_error naming the parameter', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `agent-${i}:allow`).join(',');
    for (const [params, field] of [
      [{ training: 'no' }, 'training'],
      [{ other: '' }, 'other'],
      [{ agents: 'gptbot' }, 'agents[0]'],
      [{ agents: 'gptbot:allow,GPTBot:disallow' }, 'agents[1]'],
      [{ agents: 'gptbot:allow,gptbot:disallow' }, 'agents[1]'],
      [{ agents: 'gptbot:allow,nobody-bot:disallow' }, 'agents[1]'],
      [{ agents: 'gptbot:allow,Claude Bot:disallow' }, 'agents[1]'],
      [{ agents: many }, 'agents'],
      [{ agents: 'a'.repeat(20_000) }, 'agents'],
    ] as const) {
      const res = await suggest(params);
      expect(res.statusCode, JSON.stringify(params).slice(0, 80)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    }
    const twice = await app.inject({
      method: 'GET',
      url: `/api/sites/${site}/robots/suggest?training=allow&training=disallow`,
      headers: { cookie },
    });
    expect(twice.json().error).toMatchObject({ code: 'validation_error', field: 'training' });
  });

  it('answers the owner, an admin and an admin’s key of the site; refuses viewers, strangers and other keys', async () => {
    const admin = await addMember(app, cookie, site, 'admin');
    const viewer = await addMember(app, cookie, site, 'viewer');
    const stranger = await signUp(app);
    const { key } = await createKey(app, admin.cookie, site, 'admin key');
    const { key: bareKey } = await createKey(app, cookie, bare, 'bare key');
    const status = async (headers: Record<string, string>, id = site) =>
      (await suggest({}, headers, id)).statusCode;
    expect(await status({ cookie })).toBe(200);
    expect(await status({ cookie: admin.cookie })).toBe(200);
    expect(await status({ authorization: `Bearer ${key}` })).toBe(200);
    expect(await status({ cookie: viewer.cookie })).toBe(403);
    expect(await status({ cookie: stranger.cookie })).toBe(403);
    expect(await status({ authorization: `Bearer ${bareKey}` })).toBe(403);
    expect(await status({ authorization: `Bearer ${key}` }, 999_999)).toBe(403);
    expect(await status({})).toBe(401);
    expect(await status({ cookie }, 999_999)).toBe(404);
    expect(await status({ cookie: viewer.cookie }, bare)).toBe(403);
  });
});
