import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/agents.js';
import {
  groupFor,
  groupIndexesFor,
  parseRobots,
  ROBOTS_PARSE_LIMIT_BYTES,
  robotsAllows,
} from '../../src/policy/robots.js';
import { GOOGLE_MATCH_CASES, GOOGLE_PARSE_CASES } from './fixtures/google-robotstxt-cases.js';
import { RFC9309_CASES } from './fixtures/rfc9309-cases.js';
import type { RobotsMatchCase } from './fixtures/robots-case.js';

/** What a caller holds for a fetch: the URL's path and query, as written (no re-encoding). */
const pathAndQuery = (url: string) => url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 57)}…` : s);
const table = (cases: readonly RobotsMatchCase[]) =>
  cases.map(
    (c) => [`${c.source}: ${c.agent || '(none)'} ${short(c.url) || '(empty)'} → ${c.expected}`, c] as const,
  );

const verdict = (c: RobotsMatchCase) => robotsAllows(parseRobots(c.robots), [c.agent], pathAndQuery(c.url));

describe('RFC 9309 examples and rules', () => {
  it.each(table(RFC9309_CASES))('%s', (_, c) => {
    expect(verdict(c)).toBe(c.expected);
  });

  it('departs from the RFC in one documented case (reserved characters in a query)', () => {
    const deviations = RFC9309_CASES.filter((c) => c.deviation);
    expect(deviations.map((c) => c.url)).toEqual(['/foo/bar?baz=https%3A%2F%2Ffoo.bar']);
    for (const c of deviations) expect(c.deviation!.source).toBe(!c.expected);
  });
});

describe("Google's robots_test.cc, transcribed", () => {
  it.each(table(GOOGLE_MATCH_CASES))('%s', (_, c) => {
    expect(verdict(c)).toBe(c.expected);
  });

  it.each(GOOGLE_PARSE_CASES.map((c) => [c.source, c] as const))('parses %s', (_, c) => {
    const { groups, sitemaps } = parseRobots(c.robots);
    expect({ groups, sitemaps }).toEqual(c.expected);
    if (c.deviation) expect(c.deviation.source).not.toEqual(c.expected);
  });

  it('transcribes 147 matching expectations, 8 of them documented deviations', () => {
    expect(GOOGLE_MATCH_CASES).toHaveLength(147);
    const deviations = GOOGLE_MATCH_CASES.filter((c) => c.deviation);
    expect(deviations.map((c) => c.source)).toEqual([
      'ID_LineSyntax_Line',
      'GoogleOnly_AcceptUserAgentUpToFirstSpace',
      'ID_Encoding',
      'ID_Encoding',
      'ID_Encoding',
      'GoogleOnly_IndexHTMLisDirectory',
      'GoogleOnly_LineTooLong',
      'GoogleOnly_LineTooLong',
    ]);
    for (const c of deviations) expect(c.deviation!.source).toBe(!c.expected);
  });
});

describe('parseRobots', () => {
  it('keeps groups as written, sitemaps from anywhere, and drops what is no rule', () => {
    const parsed = parseRobots(
      [
        'Sitemap: https://example.com/sitemap.xml',
        'Disallow: /orphan',
        'User-agent: GPTBot',
        'User-agent: Google-Extended/1.0 # comment',
        'Crawl-delay: 10',
        'Disallow: /',
        'Disallow:',
        'User-agent: *',
        'Allow: /public/',
        'Disallow: /admin/',
        'Sitemap: https://example.com/news.xml',
        'User-agent: *bot',
        'Disallow: /nobody',
      ].join('\n'),
    );
    expect(parsed.groups).toEqual([
      { agents: ['GPTBot', 'Google-Extended/1.0'], rules: [{ allow: false, path: '/' }] },
      {
        agents: ['*'],
        rules: [
          { allow: true, path: '/public/' },
          { allow: false, path: '/admin/' },
        ],
      },
      { agents: ['*bot'], rules: [{ allow: false, path: '/nobody' }] },
    ]);
    expect(parsed.sitemaps).toEqual(['https://example.com/sitemap.xml', 'https://example.com/news.xml']);
  });

  it('reads only the first 500 KiB (bytes, not characters), dropping a line the limit cuts', () => {
    const head = 'User-agent: *\nDisallow: /in\n';
    const filler = `#${'ツ'.repeat(99)}\n`;
    const fillerBytes = Buffer.byteLength(filler);
    const lines = Math.floor((ROBOTS_PARSE_LIMIT_BYTES - head.length) / fillerBytes);
    const room = ROBOTS_PARSE_LIMIT_BYTES - head.length - lines * fillerBytes;
    const cutRule = `Disallow: /cut${'x'.repeat(room)}`;
    const text = `${head}${filler.repeat(lines)}${cutRule}\nDisallow: /out\n`;
    expect(text.length).toBeLessThan(ROBOTS_PARSE_LIMIT_BYTES);

    const parsed = parseRobots(text);
    expect(parsed.groups).toEqual([{ agents: ['*'], rules: [{ allow: false, path: '/in' }] }]);
    expect(robotsAllows(parsed, [], '/in')).toBe(false);
    expect(robotsAllows(parsed, [], '/cut')).toBe(true);
    expect(robotsAllows(parsed, [], '/out')).toBe(true);
    expect(parseRobots(`${head}Disallow: /out\n`).groups[0]!.rules).toHaveLength(2);
  });
});

