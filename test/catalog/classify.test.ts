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
    ['a token glued to letters', 'Mozilla/5.0 (compatible; XGPTBot/1.0; NotGPTBots)'],
    // In-app and other browsers people browse with: the general bot lists must not name them.
    [
      'Instagram in-app',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 334.0.4.32.98 (iPhone14,5; iOS 17_5; en_US; en; scale=3.00; 1170x2532; 608711291)',
    ],
    [
      'Facebook in-app',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/470.0.0.37.106;FBBV/612345;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.5;FBSS/3;FBCR/;FBID/phone;FBLC/en_US;FBOP/5]',
    ],
    [
      'Facebook in-app (MetaIAB)',
      'Mozilla/5.0 (Linux; Android 16; Pixel 10 Pro XL Build/CP1A.260305.018; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/146.0.7680.174 Mobile Safari/537.36 MetaIAB Facebook',
    ],
    [
      'an Android phone on build AP3A.240617.008',
      'Mozilla/5.0 (Linux; Android 15; CPH2557 Build/AP3A.240617.008; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/142.0.7444.142 Mobile Safari/537.36',
    ],
    [
      'LINE in-app',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Safari Line/14.8.0',
    ],
    [
      'WeChat in-app',
      'Mozilla/5.0 (Linux; Android 14; V2227A Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20240301 MMWEBID/1234 MicroMessenger/8.0.48.2580(0x28003035) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64',
    ],
    [
      'TikTok in-app',
      'Mozilla/5.0 (Linux; Android 14; SM-A546B Build/UP1A.231005.007; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/125.0.6422.165 Mobile Safari/537.36 trill_350103 JsSdk/1.0 NetType/WIFI Channel/googleplay AppName/musical_ly app_version/35.1.3 ByteLocale/en BytedanceWebview/d8a21c6',
    ],
    [
      'Snapchat in-app',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36 Snapchat/13.0.0.40 (like Safari/604.1)',
    ],
    [
      'Slack desktop',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Slack/4.38.125 Chrome/124.0.6367.207 Electron/30.0.6 Safari/537.36',
    ],
    [
      'Yandex Browser',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 YaBrowser/24.6.0.0 Safari/537.36',
    ],
    [
      'Google app',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/323.0.647062479 Mobile/15E148 Safari/604.1',
    ],
    [
      'DuckDuckGo browser',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) DuckDuckGo/5 Chrome/126.0 Mobile Safari/537.36',
    ],
  ])('%s → null', (_, ua) => {
    expect(classify(ua)).toBeNull();
  });

  // The general bot lists (device-detector, crawler-user-agents): search engines, SEO tools,
  // monitors, link previews, feed readers, archivers, scanners, HTTP tools.
  it.each([
    [
      'sogou-spider',
      'sogou',
      'search',
      'Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)',
    ],
    [
      'seznam-bot',
      'seznam',
      'search',
      'Mozilla/5.0 (compatible; SeznamBot/4.0; +https://o-seznam.cz/napoveda/vyhledavani/en/seznambot-crawler/)',
    ],
    ['qwantbot', 'qwant', 'search', 'Mozilla/5.0 (compatible; Qwantbot/1.0; +https://help.qwant.com/bot/)'],
    [
      'naverbot',
      'naver',
      'search',
      'Mozilla/5.0 (compatible; NaverBot/1.0; http://help.naver.com/customer_webtxt_02.jsp)',
    ],
    [
      'semrushbot',
      'semrush',
      'other',
      'Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)',
    ],
    ['mj12-bot', 'majestic12', 'search', 'Mozilla/5.0 (compatible; MJ12bot/v1.4.8; http://mj12bot.com/)'],
    [
      'uptimerobot',
      'uptimerobot',
      'other',
      'Mozilla/5.0+(compatible; UptimeRobot/2.0; http://www.uptimerobot.com/)',
    ],
    ['slackbot', 'slack', 'other', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    [
      'discord-bot',
      'discordapp',
      'other',
      'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    ],
    [
      'linkedin-bot',
      'linkedin',
      'other',
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    ],
    [
      'archive-org-bot',
      'archive',
      'other',
      'Mozilla/5.0 (compatible; archive.org_bot +http://www.archive.org/details/archive.org_bot)',
    ],
    [
      'censysinspect',
      'censys',
      'other',
      'Mozilla/5.0 (compatible; CensysInspect/1.1; +https://about.censys.io/)',
    ],
    ['curl', 'haxx', 'other', 'curl/8.5.0'],
    ['wget', 'unknown', 'other', 'Wget/1.21.4'],
    // The OpenAI token matches a product, not a host name in a contact URL.
    ['python-requests', 'unknown', 'other', 'python-requests/2.32.3 (+https://openai.com)'],
  ])('%s (%s, %s) ← %s', (agentId, operator, purpose, ua) => {
    expect(catalog.classify(ua)).toMatchObject({ agent_id: agentId, operator, purpose });
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
