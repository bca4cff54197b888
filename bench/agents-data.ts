// The designed data set of `npm run bench:agents`, generated from a seed so every run (and the
// fidelity test) sees the same events: one site's agent fetches over 50,000 URLs for 90 days, by
// the catalog's agents (verified and spoofed, and agents the catalog does not know), and the
// people whose sessions enter the site from answer engines, search, links or directly.
//
// - URLs: 5,000 content pages (docs and blog posts, the pages people read) and 45,000 others that
//   crawlers walk (API reference, tag and changelog pages, images, PDFs, JSON and feeds), each
//   with its own content type and size. Popularity is skewed: a Zipf law over a fixed shuffle.
// - Crawlers (search, training, other) pick half their URLs evenly (a sitemap walk) and half by
//   popularity; agents fetching for a person (user_action) pick content pages by people's
//   popularity, as answer engines do.
// - Agents: every catalog agent a user agent can name, the big crawlers weighted as they crawl,
//   the rest sharing a long tail; 1.5 % of fetches by user agents the catalog does not know (a
//   third from OpenAI's addresses). Agents of operators that publish ranges fetch from them 92 %
//   of the time; the rest are spoofed (unverified, still counted).
// - People: about 2 million pageviews, sessions of 1–6 pages, 12 % entering from answer engines.
//   300 content pages lose their readers from some day on (content decay) and 150 gain them,
//   while agents keep fetching both.
import { loadCatalog } from '../src/catalog/agents.js';
import { readRangeFiles } from '../src/catalog/operator-ranges.js';
import type { FetchRecorded, HitRecorded } from '../streams/events.js';
import { DAY_MS, rng } from './read-data.js';

export interface AgentsDesign {
  site: number;
  hostname: string;
  /** Epoch ms of the first UTC day's midnight. */
  firstDay: number;
  days: number;
  /** Agent fetches in all, spread evenly over the days. */
  fetches: number;
  /** People's pageviews in all, spread over the days by a weekly rhythm. */
  pageviews: number;
  urls: number;
  /** The first `contentPages` URLs are the pages people read. */
  contentPages: number;
  seed: number;
}

/** 10 million fetches of 50,000 URLs over 90 days (2026-08-01 to 2026-10-29, UTC), 2 million pageviews. */
export const AGENTS_DESIGN: AgentsDesign = {
  site: 1,
  hostname: 'bench.example',
  firstDay: Date.UTC(2026, 7, 1),
  days: 90,
  fetches: 10_000_000,
  pageviews: 2_000_000,
  urls: 50_000,
  contentPages: 5_000,
  seed: 20261124,
};

const HOUR_MS = 3_600_000;
const MIN_MS = 60_000;

/** A sampler over weights (binary search in the cumulative weights). */
function sampler(weights: readonly number[]): (r: number) => number {
  const cumulative = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (cumulative[i] = sum += w));
  return (r) => {
    const x = r * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}

