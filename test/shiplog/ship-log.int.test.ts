import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projector } from '../../src/projector/projector.js';
import { shipLog } from '../../src/shiplog/ship-log.js';
import { createSite, signUp, type SiteWithKey } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';
import { streamEvents } from '../support/stream.js';

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
const CURL = 'curl/8.4.0';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** `$time_local` for an instant, written in a time zone `offsetMin` minutes east of UTC. */
function timeLocal(ms: number, offsetMin: number): string {
  const d = new Date(ms + offsetMin * 60_000);
  const off = Math.abs(offsetMin);
  return (
    `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ` +
    `${offsetMin < 0 ? '-' : '+'}${pad(Math.floor(off / 60))}${pad(off % 60)}`
  );
}

// An hour ago, in whole seconds; line i is at base + i seconds.
const base = Math.floor(Date.now() / 1000) * 1000 - 3_600_000;
const at = (i: number) => base + i * 1000;
const entry = (
  i: number,
  ip: string,
  req: string,
  status: number,
  bytes: number,
  ref: string,
  ua: string,
  tail = '',
) =>
  `${ip} - - [${timeLocal(at(i), i % 2 ? 120 : -420)}] "${req}" ${status} ${bytes} "${ref}" "${ua}"${tail}`;

/**
 * Crawlers inside and outside OpenAI's published GPTBot ranges (20.171.206.0/24 is in the shipped
 * snapshot), people's pageviews and assets, and lines that send nothing.
 */
const LOG = [
  entry(0, '20.171.206.10', 'GET /guide HTTP/1.1', 200, 5120, '-', GPTBOT, ' "-" 0.012'),
  entry(1, '8.8.8.8', 'GET /guide?ref=x HTTP/1.1', 200, 5120, '-', GPTBOT, ' "-" 0.250'),
  entry(2, '20.171.206.11', 'GET /guide HTTP/1.1', 304, 0, '-', GPTBOT),
  entry(3, '20.171.206.12', 'GET /robots.txt HTTP/1.1', 200, 68, '-', CLAUDEBOT),
  entry(4, '2600:1f18::7', 'GET /assets/app.css HTTP/2.0', 200, 900, '-', CLAUDEBOT),
  entry(5, '198.51.100.20', 'HEAD /feed.xml HTTP/1.1', 200, 0, '-', CURL),
  entry(6, '198.51.100.21', 'GET /people/jane.doe HTTP/1.1', 404, 153, '-', '-'),
  entry(
    7,
    '1.1.1.1',
    'GET /pricing?utm_source=chatgpt.com HTTP/2.0',
    200,
    7000,
    'https://chatgpt.com/',
    SAFARI,
    ' "-" 0.040',
  ),
  entry(8, '1.1.1.1', 'GET /assets/app.css HTTP/2.0', 200, 900, 'https://docs.example/pricing', SAFARI),
  entry(9, '1.1.1.1', 'GET /logo.png HTTP/2.0', 304, 0, 'https://docs.example/pricing', SAFARI),
  entry(10, '1.1.1.1', 'GET / HTTP/2.0', 304, 0, '-', SAFARI),
  entry(11, '1.1.1.1', 'POST /signup HTTP/2.0', 302, 0, 'https://docs.example/', SAFARI),
  entry(12, '1.1.1.1', 'GET /missing HTTP/2.0', 404, 150, '-', SAFARI),
  entry(13, '192.0.2.50', '-', 400, 0, '-', '-'),
  entry(14, '192.0.2.51', '\\x16\\x03\\x01\\x00\\xF1\\x01\\x00\\x00\\xED', 400, 157, '-', '-'),
  '',
  // An hour and a half ahead of this clock: the endpoint would refuse it.
  entry(5_400, '20.171.206.10', 'GET /later HTTP/1.1', 200, 10, '-', GPTBOT),
].join('\n');

const EXPECTED_RESULT = {
  lines: 17,
  agentRows: 7,
  humanRows: 2,
  skipped: {
    human_asset: 2,
    human_non_get: 1,
    human_unsuccessful: 1,
    malformed_request: 2,
    empty_line: 1,
    future_time: 1,
  },
};

