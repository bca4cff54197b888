import { describe, expect, it } from 'vitest';
import { createClassifier, literalsPattern } from '../../src/catalog/classify.js';
import { domainOf } from '../../src/catalog/derive-bot-lists.js';
import { literalsOf } from '../../src/catalog/literal-tokens.js';

const texts = (pattern: string) => {
  const result = literalsOf(pattern);
  return result.ok
    ? result.literals.map((l) => `${l.atStart ? '^' : ''}${l.text}${l.atEnd ? '$' : ''}`)
    : result.reason;
};

describe('literalsOf', () => {
  it.each([
    ['GPTBot', ['GPTBot']],
    ['search\\.marginalia\\.nu', ['search.marginalia.nu']],
    ['(360Spider(?:-Image|-Video)?)', ['360Spider-Image', '360Spider-Video', '360Spider']],
    ['[wW]get', ['Wget']],
    ['Amazon[ -]Route ?53', ['Amazon Route 53', 'Amazon Route53', 'Amazon-Route 53', 'Amazon-Route53']],
    ['^curl|SSL Labs$', ['^curl', 'SSL Labs$']],
    ['Ahrefs(Bot|SiteAudit)', ['AhrefsBot', 'AhrefsSiteAudit']],
  ])('%s → %j', (pattern, literals) => {
    expect(texts(pattern)).toEqual(literals);
  });

  it.each([
    ['Baidu.*spider', 'the operator . at 5'],
    ['Matomo/[\\d.]+', 'the escape \\d at 8'],
    ['Daum(?!(?:Apps|Device))', 'a lookaround or named group at 5'],
    ['[A-z0-9]*-Lighthouse', 'a class range at 2'],
    ['x{2}', 'the operator { at 1'],
    ['(^| )sentry', 'the operator ^ at 1'],
    ['a|', 'it matches the empty string'],
    ['(a|b)(c|d)(e|f)(g|h)(i|j)(k|l)(m|n)', 'more than 64 alternatives at 35'],
    ['(a', 'an unclosed group at 2'],
  ])('refuses %s (%s)', (pattern, reason) => {
    expect(texts(pattern)).toBe(reason);
  });

  it('reads back what literalsPattern writes, anchors and escapes included', () => {
    const literals = [
      { text: 'a.b (c) [d]', atStart: false, atEnd: false },
      { text: 'curl', atStart: true, atEnd: false },
      { text: 'x|y$', atStart: false, atEnd: true },
    ];
    const back = literalsOf(literalsPattern(literals));
    expect(back.ok && new Set(back.literals.map((l) => JSON.stringify(l)))).toEqual(
      new Set(literals.map((l) => JSON.stringify(l))),
    );
  });
});

describe('the token trie', () => {
  const pick = createClassifier([
    { id: 'curl', ua_pattern: '^curl' },
    { id: 'labs', ua_pattern: 'SSL Labs$' },
    { id: 'bot', ua_pattern: 'NewBot|New Bot' },
    { id: 'code', ua_pattern: 'Code(?=/\\d)' },
    { id: 'fetch', ua_pattern: 'Fetch/' },
  ]);
  const id = (ua: string) => pick(ua)?.id ?? null;

  it('keeps anchors: ^curl only first, SSL Labs$ only last', () => {
    expect(id('curl/8.5.0')).toBe('curl');
    expect(id('Mozilla/5.0 curl/8.5.0')).toBeNull();
    expect(id('Qualys SSL Labs')).toBe('labs');
    expect(id('SSL Labs (x)')).toBeNull();
  });

  it('matches at token boundaries in any ASCII case, and never across other letters', () => {
    expect(id('Mozilla/5.0 (compatible; newbot/1.0)')).toBe('bot');
    expect(id('Mozilla/5.0 (compatible; New Bot)')).toBe('bot');
    expect(id('Mozilla/5.0 (compatible; XNewBot/1.0)')).toBeNull();
    expect(id('Mozilla/5.0 (compatible; NewBot.com)')).toBeNull();
    expect(id('Mozilla/5.0 (compatible; NEWBOTé)')).toBe('bot');
    expect(id('Mozilla/5.0 (compatible; ＮewBot)')).toBeNull();
  });

  it('takes a token’s own non-word end as its boundary: Fetch/ is the product, not the word', () => {
    expect(id('Fetch/1.0 (+https://example.com)')).toBe('fetch');
    expect(id('Mozilla/5.0 (compatible; Fetch/2)')).toBe('fetch');
    expect(id('We fetch pages')).toBeNull();
    expect(id('NodeFetch/1.0')).toBeNull();
  });

  it('runs a hand-written lookahead pattern as a regular expression beside the trie', () => {
    expect(id('Mozilla/5.0 Code/1.95.3 Chrome/128.0')).toBe('code');
    expect(id('Mozilla/5.0 (Code of conduct)')).toBeNull();
  });
});

describe('domainOf', () => {
  it.each([
    ['https://www.bing.com/webmasters', 'bing.com'],
    ['http://www.bbc.co.uk/x', 'bbc.co.uk'],
    ['https://github.com/LeakIX/l9tcpid', 'github.com/leakix'],
    ['https://docs.github.com/en/x', 'github.com'],
    ['https://498-search-engine.github.io/website/', '498-search-engine.github.io'],
    ['http://127.0.0.1/bot', null],
    ['not a url', null],
  ])('%s → %s', (url, domain) => {
    expect(domainOf(url)).toBe(domain);
  });
});