function shuffle<T>(items: T[], r: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
/** `words` × 32 bits of the generator as hex. */
function hex(r: () => number, words: number): string {
  let out = '';
  for (let i = 0; i < words; i++) {
    const w = Math.floor(r() * 4_294_967_296);
    out += HEX[w >>> 24]! + HEX[(w >>> 16) & 255]! + HEX[(w >>> 8) & 255]! + HEX[w & 255]!;
  }
  return out;
}
/** An RFC 4122 version-4 UUID drawn from the generator. */
function uuid(r: () => number): string {
  const h = hex(r, 4);
  const variant = ((parseInt(h[16]!, 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export interface Url {
  pathname: string;
  content_type: string;
  /** Typical response size. */
  bytes: number;
}

/** The site's URLs: content pages first, then what only crawlers read much. */
export function designUrls(d: AgentsDesign): Url[] {
  const r = rng(d.seed, 1);
  const html = (pathname: string): Url => ({
    pathname,
    content_type: r() < 0.8 ? 'text/html; charset=utf-8' : 'text/html',
    bytes: 15_000 + Math.floor(r() * 135_000),
  });
  const sections = ['guide', 'howto', 'concepts', 'deploy', 'sdk', 'integrations'];
  const urls: Url[] = [];
  for (let i = 0; urls.length < d.contentPages; i++)
    urls.push(
      html(i % 4 === 3 ? `/blog/${2020 + (i % 7)}/post-${i}` : `/docs/${sections[i % 6]}/topic-${i}`),
    );
  // The other URLs, in these shares of what is left.
  const others: [number, (i: number) => Url][] = [
    [0.6, (i) => html(`/reference/v${1 + (i % 3)}/object-${i}`)],
    [0.12, (i) => html(`/tags/tag-${i % 400}/page/${Math.floor(i / 400) + 1}`)],
    [0.06, (i) => html(`/changelog/release-${i}`)],
    [
      0.12,
      (i) => ({
        pathname: `/assets/img/figure-${i}.png`,
        content_type: 'image/png',
        bytes: 20_000 + Math.floor(r() * 400_000),
      }),
    ],
    [
      0.04,
      (i) => ({
        pathname: `/downloads/paper-${i}.pdf`,
        content_type: 'application/pdf',
        bytes: 200_000 + Math.floor(r() * 2_000_000),
      }),
    ],
    [
      0.04,
      (i) => ({
        pathname: `/api/v2/objects/${i}.json`,
        content_type: 'application/json',
        bytes: 1_000 + Math.floor(r() * 30_000),
      }),
    ],
    [
      0.02,
      (i) => ({
        pathname: `/feeds/feed-${i}.xml`,
        content_type: 'application/xml',
        bytes: 5_000 + Math.floor(r() * 80_000),
      }),
    ],
  ];
  const rest = d.urls - urls.length;
  let made = 0;
  others.forEach(([share, make], k) => {
    const n = k === others.length - 1 ? rest - made : Math.round(share * rest);
    for (let i = 0; i < n; i++) urls.push(make(made + i));
    made += n;
  });
  return urls;
}

/** Zipf weights (1/rank) over a fixed shuffle of `n` indexes. */
function zipfOver(n: number, r: () => number, s = 1): number[] {
  const ranks = shuffle(
    Array.from({ length: n }, (_, i) => i),
    r,
  );
  const w = new Array<number>(n);
  ranks.forEach((index, rank) => (w[index] = 1 / (rank + 1) ** s));
  return w;
}

/** An agent as the design fetches with it. */
export interface DesignAgent {
  agent_id: string;
  operator: string;
  purpose: string;
  /** The user agent, which the catalog classifies as `agent_id` (checked). */
  user_agent: string;
  /** Share of the fetches. */
  weight: number;
  /** The operator's published range the address lies in when the fetch is real; null: none published. */
  range: FetchRecorded['ranges'][number] | null;
}

/** Big crawlers' shares in percent of fetches; every other catalog agent shares LONG_TAIL. */
const MAJOR: Record<string, number> = {
  googlebot: 15,
  gptbot: 9,
  bingbot: 7,
  claudebot: 7,
  'chatgpt-user': 6,
  'meta-externalagent': 5,
  bytespider: 4,
  'oai-searchbot': 3,
  applebot: 3,
  amazonbot: 3,
  ahrefsbot: 3,
  perplexitybot: 2.5,
  'perplexity-user': 2,
  'claude-user': 1.5,
  ccbot: 1.5,
  yandexbot: 1.5,
  'claude-searchbot': 1,
  duckduckbot: 1,
  googleother: 1,
  petalbot: 1,
  baiduspider: 1,
  facebookexternalhit: 1,
  'mistralai-user': 0.5,
  duckassistbot: 0.5,
  twitterbot: 0.5,
};
const LONG_TAIL = 6;
const UNKNOWN_SHARE = 1.5;
const UNKNOWN_AGENTS = [
  'NewBot/2.0 (+https://newbot.example/about)',
  'Mozilla/5.0 (compatible; SiteAuditor/3.1; +https://auditor.example/bot)',
  'DataHarvester/1.4 (+https://harvest.example)',
];

/** A user agent naming `token`, as the agent's own would. */
const userAgent = (token: string) =>
  `Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ${token}; +https://bots.example/${token.toLowerCase()})`;

/** The design's agents: every catalog agent whose pattern yields a user agent it classifies back. */
export function designAgents(d: AgentsDesign): DesignAgent[] {
  const catalog = loadCatalog();
  const ranges = new Map<string, FetchRecorded['ranges'][number]>();
  const byFamily = new Map<string, FetchRecorded['ranges'][number]>();
  for (const f of readRangeFiles()) {
    const range = { family: f.family, operator: f.operator, cidr: f.prefixes[0]! };
    byFamily.set(f.family, range);
    if (!ranges.has(f.operator)) ranges.set(f.operator, range);
  }
  const tail = catalog.agents.filter((a) => a.ua_pattern !== null && !(a.agent_id in MAJOR));
  const tailWeights = zipfOver(tail.length, rng(d.seed, 2));
  const tailSum = tailWeights.reduce((a, b) => a + b, 0);
  const out: DesignAgent[] = [];
  for (const a of catalog.agents) {
    if (a.ua_pattern === null) continue;
    const tokens = a.ua_pattern.split('|').map((t) => t.replace(/^\^|\$$/g, '').replace(/\\(.)/g, '$1'));
    // A token anchored to the start or end of the user agent (`^curl`) names it alone.
    const ua = [...tokens.map(userAgent), ...tokens].find(
      (u) => catalog.classify(u)?.agent_id === a.agent_id,
    );
    if (!ua) continue;
    const weight = MAJOR[a.agent_id] ?? (LONG_TAIL * tailWeights[tail.indexOf(a)]!) / tailSum;
    const range = byFamily.get(a.agent_id) ?? ranges.get(a.operator) ?? null;
    out.push({
      agent_id: a.agent_id,
      operator: a.operator,
      purpose: a.purpose,
      user_agent: ua,
      weight,
      range,
    });
  }
  for (const ua of UNKNOWN_AGENTS) {
    if (catalog.classify(ua) !== null) throw new Error(`the catalog knows ${ua}`);
    out.push({
      agent_id: 'unknown',
      operator: 'unknown',
      purpose: 'other',
      user_agent: ua,
      weight: UNKNOWN_SHARE / UNKNOWN_AGENTS.length,
      range: ua === UNKNOWN_AGENTS[0] ? ranges.get('openai')! : null,
    });
  }
  return out;
}

/** Where operators' fetches come from. */
const PLACES: Record<string, [string, number]> = {
  google: ['US', 15169],
  openai: ['US', 8075],
  microsoft: ['US', 8075],
  anthropic: ['US', 396982],
  perplexity: ['US', 14618],
  meta: ['US', 32934],
  amazon: ['US', 16509],
  apple: ['US', 714],
  bytedance: ['SG', 138699],
  yandex: ['RU', 13238],
  baidu: ['CN', 55967],
  huawei: ['IE', 136907],
  ahrefs: ['SG', 16509],
  'common-crawl': ['US', 16509],
};

/** Pageviews of a UTC day: weekdays busier than weekends; the days sum to `d.pageviews`. */
export function dailyPageviews(d: AgentsDesign): number[] {
  const weights = Array.from({ length: d.days }, (_, i) =>
    [0, 6].includes(new Date(d.firstDay + i * DAY_MS).getUTCDay()) ? 0.75 : 1.1,
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  const out = weights.map((w) => Math.floor((d.pageviews * w) / sum));
  let rest = d.pageviews - out.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i++, rest--) out[i % d.days]!++;
  return out;
}

/** Fetches of a UTC day: the same every day (crawlers keep no weekend); the days sum to `d.fetches`. */
export function dailyFetches(d: AgentsDesign): number[] {
  const base = Math.floor(d.fetches / d.days);
  return Array.from({ length: d.days }, (_, i) => base + (i < d.fetches - base * d.days ? 1 : 0));
}

/** How much of a content page's readership is left on day `day`: the decaying and growing pages. */
function readership(page: number, day: number): number {
  if (page % 17 === 5 && page < 300 * 17) {
    // Decay from a day between 25 and 55, with a half-life of about a week, to a tenth.
    const from = 25 + (page % 31);
    return day < from ? 1 : Math.max(0.1, 0.5 ** ((day - from) / 7));
  }
  if (page % 23 === 7 && page < 150 * 23) return 0.4 + (1.2 * day) / 90;
  return 1;
}

/** Where a session comes from: its first hit's referrer or campaign. */
const ARRIVALS: [Pick<HitRecorded, 'referrer' | 'query'>, number][] = [
  [{}, 30],
  [{ referrer: 'https://www.google.com/' }, 33],
  [{ referrer: 'https://www.bing.com/' }, 4],
  [{ referrer: 'https://duckduckgo.com/' }, 2],
  [{ referrer: 'https://chatgpt.com/' }, 6],
  [{ referrer: 'https://www.perplexity.ai/' }, 2.5],
  [{ referrer: 'https://claude.ai/' }, 1.5],
  [{ referrer: 'https://gemini.google.com/' }, 1],
  [{ referrer: 'https://copilot.microsoft.com/' }, 0.6],
  [{ referrer: 'https://chat.deepseek.com/' }, 0.3],
  [{ query: 'utm_source=chatgpt.com' }, 0.1],
  [{ referrer: 'https://www.reddit.com/r/webdev/' }, 4],
  [{ referrer: 'https://news.ycombinator.com/' }, 2],
  [{ referrer: 'https://t.co/x1' }, 2],
  [{ referrer: 'https://github.com/bench/bench' }, 3],
  [{ referrer: 'https://blog.example.org/a-review' }, 3],
  [{ query: 'utm_source=newsletter&utm_medium=email&utm_campaign=weekly' }, 3],
  [{ query: 'utm_source=google&utm_medium=cpc&utm_campaign=brand' }, 2],
];

const PEOPLE: [Pick<HitRecorded, 'browser' | 'os' | 'device' | 'screen' | 'country'>, number][] = [
  [{ browser: 'Chrome', os: 'Windows', device: 'desktop', screen: 'desktop', country: 'US' }, 25],
  [{ browser: 'Chrome', os: 'macOS', device: 'desktop', screen: 'laptop', country: 'DE' }, 12],
  [{ browser: 'Safari', os: 'macOS', device: 'desktop', screen: 'laptop', country: 'GB' }, 8],
  [{ browser: 'Firefox', os: 'Linux', device: 'desktop', screen: 'desktop', country: 'FR' }, 6],
  [{ browser: 'Mobile Safari', os: 'iOS', device: 'mobile', screen: 'mobile', country: 'US' }, 20],
  [{ browser: 'Chrome', os: 'Android', device: 'mobile', screen: 'mobile', country: 'IN' }, 18],
  [{ browser: 'Microsoft Edge', os: 'Windows', device: 'desktop', screen: 'desktop', country: 'BR' }, 11],
];

/** Everything a day's generation shares, built once. */
export interface Prepared {
  d: AgentsDesign;
  urls: Url[];
  agents: DesignAgent[];
  pickAgent: (r: number) => number;
  /** Crawlers' popularity over every URL, and people's (and their agents') over content pages. */
  crawlPopular: (r: number) => number;
  contentWeights: number[];
  contentPopular: (r: number) => number;
  addresses: string[][];
  fetchQuotas: number[];
  pageviewQuotas: number[];
  pickArrival: (r: number) => number;
  pickPerson: (r: number) => number;
  hourly: (r: number) => number;
}

export function prepare(d: AgentsDesign): Prepared {
  const urls = designUrls(d);
  const agents = designAgents(d);
  const contentWeights = zipfOver(d.contentPages, rng(d.seed, 3));
  const r = rng(d.seed, 4);
  return {
    d,
    urls,
    agents,
    pickAgent: sampler(agents.map((a) => a.weight)),
    crawlPopular: sampler(zipfOver(d.urls, rng(d.seed, 5))),
    contentWeights,
    contentPopular: sampler(contentWeights),
    // A few addresses per agent (their keyed digests).
    addresses: agents.map(() => Array.from({ length: 12 }, () => hex(r, 8))),
    fetchQuotas: dailyFetches(d),
    pageviewQuotas: dailyPageviews(d),
    pickArrival: sampler(ARRIVALS.map(([, w]) => w)),
    pickPerson: sampler(PEOPLE.map(([, w]) => w)),
    // Bots a little busier in the European and American day.
    hourly: sampler(Array.from({ length: 24 }, (_, h) => 1 + 0.4 * Math.sin(((h - 8) / 24) * 2 * Math.PI))),
  };
}

/** One UTC day's agent fetches, in time order. */
export function dayFetches(p: Prepared, day: number): FetchRecorded[] {
  const { d, urls, agents } = p;
  const r = rng(d.seed, 1000 + day);
  const start = d.firstDay + day * DAY_MS;
  const out: FetchRecorded[] = [];
  for (let i = 0; i < p.fetchQuotas[day]!; i++) {
    const k = p.pickAgent(r());
    const a = agents[k]!;
    const page =
      a.purpose === 'user_action'
        ? p.contentPopular(r())
        : r() < 0.5
          ? Math.floor(r() * urls.length)
          : p.crawlPopular(r());
    const url = urls[page]!;
    const real = a.range !== null && (a.agent_id === 'unknown' || r() < 0.92);
    const x = r();
    const conditional = x < 0.08;
    const status = conditional ? 304 : x < 0.095 ? 404 : x < 0.105 ? 301 : x < 0.108 ? 500 : 200;
    const place = real ? PLACES[a.operator] : undefined;
    out.push({
      type: 'FetchRecorded',
      id: uuid(r),
      site: d.site,
      ts: start + p.hourly(r()) * HOUR_MS + Math.floor(r() * HOUR_MS),
      user_agent: a.user_agent,
      method: r() < 0.005 ? 'HEAD' : 'GET',
      hostname: d.hostname,
      pathname: url.pathname,
      status,
      bytes: conditional || status >= 300 ? 0 : Math.floor(url.bytes * (0.9 + 0.2 * r())),
      duration_ms: 5 + Math.floor(r() * r() * 800),
      content_type: status === 301 || status >= 400 ? 'text/html; charset=utf-8' : url.content_type,
      conditional: conditional ? 1 : 0,
      address: p.addresses[k]![Math.floor(r() * 12)]!,
      // One shape for every fetch (undefined fields are not serialised).
      country: place?.[0],
      asn: place?.[1],
      ranges: real ? [a.range!] : [],
    });
  }
  return out.sort((a, b) => a.ts - b.ts);
}

/**
 * One UTC day's pageviews, in time order: sessions of one to six pages, at least 31 minutes
 * apart per visitor (visitor ids live one day), entering by the arrival's popularity.
 */
export function dayHits(p: Prepared, day: number): HitRecorded[] {
  const { d, urls } = p;
  const r = rng(d.seed, 5000 + day);
  const start = d.firstDay + day * DAY_MS;
  const end = start + DAY_MS;
  const today = sampler(p.contentWeights.map((w, i) => w * readership(i, day)));
  const out: HitRecorded[] = [];
  while (out.length < p.pageviewQuotas[day]!) {
    const visitor = hex(r, 4);
    const who = PEOPLE[p.pickPerson(r())]![0];
    let t = start + p.hourly(r()) * HOUR_MS + Math.floor(r() * HOUR_MS);
    for (let s = r() < 0.3 ? 2 : 1; s > 0 && t < end - MIN_MS; s--) {
      const arrival = ARRIVALS[p.pickArrival(r())]![0];
      let path = urls[today(r())]!.pathname;
      const hit = (over: Partial<HitRecorded>) => {
        out.push({
          type: 'HitRecorded',
          id: uuid(r),
          site: d.site,
          ts: t,
          kind: 'pageview',
          source: 'tracker',
          hostname: d.hostname,
          pathname: path,
          visitor,
          ...who,
          ...over,
        });
      };
      hit(arrival);
      for (let n = 1; n < 6 && r() < 0.55 && out.length < p.pageviewQuotas[day]!; n++) {
        const previous = path;
        t += 10_000 + Math.floor(r() * r() * 300_000);
        if (t >= end) break;
        path = urls[today(r())]!.pathname;
        hit({ referrer: `https://${d.hostname}${previous}` });
      }
      t += 31 * MIN_MS + Math.floor(r() * 6 * HOUR_MS);
    }
  }
  out.length = p.pageviewQuotas[day]!;
  return out.sort((a, b) => a.ts - b.ts);
}