const fetchRow = (e: Record<string, unknown>) => ({
  ts: e.ts,
  user_agent: e.user_agent,
  method: e.method,
  hostname: e.hostname,
  pathname: e.pathname,
  status: e.status,
  bytes: e.bytes,
  duration_ms: e.duration_ms,
  content_type: e.content_type,
  conditional: e.conditional,
  ranges: e.ranges,
});
const gptRange = [{ family: 'gptbot', operator: 'openai', cidr: '20.171.206.0/24' }];
const fetchBase = { method: 'GET', status: 200, duration_ms: 0, conditional: 0, ranges: [] };
const EXPECTED_FETCHES = (hostname: string) => [
  {
    ...fetchBase,
    ts: at(0),
    user_agent: GPTBOT,
    hostname,
    pathname: '/guide',
    bytes: 5120,
    duration_ms: 12,
    content_type: 'text/html',
    ranges: gptRange,
  },
  // A spoofed GPTBot: outside every published range; crawl records carry no query.
  {
    ...fetchBase,
    ts: at(1),
    user_agent: GPTBOT,
    hostname,
    pathname: '/guide',
    bytes: 5120,
    duration_ms: 250,
    content_type: 'text/html',
  },
  {
    ...fetchBase,
    ts: at(2),
    user_agent: GPTBOT,
    hostname,
    pathname: '/guide',
    status: 304,
    bytes: 0,
    content_type: 'text/html',
    conditional: 1,
    ranges: gptRange,
  },
  {
    ...fetchBase,
    ts: at(3),
    user_agent: CLAUDEBOT,
    hostname,
    pathname: '/robots.txt',
    bytes: 68,
    content_type: 'text/plain',
    ranges: gptRange,
  },
  {
    ...fetchBase,
    ts: at(4),
    user_agent: CLAUDEBOT,
    hostname,
    pathname: '/assets/app.css',
    bytes: 900,
    content_type: 'text/css',
  },
  {
    ...fetchBase,
    ts: at(5),
    user_agent: CURL,
    method: 'HEAD',
    hostname,
    pathname: '/feed.xml',
    bytes: 0,
    content_type: 'application/xml',
  },
  {
    ...fetchBase,
    ts: at(6),
    user_agent: '',
    hostname,
    pathname: '/people/jane.doe',
    status: 404,
    bytes: 153,
    content_type: 'application/octet-stream',
  },
];

