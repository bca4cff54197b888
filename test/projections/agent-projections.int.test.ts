import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCoverageProjection } from '../../projections/agent-coverage/projection.js';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { agentRollupMinuteProjection } from '../../projections/agent-rollup-minute/projection.js';
import { citationGapProjection } from '../../projections/citation-gap/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import type { StreamEvent } from '../../streams/events.js';
import { createTestDatabase, insertSite, type TestDatabase } from '../support/database.js';
import { fetched, hit, MIN, OPENAI_RANGE, T0, UA } from '../support/events.js';
import { foldTwice, messages } from '../support/projection-spec.js';

const catalog = loadCatalog();
let db: TestDatabase;
let site: number;

const ROBOTS_V1 = `User-agent: GPTBot
Disallow: /private
Allow: /private/open

User-agent: *
Disallow: /admin
`;
const ROBOTS_V2 = `User-agent: GPTBot
Disallow: /
`;
const LLMS = `# Example
> The example site's docs.

## Docs
- [Guide](https://example.com/guide): start here
- [Open](/private/open)
`;

const at = (minutes: number, seconds = 0) => T0 + minutes * MIN + seconds * 1000;
const hhmm = `to_char(%s AT TIME ZONE 'UTC', 'HH24:MI:SS')`;
const time = (col: string) => hhmm.replace('%s', col);

beforeAll(async () => {
  db = await createTestDatabase();
  site = await insertSite(db.pool, 'example.com');
  // robots.txt v1 from 10:10, v2 from 10:30; llms.txt from 10:10. Fetches before 10:10 have no file in force.
  const policy = `INSERT INTO policy_files (site_id, kind, version, body, sha256, source, valid_from)
    VALUES ($1, $2, $3, $4, sha256(convert_to($4, 'UTF8')), 'upload', $5)`;
  await db.pool.query(policy, [site, 'robots', 1, ROBOTS_V1, new Date(at(10)).toISOString()]);
  await db.pool.query(policy, [site, 'robots', 2, ROBOTS_V2, new Date(at(30)).toISOString()]);
  await db.pool.query(policy, [site, 'llms', 1, LLMS, new Date(at(10)).toISOString()]);

  // The designed crawl: verified and spoofed GPTBot, ClaudeBot (no published ranges), an unknown
  // agent from an OpenAI range; and the human sessions whose entries are the arrivals.
  const groups: StreamEvent[][] = [
    [
      fetched({ site, ts: at(5), pathname: '/private/x', ranges: [OPENAI_RANGE] }),
      fetched({ site, ts: at(15), pathname: '/private/x', ranges: [OPENAI_RANGE] }),
    ],
    [
      fetched({ site, ts: at(15, 30), pathname: '/private/open' }),
      fetched({
        site,
        ts: at(20),
        pathname: '/admin/x',
        user_agent: UA.claudebot,
        status: 404,
        bytes: 200,
        content_type: 'text/plain',
      }),
    ],
    [
      fetched({
        site,
        ts: at(40),
        pathname: '/guide',
        user_agent: UA.unknown,
        status: 301,
        ranges: [OPENAI_RANGE],
      }),
      fetched({
        site,
        ts: at(40, 20),
        pathname: '/guide',
        ranges: [OPENAI_RANGE],
        status: 304,
        bytes: 0,
        conditional: 1,
      }),
      hit({ site, visitor: 'a', ts: at(41), pathname: '/guide', referrer: 'https://chatgpt.com/' }),
      hit({ site, visitor: 'a', ts: at(43), pathname: '/pricing' }),
    ],
    [
      hit({ site, visitor: 'b', ts: at(50), pathname: '/guide' }),
      hit({ site, visitor: 'c', ts: at(52), pathname: '/docs', query: 'utm_source=perplexity.ai' }),
    ],
    // Late: visitor a's session really began at 10:39 on /start, with no referrer.
    [hit({ site, visitor: 'a', ts: at(39), pathname: '/start' })],
  ];
  const msgs = messages(groups);
  for (const p of [
    agentFetchesProjection(catalog),
    agentRollupMinuteProjection(catalog),
    agentCoverageProjection(catalog),
    citationGapProjection(catalog),
  ])
    await foldTwice(db.pool, p, msgs, 2);
});
afterAll(() => db.drop());