describe('Content-Signal lines', () => {
  it('belong to the group being read, or to the whole file before the first user-agent line', () => {
    const parsed = parseRobots(
      [
        'Content-Signal: search=yes, ai-train=no',
        'User-agent: GPTBot',
        'Content-Signal: ai-input=no',
        'User-agent: ClaudeBot',
        'Disallow: /private',
        'Content-signal: AI-Train = NO ,search=yes # a comment',
        'User-agent: *',
        'Content-Signal: search=yes,ai-input=yes,ai-train=no',
        'Allow: /',
        'User-agent: Bingbot',
        'Disallow: /',
      ].join('\n'),
    );
    expect(parsed.content_signals).toEqual({ search: 'yes', 'ai-train': 'no' });
    // A Content-Signal line neither ends a run of user-agent lines nor the group after its rules.
    expect(parsed.groups).toEqual([
      {
        agents: ['GPTBot', 'ClaudeBot'],
        rules: [{ allow: false, path: '/private' }],
        content_signals: { 'ai-input': 'no', 'ai-train': 'no', search: 'yes' },
      },
      {
        agents: ['*'],
        rules: [{ allow: true, path: '/' }],
        content_signals: { search: 'yes', 'ai-input': 'yes', 'ai-train': 'no' },
      },
      { agents: ['Bingbot'], rules: [{ allow: false, path: '/' }] },
    ]);
    // Rules are judged as without the lines.
    expect(robotsAllows(parsed, ['ClaudeBot'], '/private/x')).toBe(false);
    expect(robotsAllows(parsed, ['GPTBot'], '/private/x')).toBe(false);
  });

  it('skips malformed pairs, lets a later value win, and keeps at most 16 signals a group', () => {
    const many = Array.from({ length: 20 }, (_, i) => `s${i}=yes`).join(', ');
    const parsed = parseRobots(
      [
        'User-agent: *',
        'Content-Signal: search=maybe, =no, ai-train, ai train=no, __proto__=no, constructor=no, search=no',
        'Content-Signal: search=yes',
        `Content-Signal: ${many}`,
        'Content-Signal: constructor=yes',
        'Disallow: /x',
      ].join('\n'),
    );
    const signals = parsed.groups[0]!.content_signals!;
    expect(Object.keys(signals)).toHaveLength(16);
    expect(signals).toMatchObject({ constructor: 'yes', search: 'yes', s0: 'yes', s13: 'yes' });
    expect(Object.hasOwn(signals, 's14')).toBe(false);
    expect(Object.getPrototypeOf(signals)).toBe(Object.prototype);
    expect(parseRobots('User-agent: *\nContent-Signal: nothing here\n').groups).toEqual([
      { agents: ['*'], rules: [] },
    ]);
  });
});

