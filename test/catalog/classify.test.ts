import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/agents.js';
import { createClassifier, tokensPattern } from '../../src/catalog/classify.js';

const catalog = loadCatalog();
const classify = (ua: string) => catalog.classify(ua)?.agent_id ?? null;

describe('classify on real user agents', () => {
  // As the operators document them (OpenAI's bots page, Anthropic's and Perplexity's crawler
  // pages, Google's crawler overview, Bing, Apple's Applebot page) or as their logs show them.
  it.each([
    [
      'gptbot',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
    ],
    [
      'gptbot',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    ],
    [
      'chatgpt-user',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot',
    ],
    [
      'oai-searchbot',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot',
    ],
    [
      'claudebot',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
    ],
    [
      'claude-user',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)',
    ],
    [
      'claude-searchbot',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)',
    ],
    [
      'perplexitybot',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)',
    ],
    [
      'perplexity-user',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
    ],
    [
      'googlebot',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/W.X.Y.Z Safari/537.36',
    ],
    [
      'googlebot',
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    ],
    ['googlebot', 'Googlebot/2.1 (+http://www.google.com/bot.html)'],
    ['googlebot-image', 'Googlebot-Image/1.0'],
    ['googlebot-video', 'Googlebot-Video/1.0'],
    [
      'adsbot-google',
      'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/W.X.Y.Z Mobile Safari/537.36 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)',
    ],
    [
      'bingbot',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36',
    ],
    ['bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    [
      'applebot',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
    ],
    ['ccbot', 'CCBot/2.0 (https://commoncrawl.org/faq/)'],
    [
      'bytespider',
      'Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)',
    ],
    [
      'meta-externalagent',
      'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
    ],
    [
      'meta-externalfetcher',
      'meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
    ],
    ['facebookexternalhit', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    [
      'amazonbot',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36',
    ],
    ['duckduckbot', 'DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)'],
    ['duckassistbot', 'DuckAssistBot/1.1; (+http://duckduckgo.com/duckassistbot.html)'],
    ['yandexbot', 'Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)'],
    ['baiduspider', 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)'],
    ['ahrefsbot', 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)'],
    [
      'petalbot',
      'Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
    ],
    [
      'mistralai-user',
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)',
    ],
    [
      'code',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Code/1.95.3 Chrome/128.0.6613.186 Electron/32.2.1 Safari/537.36',
    ],
  ])('%s ← %s', (agentId, ua) => {
    expect(classify(ua)).toBe(agentId);
  });

  it.each([
    [
      'Chrome on Windows',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ],
    ['Firefox on Linux', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
    [
      'Safari on iPhone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ],
    ['curl', 'curl/8.5.0'],
    // Sogou is no known agent; its "web spider" must not read as the generic "Spider" token.
    ['Sogou', 'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)'],
    // The OpenAI token matches a product, not a host name in a contact URL.
    ['a script naming openai.com', 'python-requests/2.32.3 (+https://openai.com)'],
    ['a token glued to letters', 'Mozilla/5.0 (compatible; XGPTBot/1.0; NotGPTBots)'],
  ])('%s → null', (_, ua) => {
    expect(classify(ua)).toBeNull();
  });

  it('never reads Google-Extended or Applebot-Extended from a user agent: they are robots.txt tokens only', () => {
    // Google and Apple crawl with Googlebot and Applebot; these tokens only say, in robots.txt,
    // whether what those crawlers fetched may train models. A fetch naming them is no known agent.
    for (const id of ['google-extended', 'applebot-extended']) {
      expect(catalog.agent(id)).toMatchObject({ ua_pattern: null, purpose: 'training' });
    }
    expect(catalog.agent('google-extended')?.robots_tokens).toEqual(['Google-Extended']);
    expect(classify('Mozilla/5.0 (compatible; Google-Extended/1.0)')).toBeNull();
    // A dash is a token boundary, so a fetch naming Applebot-Extended reads as the crawler it governs.
    expect(classify('Applebot-Extended/0.1')).toBe('applebot');
  });

  it('matches tokens in any case', () => {
    expect(classify('mozilla/5.0 (compatible; gptbot/1.1)')).toBe('gptbot');
    expect(classify('Mozilla/5.0 (compatible; Meta-ExternalAgent/1.1)')).toBe('meta-externalagent');
  });
});

describe('createClassifier', () => {
  const agents = [
    { agent_id: 'short', ua_pattern: tokensPattern(['Bot']) },
    { agent_id: 'long', ua_pattern: tokensPattern(['Bot-Image']) },
    { agent_id: 'other', ua_pattern: tokensPattern(['Zed']) },
    { agent_id: 'silent', ua_pattern: null },
  ];
  const pick = createClassifier(agents);

  it('prefers the longest token, then the earliest, then the agent listed first', () => {
    expect(pick('Bot-Image/1.0')?.agent_id).toBe('long');
    expect(pick('Zed/1 Bot/2')?.agent_id).toBe('other');
    expect(createClassifier([agents[0]!, { ...agents[0]!, agent_id: 'twin' }])('Bot')?.agent_id).toBe(
      'short',
    );
  });

  it('escapes tokens and lists the longest first', () => {
    expect(tokensPattern(['iaskspider', 'iaskspider/2.0', 'IASKSPIDER'])).toBe('iaskspider/2\\.0|IASKSPIDER');
    expect(pick('nothing here')).toBeNull();
  });

  it('answers a repeated user agent from its cache', () => {
    const ua = 'Mozilla/5.0 (compatible; Bot-Image/1.0)';
    const first = pick(ua);
    expect(pick(ua)).toBe(first);
  });
});
