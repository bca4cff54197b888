import { describe, expect, it } from 'vitest';
import { type Attribution, answerEngineOperator, attribute, CHANNELS } from '../../src/enrich/attribution.js';
import { SOURCES } from '../../src/enrich/source-table.js';

const HOST = 'example.com';

/** [case, referrer, query, expected attribution] */
const CASES: Array<[string, string | undefined, string | undefined, Attribution]> = [
  ['no referrer, no tags', undefined, undefined, { channel: 'direct' }],
  ['a campaign tag alone', undefined, 'utm_campaign=launch', { channel: 'direct', campaign: 'launch' }],
  ['Google', 'https://www.google.com/', undefined, { channel: 'organic_search', source: 'Google' }],
  [
    'a Google country domain',
    'https://www.google.co.uk/search?q=x',
    undefined,
    { channel: 'organic_search', source: 'Google' },
  ],
  ['Google Brazil', 'https://google.com.br/', undefined, { channel: 'organic_search', source: 'Google' }],
  [
    'the Google app',
    'android-app://com.google.android.googlequicksearchbox/',
    undefined,
    { channel: 'organic_search', source: 'Google' },
  ],
  ['Bing', 'https://www.bing.com/search?q=x', undefined, { channel: 'organic_search', source: 'Bing' }],
  ['DuckDuckGo', 'https://duckduckgo.com/', undefined, { channel: 'organic_search', source: 'DuckDuckGo' }],
  ['Yandex', 'https://yandex.ru/', undefined, { channel: 'organic_search', source: 'Yandex' }],
  [
    'Yahoo search, a subdomain',
    'https://uk.search.yahoo.com/',
    undefined,
    { channel: 'organic_search', source: 'Yahoo' },
  ],
  ['Ecosia', 'https://www.ecosia.org/', undefined, { channel: 'organic_search', source: 'Ecosia' }],
  [
    'Brave Search',
    'https://search.brave.com/',
    undefined,
    { channel: 'organic_search', source: 'Brave Search' },
  ],
  [
    'a Google product that is not search',
    'https://docs.google.com/document/d/1',
    undefined,
    { channel: 'referral', source: 'docs.google.com' },
  ],
  [
    'utm_medium=organic',
    undefined,
    'utm_source=someengine&utm_medium=organic',
    { channel: 'organic_search', source: 'someengine', medium: 'organic' },
  ],
  [
    'Google Ads tags',
    undefined,
    'utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_term=shoes&utm_content=ad1',
    {
      channel: 'paid_search',
      source: 'Google',
      medium: 'cpc',
      campaign: 'spring',
      term: 'shoes',
      content: 'ad1',
    },
  ],
  [
    'Google Ads auto-tagging',
    'https://www.google.com/',
    'gclid=Cj0KCQ',
    { channel: 'paid_search', source: 'Google' },
  ],
  ['a gclid without a referrer', undefined, 'gclid=Cj0KCQ', { channel: 'paid_search', source: 'Google' }],
  [
    'Microsoft Ads auto-tagging',
    'https://www.bing.com/',
    'msclkid=abc',
    { channel: 'paid_search', source: 'Bing' },
  ],
  [
    'Facebook',
    'https://l.facebook.com/l.php?u=x',
    undefined,
    { channel: 'organic_social', source: 'Facebook' },
  ],
  ['X via t.co', 'https://t.co/abc', undefined, { channel: 'organic_social', source: 'X' }],
  ['LinkedIn', 'https://www.linkedin.com/', undefined, { channel: 'organic_social', source: 'LinkedIn' }],
  ['Reddit', 'https://old.reddit.com/r/x', undefined, { channel: 'organic_social', source: 'Reddit' }],
  [
    'Hacker News',
    'https://news.ycombinator.com/item?id=1',
    undefined,
    { channel: 'organic_social', source: 'Hacker News' },
  ],
  ['an alias in utm_source', undefined, 'utm_source=ig', { channel: 'organic_social', source: 'Instagram' }],
  [
    'a social medium',
    undefined,
    'utm_source=partner&utm_medium=social',
    { channel: 'organic_social', source: 'partner', medium: 'social' },
  ],
  [
    'an unknown tag on a known referrer',
    'https://www.linkedin.com/',
    'utm_source=spring_sale',
    { channel: 'organic_social', source: 'spring_sale' },
  ],
  [
    'Facebook ads',
    undefined,
    'utm_source=facebook&utm_medium=paid_social',
    { channel: 'paid_social', source: 'Facebook', medium: 'paid_social' },
  ],
  [
    'an ad-suffixed tag',
    undefined,
    'utm_source=facebook_ads',
    { channel: 'paid_social', source: 'Facebook' },
  ],
  ['YouTube', 'https://www.youtube.com/', undefined, { channel: 'video', source: 'YouTube' }],
  [
    'YouTube ads',
    undefined,
    'utm_source=youtube&utm_medium=cpv',
    { channel: 'video', source: 'YouTube', medium: 'cpv' },
  ],
  [
    'a video medium',
    undefined,
    'utm_source=partner&utm_medium=video',
    { channel: 'video', source: 'partner', medium: 'video' },
  ],
  [
    'a display medium',
    undefined,
    'utm_source=adnet&utm_medium=banner',
    { channel: 'display', source: 'adnet', medium: 'banner' },
  ],
  [
    'paid traffic from an unlisted source',
    undefined,
    'utm_source=adnet&utm_medium=cpc',
    { channel: 'display', source: 'adnet', medium: 'cpc' },
  ],
  [
    'an email medium',
    undefined,
    'utm_source=newsletter&utm_medium=email&utm_campaign=may',
    { channel: 'email', source: 'newsletter', medium: 'email', campaign: 'may' },
  ],
  ['an email source', undefined, 'utm_source=Email', { channel: 'email', source: 'Email' }],
  ['Gmail on the web', 'https://mail.google.com/', undefined, { channel: 'email', source: 'Gmail' }],
  ['the Gmail app', 'android-app://com.google.android.gm', undefined, { channel: 'email', source: 'Gmail' }],
  ['Outlook', 'https://outlook.live.com/', undefined, { channel: 'email', source: 'Outlook' }],
  [
    'an affiliate',
    undefined,
    'utm_source=couponsite&utm_medium=affiliate',
    { channel: 'affiliate', source: 'couponsite', medium: 'affiliate' },
  ],
  [
    'another site',
    'https://www.someblog.net/post/1',
    undefined,
    { channel: 'referral', source: 'someblog.net' },
  ],
  [
    'a known non-channel site',
    'https://en.m.wikipedia.org/wiki/X',
    undefined,
    { channel: 'referral', source: 'Wikipedia' },
  ],
  ['a ref parameter', undefined, 'ref=producthunt', { channel: 'organic_social', source: 'Product Hunt' }],
  ['a source parameter', undefined, 'source=mysite', { channel: 'referral', source: 'mysite' }],
  ['ChatGPT', 'https://chatgpt.com/', undefined, { channel: 'answer_engine', source: 'ChatGPT' }],
  [
    'ChatGPT, old host',
    'https://chat.openai.com/c/1',
    undefined,
    { channel: 'answer_engine', source: 'ChatGPT' },
  ],
  [
    'utm_source=chatgpt.com',
    undefined,
    'utm_source=chatgpt.com',
    { channel: 'answer_engine', source: 'ChatGPT' },
  ],
  [
    'ChatGPT by referrer and tag',
    'https://chatgpt.com/',
    'utm_source=chatgpt.com',
    { channel: 'answer_engine', source: 'ChatGPT' },
  ],
  [
    'Perplexity, www.',
    'https://www.perplexity.ai/search/abc',
    undefined,
    { channel: 'answer_engine', source: 'Perplexity' },
  ],
  [
    'utm_source=perplexity',
    undefined,
    'utm_source=perplexity',
    { channel: 'answer_engine', source: 'Perplexity' },
  ],
  ['Claude', 'https://claude.ai/', undefined, { channel: 'answer_engine', source: 'Claude' }],
  [
    'Gemini, not Google search',
    'https://gemini.google.com/',
    undefined,
    { channel: 'answer_engine', source: 'Gemini' },
  ],
  ['Copilot', 'https://copilot.microsoft.com/', undefined, { channel: 'answer_engine', source: 'Copilot' }],
  [
    'Grok inside x.com',
    'https://x.com/i/grok?conversation=1',
    undefined,
    { channel: 'answer_engine', source: 'Grok' },
  ],
  [
    'Kagi Assistant, not Kagi search',
    'https://kagi.com/assistant/abc',
    undefined,
    { channel: 'answer_engine', source: 'Kagi Assistant' },
  ],
  [
    'the ChatGPT app',
    'android-app://com.openai.chatgpt',
    undefined,
    { channel: 'answer_engine', source: 'ChatGPT' },
  ],
  [
    'an answer engine referrer under another tag',
    'https://chatgpt.com/',
    'utm_source=newsletter',
    { channel: 'answer_engine', source: 'newsletter' },
  ],
  [
    'an internal link with tags',
    'https://example.com/blog',
    'utm_source=banner&utm_medium=display',
    { channel: 'display', source: 'banner', medium: 'display' },
  ],
  [
    'an unknown Android app',
    'android-app://com.foo.reader',
    undefined,
    { channel: 'referral', source: 'com.foo.reader' },
  ],
  ['the Slack app', 'android-app://com.Slack', undefined, { channel: 'organic_social', source: 'Slack' }],
  ['a bare host as referrer', 'google.com', undefined, { channel: 'organic_search', source: 'Google' }],
  ['a referrer that is not a URL', 'not a url', undefined, { channel: 'direct' }],
  ['about:blank', 'about:blank', undefined, { channel: 'direct' }],
  ['a browser extension', 'chrome-extension://abcdef/popup.html', undefined, { channel: 'direct' }],
  ['localhost (development)', 'http://localhost:3000/', undefined, { channel: 'direct' }],
  ['an empty referrer and empty tags', '', 'utm_source=&utm_medium=', { channel: 'direct' }],
  [
    'malformed percent-encoding in tags',
    undefined,
    'utm_source=%ZZ&utm_campaign=50%',
    { channel: 'referral', source: '%ZZ', campaign: '50%' },
  ],
];

