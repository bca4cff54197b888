import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/agents.js';
import { parseFeed } from '../../src/catalog/feed-formats.js';
import {
  formatRangeFile,
  isVerified,
  loadOperatorRanges,
  RANGES_DIR,
  readRangeFiles,
} from '../../src/catalog/operator-ranges.js';
import { type FeedOutcome, refreshRanges } from '../../src/catalog/refresh.js';

const FIXTURES = new URL('./fixtures/feeds/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const snapshot = (family: string) =>
  JSON.parse(readFileSync(join(RANGES_DIR, `${family}.json`), 'utf8')) as { prefixes: string[] };
/** A Google-style feed of a shipped snapshot, so refreshing it changes nothing. */
const feedOf = (family: string) =>
  JSON.stringify({ prefixes: snapshot(family).prefixes.map((p) => ({ ipv4Prefix: p })) });

describe('parseFeed', () => {
  it('reads OpenAI’s {prefixes:[{ipv4Prefix}]} feed, sorted by address', () => {
    const prefixes = parseFeed(fixture('gptbot.json'), 'json-prefixes');
    expect(prefixes).toHaveLength(21);
    expect(prefixes.slice(0, 3)).toEqual(['4.227.36.0/25', '20.125.66.80/28', '20.171.206.0/24']);
    expect(prefixes).toContain('198.51.100.0/24');
    expect(prefixes).not.toContain('52.230.152.0/24');
  });

  it('reads Google’s feed with IPv6 prefixes, IPv4 first', () => {
    expect(parseFeed(fixture('googlebot.json'), 'json-prefixes')).toEqual([
      '66.249.64.0/27',
      '66.249.66.0/27',
      '66.249.68.0/27',
      '192.178.5.0/27',
      '2001:4860:4801:10::/64',
      '2001:4860:4801:12::/64',
    ]);
  });

  it('reads Perplexity’s feed, whose entries may be bare addresses', () => {
    const body = JSON.stringify({
      prefixes: [{ ipv4Prefix: '107.20.236.150/32' }, { ipv4Prefix: '18.97.1.228' }],
    });
    expect(parseFeed(body, 'json-prefixes')).toEqual(['18.97.1.228/32', '107.20.236.150/32']);
  });

  it('reads IAS’s {publicIPs:[{ipv4}]} feed', () => {
    expect(parseFeed(fixture('iasbot.json'), 'json-public-ips')).toEqual([
      '3.217.168.199/32',
      '3.226.51.67/32',
      '92.42.105.32/32',
      '2600:1f18:2489:8200::1/128',
    ]);
  });

  it('reads the addresses of DuckDuckGo’s HTML help page, not the ones in its prose or scripts', () => {
    expect(parseFeed(fixture('duckduckbot.html'), 'text')).toEqual([
      '20.185.79.47/32',
      '20.191.45.212/32',
      '40.76.163.7/32',
      '40.76.173.151/32',
      '40.88.21.235/32',
      '52.142.26.175/32',
    ]);
    expect(parseFeed('<ul><li>20.191.45.212</li><li>40.88.21.235</li></ul>', 'text')).toEqual([
      '20.191.45.212/32',
      '40.88.21.235/32',
    ]);
  });

  it('reads a plain list with comments, commas and IPv6', () => {
    expect(parseFeed(fixture('crawler-ips.txt'), 'text')).toEqual([
      '81.170.128.52/32',
      '193.183.0.162/31',
      '193.183.0.164/32',
      '193.183.0.165/32',
      '2a01:4f9:c012:5e5c::1/128',
    ]);
  });

  it.each([
    ['not JSON', 'json-prefixes', '<html>', /not JSON/],
    ['another shape', 'json-prefixes', '{"prefixes":"1.2.3.4"}', /not a \{"prefixes":\[…\]\} document/],
    [
      'an entry with both families',
      'json-prefixes',
      '{"prefixes":[{"ipv4Prefix":"1.2.3.4","ipv6Prefix":"::1"}]}',
      /prefixes\[0\]/,
    ],
    ['an entry with neither', 'json-public-ips', '{"publicIPs":[{"ip":"1.2.3.4"}]}', /publicIPs\[0\]/],
    [
      'an entry that is no address',
      'json-prefixes',
      '{"prefixes":[{"ipv4Prefix":"1.2.3.999/24"}]}',
      /not an address/,
    ],
    ['an empty list', 'json-prefixes', '{"prefixes":[]}', /lists no addresses/],
    ['a page without addresses', 'text', '<p>We moved our list.</p>', /lists no addresses/],
  ] as const)('refuses %s', (_, format, body, error) => {
    expect(() => parseFeed(body, format)).toThrow(error);
  });
});

describe('refreshRanges', () => {
  let server: Server;
  let base: string;
  // Feed URL (host + path) → answer; anything else is a 404. No request leaves the machine.
  const routes: Record<string, (res: import('node:http').ServerResponse) => void> = {
    'openai.com/gptbot.json': (res) => res.end(fixture('gptbot.json')),
    'openai.com/chatgpt-user.json': (res) => res.end(feedOf('chatgpt-user')),
    'www.perplexity.ai/perplexitybot.json': (res) => res.end(feedOf('perplexitybot')),
    'developers.google.com/static/search/apis/ipranges/googlebot.json': (res) =>
      res.end(fixture('googlebot.json')),
    'integralads.com/policy-docs/iasbot.json': (res) => res.end(fixture('iasbot.json')),
    'duckduckgo.com/duckduckgo-help-pages/results/duckduckbot': (res) => res.end(fixture('duckduckbot.html')),
    'marginalia-search.com/crawler-ips.txt': (res) => res.end(fixture('crawler-ips.txt')),
    'www.bing.com/toolbox/bingbot.json': (res) => res.writeHead(500).end('oops'),
    'claude.com/crawling/bots.json': (res) => res.end('<html>moved</html>'),
    'slow.example/feed.json': () => {},
  };
  const localFetch: typeof fetch = (input, init) => {
    const url = new URL(String(input));
    return fetch(`${base}/${url.host}${url.pathname}`, init);
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const route = routes[req.url!.slice(1)];
      if (route) route(res);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const copyOfSnapshot = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ranges-'));
    cpSync(RANGES_DIR, dir, { recursive: true });
    return dir;
  };
  const byFamily = (outcomes: FeedOutcome[]) => Object.fromEntries(outcomes.map((o) => [o.family, o]));

  it('rewrites each feed that answers, keeps the file of each that fails, and reports both', async () => {
    const dir = copyOfSnapshot();
    const before = (family: string) => readFileSync(join(RANGES_DIR, `${family}.json`), 'utf8');
    const outcomes = byFamily(
      await refreshRanges({ fetch: localFetch, rangesDir: dir, now: new Date('2026-11-20T12:00:00Z') }),
    );

    expect(Object.keys(outcomes).sort()).toEqual(
      loadCatalog()
        .operators.flatMap((o) => o.ranges_feeds.map((f) => f.family))
        .sort(),
    );
    expect(outcomes.gptbot).toMatchObject({ status: 'updated', prefixes: 21, added: 1, removed: 1 });
    expect(outcomes['chatgpt-user']).toMatchObject({ status: 'unchanged', prefixes: 254 });
    expect(outcomes.perplexitybot).toMatchObject({ status: 'unchanged', prefixes: 8 });
    // The fixture keeps 6 of the snapshot's 315 Googlebot prefixes.
    expect(outcomes.googlebot).toMatchObject({ status: 'updated', prefixes: 6, added: 0, removed: 309 });
    expect(outcomes.ias).toMatchObject({ status: 'updated', prefixes: 4, added: 1, removed: 28 });
    expect(outcomes.duckduckbot).toMatchObject({ status: 'updated', prefixes: 6 });
    expect(outcomes.marginalia).toMatchObject({ status: 'updated', prefixes: 5 });
    expect(outcomes.bingbot).toMatchObject({ status: 'failed', error: 'HTTP 500' });
    expect(outcomes.anthropic).toMatchObject({ status: 'failed', error: expect.stringMatching(/not JSON/) });
    expect(outcomes['oai-searchbot']).toMatchObject({ status: 'failed', error: 'HTTP 404' });
    expect(outcomes.applebot).toMatchObject({ status: 'failed', error: 'HTTP 404' });

    const gptbot = JSON.parse(readFileSync(join(dir, 'gptbot.json'), 'utf8'));
    expect(gptbot).toMatchObject({
      family: 'gptbot',
      operator: 'openai',
      feed_url: 'https://openai.com/gptbot.json',
      source: 'https://openai.com/gptbot.json (fetched by twofold catalog refresh)',
      as_of: '2026-11-20',
    });
    expect(readFileSync(join(dir, 'gptbot.json'), 'utf8')).toBe(formatRangeFile(gptbot));
    // A failed feed leaves its snapshot as shipped.
    for (const family of [
      'chatgpt-user',
      'oai-searchbot',
      'perplexitybot',
      'twitterbot',
      'bingbot',
      'anthropic',
      'applebot',
    ])
      expect(readFileSync(join(dir, `${family}.json`), 'utf8'), family).toBe(before(family));

    // What verification sees next: Google's and OpenAI's lists as the feeds have them.
    const ranges = loadOperatorRanges(dir);
    const catalog = loadCatalog();
    const verified = (id: string, ip: string) => isVerified(catalog.agent(id)!, ranges.rangesFor(ip));
    expect(verified('googlebot', '66.249.66.1')).toBe(true);
    expect(verified('googlebot', '2001:4860:4801:10::5')).toBe(true);
    expect(verified('googlebot', '66.249.65.1')).toBe(false);
    expect(verified('gptbot', '198.51.100.7')).toBe(true);
    expect(verified('gptbot', '52.230.152.1')).toBe(false);

    const again = byFamily(await refreshRanges({ fetch: localFetch, rangesDir: dir }));
    for (const family of ['gptbot', 'googlebot', 'ias', 'duckduckbot', 'marginalia'])
      expect(again[family]?.status, family).toBe('unchanged');
  });

  it('finds each shipped snapshot of the operators’ own feeds unchanged when its feed answers it in the feed’s format', async () => {
    // Google, Bing, Anthropic and Apple publish `{"prefixes":[{"ipv4Prefix"|"ipv6Prefix"}]}`;
    // answered with exactly the shipped prefixes, refresh must find nothing to rewrite.
    const families = [
      'googlebot',
      'google-special-crawlers',
      'google-user-triggered-fetchers',
      'bingbot',
      'anthropic',
      'applebot',
    ];
    const byUrl = new Map(
      readRangeFiles()
        .filter((f) => families.includes(f.family))
        .map((f) => [new URL(f.feed_url!).host + new URL(f.feed_url!).pathname, f.prefixes]),
    );
    const asFeed: typeof fetch = async (input) => {
      const url = new URL(String(input));
      const prefixes = byUrl.get(url.host + url.pathname);
      if (!prefixes) return new Response('', { status: 404 });
      const entries = prefixes.map((p) => (p.includes(':') ? { ipv6Prefix: p } : { ipv4Prefix: p }));
      return new Response(JSON.stringify({ creationTime: '2026-11-20T00:00:00', prefixes: entries }));
    };
    const dir = copyOfSnapshot();
    const outcomes = await refreshRanges({ fetch: asFeed, rangesDir: dir, families });
    expect(outcomes.map((o) => [o.family, o.status, 'prefixes' in o ? o.prefixes : 0])).toEqual([
      ['anthropic', 'unchanged', 38],
      ['applebot', 'unchanged', 24],
      ['google-special-crawlers', 'unchanged', 270],
      ['google-user-triggered-fetchers', 'unchanged', 1056],
      ['googlebot', 'unchanged', 315],
      ['bingbot', 'unchanged', 28],
    ]);
  });

  it('reads only the families asked for', async () => {
    const outcomes = await refreshRanges({
      fetch: localFetch,
      rangesDir: copyOfSnapshot(),
      families: ['gptbot'],
    });
    expect(outcomes.map((o) => [o.family, o.status])).toEqual([['gptbot', 'updated']]);
  });

  it('gives up on a feed that does not answer in time or cannot be reached', async () => {
    const operators = [
      {
        id: 'example',
        name: 'Example',
        docs_url: null,
        rdns_domains: [],
        answer_engines: [],
        ranges_feeds: [
          { family: 'slow', url: 'https://slow.example/feed.json', format: 'json-prefixes' as const },
          { family: 'down', url: 'https://down.example/feed.json', format: 'json-prefixes' as const },
        ],
      },
    ];
    const unreachable: typeof fetch = (input, init) =>
      String(input).includes('down.example')
        ? Promise.reject(new TypeError('fetch failed'))
        : localFetch(input, init);
    const outcomes = await refreshRanges({
      fetch: unreachable,
      operators,
      rangesDir: copyOfSnapshot(),
      timeoutMs: 200,
    });
    expect(outcomes.map((o) => o.status)).toEqual(['failed', 'failed']);
    expect(outcomes[0]).toMatchObject({ error: expect.stringMatching(/time|abort/i) });
    expect(outcomes[1]).toMatchObject({ error: 'fetch failed' });
  });
});