describe('agent projections over a designed crawl', () => {
  it('classifies each fetch when folding: verified only from its own operator’s ranges, policy verdicts by the file in force', async () => {
    const { rows } = await db.pool.query(
      `SELECT ${time('ts')} AS t, pathname, agent_id, operator, purpose, verified, verified_by, robots_allowed, llms_listed, status, conditional
       FROM agent_fetches WHERE site_id = $1 ORDER BY ts`,
      [site],
    );
    expect(rows).toEqual([
      // 10:05: no robots.txt or llms.txt in force yet.
      {
        t: '10:05:00',
        pathname: '/private/x',
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        verified: true,
        verified_by: 'ip_range',
        robots_allowed: null,
        llms_listed: null,
        status: 200,
        conditional: false,
      },
      // v1: GPTBot's own group disallows /private.
      {
        t: '10:15:00',
        pathname: '/private/x',
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        verified: true,
        verified_by: 'ip_range',
        robots_allowed: false,
        llms_listed: false,
        status: 200,
        conditional: false,
      },
      // A GPTBot user agent from outside OpenAI's ranges: GPTBot, unverified; the longer Allow wins.
      {
        t: '10:15:30',
        pathname: '/private/open',
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        verified: false,
        verified_by: null,
        robots_allowed: true,
        llms_listed: true,
        status: 200,
        conditional: false,
      },
      // ClaudeBot has no group of its own: the * group disallows /admin.
      {
        t: '10:20:00',
        pathname: '/admin/x',
        agent_id: 'claudebot',
        operator: 'anthropic',
        purpose: 'training',
        verified: false,
        verified_by: null,
        robots_allowed: false,
        llms_listed: false,
        status: 404,
        conditional: false,
      },
      // v2 names only GPTBot: an unknown agent (from an OpenAI range) is allowed; llms.txt lists /guide.
      {
        t: '10:40:00',
        pathname: '/guide',
        agent_id: 'unknown',
        operator: 'openai',
        purpose: 'other',
        verified: false,
        verified_by: null,
        robots_allowed: true,
        llms_listed: true,
        status: 301,
        conditional: false,
      },
      {
        t: '10:40:20',
        pathname: '/guide',
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        verified: true,
        verified_by: 'ip_range',
        robots_allowed: false,
        llms_listed: true,
        status: 304,
        conditional: true,
      },
    ]);
  });

  it('stores no address, only its digest, and the user agent of the agent', async () => {
    const { rows } = await db.pool.query(
      `SELECT DISTINCT address_digest, user_agent FROM agent_fetches WHERE site_id = $1 AND agent_id = 'claudebot'`,
      [site],
    );
    expect(rows).toEqual([{ address_digest: 'a'.repeat(64), user_agent: UA.claudebot }]);
  });

  it('rolls fetches, HTML fetches and bytes up per minute, agent, operator, purpose, status class and verification', async () => {
    const { rows } = await db.pool.query(
      `SELECT ${time('minute')} AS m, agent_id, operator, purpose, status_class, verified, verified_by, fetches::int, html_fetches::int, bytes::int
       FROM agent_rollup_minute WHERE site_id = $1 ORDER BY minute, agent_id, verified`,
      [site],
    );
    expect(rows).toEqual([
      {
        m: '10:05:00',
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        status_class: 2,
        verified: true,
        verified_by: 'ip_range',
        fetches: 1,
        html_fetches: 1,
        bytes: 1000,
      },
      {
        m: '10:15:00',
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        status_class: 2,
        verified: false,
        verified_by: null,
        fetches: 1,
        html_fetches: 1,
        bytes: 1000,
      },
      {
        m: '10:15:00',
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        status_class: 2,
        verified: true,
        verified_by: 'ip_range',
        fetches: 1,
        html_fetches: 1,
        bytes: 1000,
      },
      {
        m: '10:20:00',
        agent_id: 'claudebot',
        operator: 'anthropic',
        purpose: 'training',
        status_class: 4,
        verified: false,
        verified_by: null,
        fetches: 1,
        html_fetches: 0,
        bytes: 200,
      },
      {
        m: '10:40:00',
        agent_id: 'gptbot',
        operator: 'openai',
        purpose: 'training',
        status_class: 3,
        verified: true,
        verified_by: 'ip_range',
        fetches: 1,
        html_fetches: 1,
        bytes: 0,
      },
      {
        m: '10:40:00',
        agent_id: 'unknown',
        operator: 'openai',
        purpose: 'other',
        status_class: 3,
        verified: false,
        verified_by: null,
        fetches: 1,
        html_fetches: 1,
        bytes: 1000,
      },
    ]);
  });

  it('keeps per URL the first and last crawl, fetches and bytes, and per URL and agent the verified fetches', async () => {
    const urls = await db.pool.query(
      `SELECT pathname, ${time('first_crawl')} AS first, ${time('last_crawl')} AS last, fetches::int, bytes::int
       FROM url_coverage WHERE site_id = $1 ORDER BY pathname`,
      [site],
    );
    expect(urls.rows).toEqual([
      { pathname: '/admin/x', first: '10:20:00', last: '10:20:00', fetches: 1, bytes: 200 },
      { pathname: '/guide', first: '10:40:00', last: '10:40:20', fetches: 2, bytes: 1000 },
      { pathname: '/private/open', first: '10:15:30', last: '10:15:30', fetches: 1, bytes: 1000 },
      { pathname: '/private/x', first: '10:05:00', last: '10:15:00', fetches: 2, bytes: 2000 },
    ]);
    const agents = await db.pool.query(
      `SELECT pathname, agent_id, fetches::int, verified_fetches::int FROM url_coverage_agents
       WHERE site_id = $1 ORDER BY pathname, agent_id`,
      [site],
    );
    expect(agents.rows).toEqual([
      { pathname: '/admin/x', agent_id: 'claudebot', fetches: 1, verified_fetches: 0 },
      { pathname: '/guide', agent_id: 'gptbot', fetches: 1, verified_fetches: 1 },
      { pathname: '/guide', agent_id: 'unknown', fetches: 1, verified_fetches: 0 },
      { pathname: '/private/open', agent_id: 'gptbot', fetches: 1, verified_fetches: 0 },
      { pathname: '/private/x', agent_id: 'gptbot', fetches: 2, verified_fetches: 2 },
    ]);
  });

  it('keeps the citation gap’s inputs: fetches per URL by operator and purpose, arrivals per entry URL by channel', async () => {
    const fetches = await db.pool.query(
      `SELECT pathname, ${time('minute')} AS m, operator, purpose, fetches::int, html_fetches::int
       FROM url_fetch_minute WHERE site_id = $1 ORDER BY pathname, minute, purpose`,
      [site],
    );
    expect(fetches.rows).toEqual([
      {
        pathname: '/admin/x',
        m: '10:20:00',
        operator: 'anthropic',
        purpose: 'training',
        fetches: 1,
        html_fetches: 0,
      },
      {
        pathname: '/guide',
        m: '10:40:00',
        operator: 'openai',
        purpose: 'other',
        fetches: 1,
        html_fetches: 1,
      },
      {
        pathname: '/guide',
        m: '10:40:00',
        operator: 'openai',
        purpose: 'training',
        fetches: 1,
        html_fetches: 1,
      },
      {
        pathname: '/private/open',
        m: '10:15:00',
        operator: 'openai',
        purpose: 'training',
        fetches: 1,
        html_fetches: 1,
      },
      {
        pathname: '/private/x',
        m: '10:05:00',
        operator: 'openai',
        purpose: 'training',
        fetches: 1,
        html_fetches: 1,
      },
      {
        pathname: '/private/x',
        m: '10:15:00',
        operator: 'openai',
        purpose: 'training',
        fetches: 1,
        html_fetches: 1,
      },
    ]);
    // Visitor a's session first looked like an answer-engine arrival on /guide at 10:41; the late
    // hit moved its start to 10:39 on /start with no referrer, so that arrival was taken back.
    const arrivals = await db.pool.query(
      `SELECT pathname, ${time('minute')} AS m, channel, source, arrivals::int FROM url_arrival_minute
       WHERE site_id = $1 AND arrivals <> 0 ORDER BY minute`,
      [site],
    );
    expect(arrivals.rows).toEqual([
      { pathname: '/start', m: '10:39:00', channel: 'direct', source: '', arrivals: 1 },
      { pathname: '/guide', m: '10:50:00', channel: 'direct', source: '', arrivals: 1 },
      { pathname: '/docs', m: '10:52:00', channel: 'answer_engine', source: 'Perplexity', arrivals: 1 },
    ]);
    const total = await db.pool.query(
      `SELECT sum(arrivals)::int AS n FROM url_arrival_minute WHERE site_id = $1`,
      [site],
    );
    expect(total.rows[0].n).toBe(3);
  });
});