describe('attribute', () => {
  it.each(CASES)('attributes %s', (_name, referrer, query, expected) => {
    expect(attribute({ referrer, query, hostname: HOST })).toEqual(expected);
  });

  it('covers every channel in the table above', () => {
    expect(new Set(CASES.map((c) => c[3].channel))).toEqual(new Set(CHANNELS));
  });

  it.each([
    ['the same host', 'https://example.com/pricing', 'example.com'],
    ['the host with www.', 'https://www.example.com/', 'example.com'],
    ['the host without www. on a www. page', 'https://example.com/', 'www.example.com'],
    ['a subdomain', 'https://docs.example.com/', 'example.com'],
    ['a different case and a trailing dot', 'https://EXAMPLE.com./', 'example.com'],
  ])('returns null for a referrer from %s (the session keeps its source)', (_name, referrer, hostname) => {
    expect(attribute({ referrer, hostname })).toBeNull();
  });

  it('treats a site that only ends like the page host as external', () => {
    expect(attribute({ referrer: 'https://notexample.com/', hostname: 'example.com' })).toEqual({
      channel: 'referral',
      source: 'notexample.com',
    });
  });
});

describe('answerEngineOperator', () => {
  it.each([
    ['ChatGPT', 'openai'],
    ['chatgpt.com', 'openai'],
    ['chat.openai.com', 'openai'],
    ['Perplexity', 'perplexity'],
    ['www.perplexity.ai', 'perplexity'],
    ['Claude', 'anthropic'],
    ['Gemini', 'google'],
    ['Copilot', 'microsoft'],
    ['Grok', 'xai'],
  ])('names the operator of %s: %s', (source, operator) => {
    expect(answerEngineOperator(source)).toBe(operator);
  });

  it.each(['Google', 'Facebook', 'someblog.net', ''])(
    'names none for %j, which is no answer engine',
    (source) => {
      expect(answerEngineOperator(source)).toBeUndefined();
    },
  );

  it('knows an operator for every answer engine in the source table', () => {
    const engines = SOURCES.filter((s) => s.category === 'answer_engine');
    expect(engines.length).toBeGreaterThanOrEqual(15);
    for (const e of engines) expect(answerEngineOperator(e.name)).toBe(e.operator);
  });
});