describe('groupFor', () => {
  const catalog = loadCatalog();
  const tokensOf = (id: string) => catalog.agent(id)!.robots_tokens;

  it('takes the first of an agent’s tokens, in catalog order, that names a group', () => {
    expect(tokensOf('adsbot-google')).toEqual([
      'AdsBot-Google',
      'AdsBot-Google-Mobile',
      'AdsBot-Google-Mobile-Apps',
    ]);
    const mobileOnly = parseRobots(
      'User-agent: AdsBot-Google-Mobile\nDisallow: /m/\n\nUser-agent: *\nDisallow: /\n',
    );
    expect(groupFor(mobileOnly, tokensOf('adsbot-google'))).toEqual({
      token: 'AdsBot-Google-Mobile',
      rules: [{ allow: false, path: '/m/' }],
    });
    expect(robotsAllows(mobileOnly, tokensOf('adsbot-google'), '/page')).toBe(true);
    expect(robotsAllows(mobileOnly, tokensOf('adsbot-google'), '/m/page')).toBe(false);

    // The file's order does not matter: AdsBot-Google comes first in the catalog.
    const both = parseRobots(
      'User-agent: AdsBot-Google-Mobile-Apps\nDisallow: /apps/\n\nUser-agent: adsbot-google\nDisallow: /ads/\n',
    );
    expect(groupFor(both, tokensOf('adsbot-google'))).toEqual({
      token: 'AdsBot-Google',
      rules: [{ allow: false, path: '/ads/' }],
    });
    expect(robotsAllows(both, tokensOf('adsbot-google'), '/apps/x')).toBe(true);
    expect(robotsAllows(both, tokensOf('adsbot-google'), '/ads/x')).toBe(false);
  });

  it('falls back to the * group, then to none', () => {
    const withStar = parseRobots('User-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n');
    expect(groupFor(withStar, tokensOf('gptbot'))).toEqual({
      token: '*',
      rules: [{ allow: false, path: '/private/' }],
    });
    expect(groupFor(withStar, [])).toEqual(groupFor(withStar, tokensOf('gptbot')));
    expect(robotsAllows(withStar, tokensOf('gptbot'), '/private/x')).toBe(false);
    expect(robotsAllows(withStar, tokensOf('gptbot'), '/')).toBe(true);

    const noStar = parseRobots('User-agent: CCBot\nDisallow: /\n');
    expect(groupFor(noStar, tokensOf('gptbot'))).toBeNull();
    expect(robotsAllows(noStar, tokensOf('gptbot'), '/anything')).toBe(true);
    expect(groupFor(parseRobots(''), tokensOf('gptbot'))).toBeNull();
    // Google's reading: `*` followed by blanks and anything is still the default group.
    expect(groupFor(parseRobots('User-agent: * everyone\nDisallow: /\n'), ['GPTBot'])?.token).toBe('*');
  });

  it('merges every group naming the token, case-insensitively, in file order', () => {
    const parsed = parseRobots(
      'User-agent: gptbot\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n\nUser-agent: GPTBOT\nAllow: /b\n',
    );
    expect(groupFor(parsed, tokensOf('gptbot'))).toEqual({
      token: 'GPTBot',
      rules: [
        { allow: false, path: '/a' },
        { allow: true, path: '/b' },
      ],
    });
    expect(robotsAllows(parsed, tokensOf('gptbot'), '/c')).toBe(true);
    expect(groupIndexesFor(parsed, tokensOf('gptbot'))).toEqual([0, 2]);
    expect(groupIndexesFor(parsed, ['CCBot'])).toEqual([1]);
    expect(groupIndexesFor(parseRobots('User-agent: CCBot\nDisallow: /\n'), ['GPTBot'])).toEqual([]);
  });

  it('names a group by an empty trailing group, which allows everything', () => {
    const parsed = parseRobots('User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\n');
    expect(groupFor(parsed, ['GPTBot'])).toEqual({ token: 'GPTBot', rules: [] });
    expect(robotsAllows(parsed, ['GPTBot'], '/x')).toBe(true);
    expect(robotsAllows(parsed, ['CCBot'], '/x')).toBe(false);
  });

  it('finds groups that sites name the way the catalog writes some agents', () => {
    expect(tokensOf('terracotta')).toEqual(['TerraCotta', 'Terra Cotta']);
    const terra = parseRobots('User-agent: Terra Cotta\nDisallow: /\n');
    expect(groupFor(terra, tokensOf('terracotta'))?.token).toBe('Terra Cotta');
    const iask = parseRobots('User-agent: iaskspider/2.0\nDisallow: /\n');
    expect(groupFor(iask, tokensOf('iaskspider'))?.token).toBe('iaskspider');
  });

  it('keeps Google-Extended (a token no fetch carries) apart from Googlebot', () => {
    const parsed = parseRobots('User-agent: Google-Extended\nDisallow: /\n');
    expect(robotsAllows(parsed, tokensOf('googlebot'), '/x')).toBe(true);
    expect(robotsAllows(parsed, tokensOf('google-extended'), '/x')).toBe(false);
  });
});