let t: TestApp;
let workers: Projector[];
let endpoint: string;
let cookie: string;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp();
  workers = await startProjectors(t.deps);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  endpoint = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ cookie } = await signUp(t.app));
  dir = await mkdtemp(join(tmpdir(), 'twofold-shiplog-'));
});
afterAll(async () => {
  for (const w of workers ?? []) await w.stop();
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const siteEvents = async (site: number) => {
  const all = (await streamEvents(t.deps)).filter((e) => e.site === site);
  return {
    fetches: all.filter((e) => e.type === 'FetchRecorded'),
    pageviews: all.filter((e) => e.type === 'HitRecorded'),
  };
};

describe('shipLog against the real edge endpoint', () => {
  let site: SiteWithKey;
  beforeAll(async () => {
    site = await createSite(t.app, cookie, { domain: 'docs.example' });
  });

  it('ships crawl records and pageviews, skipping what is neither, and stores exactly them', async () => {
    const file = join(dir, 'access.log');
    await writeFile(file, `${LOG}\n`);
    const messages: string[] = [];
    const result = await shipLog({
      file,
      site: site.id,
      key: site.ingest_key,
      endpoint,
      hostname: 'docs.example',
      log: (m) => messages.push(m),
    });
    expect(result).toEqual(EXPECTED_RESULT);
    expect(messages.at(-1)).toBe('ship-log: 17 lines, 9 rows queued, 8 lines skipped; done');

    const { fetches, pageviews } = await siteEvents(site.id);
    expect(fetches.map(fetchRow)).toEqual(EXPECTED_FETCHES('docs.example'));
    // Addresses are digested by the server; none reaches the stream.
    for (const f of fetches) expect(f.address).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(fetches)).not.toMatch(/20\.171\.206\.1|8\.8\.8\.8|2600:1f18/);

    expect(pageviews).toHaveLength(2);
    expect(pageviews[0]).toMatchObject({
      kind: 'pageview',
      source: 'edge',
      ts: at(7),
      hostname: 'docs.example',
      pathname: '/pricing',
      query: 'utm_source=chatgpt.com',
      referrer: 'https://chatgpt.com/',
      status: 200,
      duration_ms: 40,
      browser: 'Safari',
      country: 'AU',
    });
    expect(pageviews[1]).toMatchObject({ ts: at(10), pathname: '/', status: 304 });
    // No $request_time on that line: the pageview carries no duration rather than a made-up 0.
    expect(pageviews[1]).not.toHaveProperty('duration_ms');
    expect(pageviews[1]).not.toHaveProperty('query');
    expect(JSON.stringify(pageviews)).not.toContain('1.1.1.1');

    await waitForLagZero(t.app);
    const agents = await t.database.pool.query(
      `SELECT pathname, agent_id, operator, verified, status, conditional, content_type, duration_ms
         FROM agent_fetches WHERE site_id = $1 ORDER BY ts`,
      [site.id],
    );
    expect(agents.rows).toEqual([
      {
        pathname: '/guide',
        agent_id: 'gptbot',
        operator: 'openai',
        verified: true,
        status: 200,
        conditional: false,
        content_type: 'text/html',
        duration_ms: 12,
      },
      {
        pathname: '/guide',
        agent_id: 'gptbot',
        operator: 'openai',
        verified: false,
        status: 200,
        conditional: false,
        content_type: 'text/html',
        duration_ms: 250,
      },
      {
        pathname: '/guide',
        agent_id: 'gptbot',
        operator: 'openai',
        verified: true,
        status: 304,
        conditional: true,
        content_type: 'text/html',
        duration_ms: 0,
      },
      // ClaudeBot from an OpenAI address: the range is recorded, but it is not its operator's.
      {
        pathname: '/robots.txt',
        agent_id: 'claudebot',
        operator: 'anthropic',
        verified: false,
        status: 200,
        conditional: false,
        content_type: 'text/plain',
        duration_ms: 0,
      },
      {
        pathname: '/assets/app.css',
        agent_id: 'claudebot',
        operator: 'anthropic',
        verified: false,
        status: 200,
        conditional: false,
        content_type: 'text/css',
        duration_ms: 0,
      },
      // curl is a known tool (crawler-user-agents), run by anyone: never verified.
      {
        pathname: '/feed.xml',
        agent_id: 'curl',
        operator: 'haxx',
        verified: false,
        status: 200,
        conditional: false,
        content_type: 'application/xml',
        duration_ms: 0,
      },
      {
        pathname: '/people/jane.doe',
        agent_id: 'unknown',
        operator: 'unknown',
        verified: false,
        status: 404,
        conditional: false,
        content_type: 'application/octet-stream',
        duration_ms: 0,
      },
    ]);
    const humans = await t.database.pool.query(
      'SELECT ts, pathname, referrer, status, duration_ms FROM events WHERE site_id = $1 ORDER BY ts',
      [site.id],
    );
    expect(humans.rows).toEqual([
      {
        ts: new Date(at(7)),
        pathname: '/pricing',
        referrer: 'https://chatgpt.com/',
        status: 200,
        duration_ms: 40,
      },
      { ts: new Date(at(10)), pathname: '/', referrer: null, status: 304, duration_ms: null },
    ]);
  });
});

describe('shipLog with a gzipped log', () => {
  it('reads a .gz file like the plain one, under the host name it is given', async () => {
    const site = await createSite(t.app, cookie, { domain: 'gz.example' });
    const file = join(dir, 'access.log.1.gz');
    await writeFile(file, gzipSync(`${LOG}\n`));
    const result = await shipLog({
      file,
      site: site.id,
      key: site.ingest_key,
      endpoint,
      hostname: 'gz.example',
    });
    expect(result).toEqual(EXPECTED_RESULT);
    const { fetches, pageviews } = await siteEvents(site.id);
    expect(fetches.map(fetchRow)).toEqual(EXPECTED_FETCHES('gz.example'));
    expect(pageviews.map((p) => [p.hostname, p.pathname])).toEqual([
      ['gz.example', '/pricing'],
      ['gz.example', '/'],
    ]);
  });
});

describe('shipLog failures', () => {
  it('throws, naming the loss, when the SDK gives up (a wrong ingest key), and stores nothing', async () => {
    const site = await createSite(t.app, cookie, { domain: 'wrongkey.example' });
    const file = join(dir, 'wrong-key.log');
    await writeFile(file, LOG);
    const shipping = shipLog({
      file,
      site: site.id,
      key: 'ik_not_the_key',
      endpoint,
      hostname: 'wrongkey.example',
    });
    await expect(shipping).rejects.toThrow(
      /^ship-log: 7 crawl records and 2 pageviews were not delivered \(unauthorized ×1\); stopped reading .*wrong-key\.log after line 17\. 0 crawl records and 0 pageviews were stored/,
    );
    const { fetches, pageviews } = await siteEvents(site.id);
    expect([fetches.length, pageviews.length]).toEqual([0, 0]);
  });

  it('throws, saying how far it got, for a file it cannot read', async () => {
    const site = await createSite(t.app, cookie, { domain: 'missing.example' });
    await expect(
      shipLog({
        file: join(dir, 'no-such.log'),
        site: site.id,
        key: site.ingest_key,
        endpoint,
        hostname: 'missing.example',
      }),
    ).rejects.toThrow(/^ship-log: reading .*no-such\.log failed after line 0: ENOENT/);
  });

  it('refuses to start without a usable host name, or in follow mode', async () => {
    const opts = { file: join(dir, 'access.log'), site: 1, key: 'ik_x', endpoint, hostname: '' };
    await expect(shipLog(opts)).rejects.toThrow(TypeError);
    await expect(shipLog({ ...opts, hostname: 'a/b' })).rejects.toThrow(/hostname must be one of the site/);
    await expect(shipLog({ ...opts, hostname: 'x.example', follow: true as never })).rejects.toThrow(
      /follow mode is not supported/,
    );
  });
});