describe('robotsAllows', () => {
  const parsed = parseRobots('User-agent: *\nDisallow: /\nAllow: /public/\nAllow: /search?q=\n');

  it('always allows /robots.txt itself, whatever its query', () => {
    expect(robotsAllows(parsed, [], '/robots.txt')).toBe(true);
    expect(robotsAllows(parsed, [], '/robots.txt?cache=1')).toBe(true);
    expect(robotsAllows(parsed, [], '/robots.txt/x')).toBe(false);
    expect(robotsAllows(parsed, [], '/ROBOTS.TXT')).toBe(false);
  });

  it('matches the query, ignores a fragment, and reads an empty path as /', () => {
    expect(robotsAllows(parsed, [], '/search?q=robots')).toBe(true);
    expect(robotsAllows(parsed, [], '/search')).toBe(false);
    expect(robotsAllows(parsed, [], '/public/a#top')).toBe(true);
    expect(robotsAllows(parsed, [], '/public#/x')).toBe(false);
    expect(robotsAllows(parsed, [], '')).toBe(false);
    expect(robotsAllows(parseRobots('User-agent: *\nAllow: /$\nDisallow: /\n'), [], '')).toBe(true);
  });

  it('compares a literal apostrophe in a query as the library’s URL parser escapes it', () => {
    const quoted = parseRobots("User-agent: *\nDisallow: /q?name='x'\n");
    expect(robotsAllows(quoted, [], "/q?name='x'")).toBe(false);
    expect(robotsAllows(quoted, [], '/q?name=%27x%27')).toBe(false);
  });

  it('matches tens of thousands of fetches a second against a parsed file', () => {
    const groups = Array.from(
      { length: 200 },
      (_, i) =>
        `User-agent: Bot${String.fromCharCode(65 + (i % 26))}${i}\nDisallow: /p${i}/\nAllow: /p${i}/*.html$\n`,
    );
    const big = parseRobots(
      `${groups.join('\n')}\nUser-agent: *\nDisallow: /private/\nDisallow: /*?session=\n`,
    );
    const tokens = ['AdsBot-Google', 'AdsBot-Google-Mobile', 'BotZ25'];
    const start = performance.now();
    let allowed = 0;
    for (let i = 0; i < 20_000; i++) if (robotsAllows(big, tokens, `/p25/page-${i}.html?x=${i}`)) allowed++;
    const perSecond = 20_000 / ((performance.now() - start) / 1000);
    expect(allowed).toBe(0);
    expect(perSecond).toBeGreaterThan(20_000);
  });
});
