// The designed data set of `npm run bench:read`: tracker hits of one site, generated from a seed, so
// every run (and the fidelity tests) sees the same events. One week is designed day by day; the
// weeks after it repeat it with new ids (visitor ids live one day, so each copy holds new visitors
// and sessions), which lets the loader fold one week and copy its rows (read-load.ts). Identified
// users outlive a week: a copy gives each identify id the user of that week (`identityInWeek`), so
// users come back week after week, and new ones arrive every week, as retention cohorts need.
import type { HitRecorded } from '../streams/events.js';

export interface ReadDataDesign {
  site: number;
  hostname: string;
  /** Epoch ms of the first UTC day's midnight. */
  firstDay: number;
  days: number;
  /** Events in all, spread over the days by a weekly rhythm. */
  events: number;
  pages: number;
  seed: number;
}

export const DAY_MS = 86_400_000;
export const WEEK_DAYS = 7;
const HOUR_MS = 3_600_000;
const MIN_MS = 60_000;

/** The benchmark's design: 10 million events, 500 pages, 90 days (2026-08-01 to 2026-10-29, UTC). */
export const BENCH_DESIGN: ReadDataDesign = {
  site: 1,
  hostname: 'bench.example',
  firstDay: Date.UTC(2026, 7, 1),
  days: 90,
  events: 10_000_000,
  pages: 500,
  seed: 20261123,
};

/** sfc32: small, fast and good enough to shape traffic; one stream per (seed, day). */
export function rng(seed: number, stream = 0): () => number {
  let a = seed >>> 0;
  let b = (stream * 0x9e3779b9) >>> 0;
  let c = 0x85ebca6b;
  let d = 1;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  };
  for (let i = 0; i < 15; i++) next();
  return next;
}

/** A sampler over weighted choices (binary search in the cumulative weights). */
function weighted<T>(choices: readonly (readonly [T, number])[]): (r: number) => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (const [, w] of choices) cumulative.push((sum += w));
  return (r) => {
    const x = r * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return choices[lo]![0];
  };
}

/** The site's pages: a few top pages, then docs and blog posts. */
export function pagePaths(n: number): string[] {
  const top = ['/', '/pricing', '/features', '/docs', '/blog', '/about', '/signup', '/login', '/contact'];
  const out = top.slice(0, n);
  for (let i = 0; out.length < n; i++)
    out.push(i % 3 === 2 ? `/blog/post-${i}` : `/docs/${['guide', 'api', 'howto'][i % 3]}/topic-${i}`);
  return out;
}

const COUNTRIES = weighted(
  Object.entries({
    US: 30,
    IN: 9,
    DE: 9,
    GB: 8,
    FR: 6,
    BR: 5,
    CA: 4,
    JP: 4,
    NL: 3,
    ES: 3,
    IT: 3,
    PL: 2,
    AU: 2,
    SE: 2,
    MX: 2,
    KR: 2,
    NP: 1,
    ZA: 1,
    NG: 1,
    AR: 1,
  }),
);

type Agent = Pick<HitRecorded, 'browser' | 'browser_version' | 'os' | 'os_version' | 'device' | 'screen'>;
const agent = (browser: string, version: string, os: string, osVersion: string, device: string): Agent => ({
  browser,
  browser_version: version,
  os,
  os_version: osVersion,
  device,
  screen: device === 'desktop' ? (os === 'macOS' ? 'laptop' : 'desktop') : device,
});
const AGENTS = weighted<Agent>([
  [agent('Chrome', '131', 'Windows', '10', 'desktop'), 24],
  [agent('Chrome', '131', 'macOS', '10.15', 'desktop'), 12],
  [agent('Safari', '18', 'macOS', '10.15', 'desktop'), 6],
  [agent('Firefox', '133', 'Linux', 'x86_64', 'desktop'), 5],
  [agent('Microsoft Edge', '131', 'Windows', '10', 'desktop'), 8],
  [agent('Mobile Safari', '18', 'iOS', '18.1', 'mobile'), 20],
  [agent('Chrome', '131', 'Android', '14', 'mobile'), 17],
  [agent('Samsung Internet', '26', 'Android', '14', 'mobile'), 3],
  [agent('Mobile Safari', '18', 'iOS', '18.1', 'tablet'), 5],
]);

/** Where a session comes from: its first hit's referrer and query (the projections classify them). */
type Arrival = Pick<HitRecorded, 'referrer' | 'query'>;
const ARRIVALS = weighted<Arrival>([
  [{}, 34],
  [{ referrer: 'https://www.google.com/' }, 24],
  [{ referrer: 'https://www.bing.com/' }, 3],
  [{ referrer: 'https://duckduckgo.com/' }, 2],
  [{ referrer: 'https://chatgpt.com/' }, 5],
  [{ referrer: 'https://www.perplexity.ai/' }, 2],
  [{ referrer: 'https://www.reddit.com/r/webdev/' }, 5],
  [{ referrer: 'https://news.ycombinator.com/' }, 4],
  [{ referrer: 'https://t.co/x1' }, 3],
  [{ referrer: 'https://github.com/bench/bench' }, 3],
  [{ referrer: 'https://blog.example.org/a-review' }, 4],
  [{ query: 'utm_source=newsletter&utm_medium=email&utm_campaign=weekly' }, 5],
  [{ query: 'utm_source=google&utm_medium=cpc&utm_campaign=brand&utm_term=analytics' }, 6],
]);

/**
 * Identified users: a slot of the designed week is a user for `life` weeks, then the next user of
 * that slot; the slots' lives are staggered, so every week some users start and the others return.
 */
const IDENTITY_SLOTS = 3_000;
export const IDENTITY_LIVES = [1, 2, 3, 4, 6, 9, 13] as const;
const PLANS = ['free', 'pro', 'team'] as const;

/** The identify id of slot `slot`'s user in week `k` (`user-<slot>-<life epoch>`). */
const slotIdentity = (slot: number, k: number) =>
  `user-${slot}-${Math.floor((k + slot) / IDENTITY_LIVES[slot % IDENTITY_LIVES.length]!)}`;

/** The identify id a designed week's id stands for in week `k` (read-load.ts does the same in SQL). */
export const identityInWeek = (identity: string, k: number) =>
  slotIdentity(Number(identity.split('-')[1]), k);

/** A standard normal draw (Box–Muller). */
const normal = (r: () => number) => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());

/** Web Vitals slower on phones and tablets than on desktops. */
const DEVICE_SLOWNESS: Record<string, number> = { desktop: 1, tablet: 1.25, mobile: 1.5 };

/**
 * One page view's Web Vitals as the tracker sends them (ms rounded, CLS to four decimals): log-normal
 * around typical medians, scaled by the page's and the device's slowness; INP only after an
 * interaction, CLS only where the browser measures it (mostly not on iOS).
 */
function vitalsOf(r: () => number, slowness: number, ios: boolean): NonNullable<HitRecorded['vitals']> {
  const ms = (median: number, sigma: number) => Math.round(median * slowness * Math.exp(sigma * normal(r)));
  const ttfb = ms(380, 0.6);
  const fcp = ttfb + ms(900, 0.5);
  const out: NonNullable<HitRecorded['vitals']> = { ttfb, fcp, lcp: fcp + ms(700, 0.8) };
  if (r() < 0.6) out.inp = Math.max(16, ms(110, 0.7));
  if (!ios) out.cls = r() < 0.45 ? 0 : +Math.min(2, 0.04 * Math.exp(1.1 * normal(r))).toFixed(4);
  return out;
}

type Message = string | ((r: () => number) => string);
/** Errors the site's scripts throw: messages some of which differ only in numbers, ids or quoted names. */
const ERRORS = weighted<readonly [Message, string | undefined, string | undefined]>([
  [["Cannot read properties of undefined (reading 'map')", 'renderList', 'app.js'], 30],
  [["Cannot read properties of undefined (reading 'map')", 'renderTable', 'table.js'], 6],
  [["Cannot read properties of null (reading 'addEventListener')", 'bindMenu', 'app.js'], 12],
  [['ResizeObserver loop completed with undelivered notifications.', undefined, undefined], 18],
  [['Script error.', undefined, undefined], 10],
  [[`Unexpected token '<', "<!DOCTYPE "... is not valid JSON`, 'loadConfig', 'config.js'], 5],
  [['x is not a function', 'onScroll', 'vendor.js'], 3],
  [[(r) => `Failed to fetch /api/items/${Math.floor(r() * 9_000) + 100}`, 'fetchItem', 'api.js'], 14],
  [[(r) => `Request ${hexId(r)} timed out after ${5 + Math.floor(r() * 5)}000 ms`, 'request', 'api.js'], 8],
  [[(r) => `Loading chunk ${Math.floor(r() * 40)} failed.`, 'requireEnsure', 'runtime.js'], 9],
  [[(r) => `Loading chunk ${Math.floor(r() * 40)} failed.`, 'prefetch', 'router.js'], 4],
  [[(r) => `Order '${hexId(r).slice(0, 8)}' not found`, 'showOrder', 'checkout.js'], 3],
  [[(r) => `Quota exceeded: ${Math.floor(r() * 100)} of 50 requests`, undefined, 'widget.js'], 2],
]);

const hexId = (r: () => number) => hex128(r).slice(2, 18);

/** An error hit's `p`: the message, the place, and a V8 stack where the error had a function. */
function errorProps(r: () => number): Record<string, string | number> {
  const [message, fn, file] = ERRORS(r());
  const text = typeof message === 'string' ? message : message(r);
  if (!file) return { message: text };
  const [line, col] = [10 + Math.floor(r() * 3) * 100, 5 + Math.floor(r() * 40)];
  const source = `https://bench.example/assets/${file}?v=${1 + Math.floor(r() * 3)}`;
  const p: Record<string, string | number> = { message: text, source, line, col };
  if (fn)
    p.stack = `Error: ${text}\n    at ${fn} (${source}:${line}:${col})\n    at main (https://bench.example/assets/app.js:1:1)`;
  return p;
}

/** Sessions per visitor and day: several for many. */
const SESSIONS = weighted([
  [1, 55],
  [2, 25],
  [3, 12],
  [4, 8],
] as const);

/** Share of the day's traffic per UTC hour: quiet at night in Europe, busiest in the afternoon. */
const HOURS = weighted(
  [2, 1.5, 1.2, 1, 1, 1.2, 2, 3, 4, 5, 5.5, 6, 6, 6.5, 7, 7.5, 7.5, 7, 6.5, 6, 5, 4, 3, 2.5].map(
    (w, h) => [h, w] as const,
  ),
);

/** Monday to Friday busier than the weekend. */
const weekdayWeight = (day: number) => ([0, 6].includes(new Date(day).getUTCDay()) ? 0.75 : 1.1);

/**
 * Events per day, repeating weekly and summing exactly to `d.events`: the weekly shares rounded
 * down, the rest put on the week's first and last day, whose copies number one apart at most (so
 * the rest always splits when they differ).
 */
export function dailyQuotas(d: ReadDataDesign): number[] {
  const week = Array.from({ length: Math.min(WEEK_DAYS, d.days) }, (_, w) =>
    weekdayWeight(d.firstDay + w * DAY_MS),
  );
  const copies = week.map((_, w) => Math.floor((d.days - 1 - w) / WEEK_DAYS) + 1);
  const total = week.reduce((sum, x, w) => sum + x * copies[w]!, 0);
  const quota = week.map((x) => Math.floor((d.events * x) / total));
  const rest = d.events - quota.reduce((sum, q, w) => sum + q * copies[w]!, 0);
  const last = week.length - 1;
  // rest = a·copies[0] + b·copies[last]: with copies[0] = copies[last] + 1, a = rest mod copies[last].
  const a = copies[0] === copies[last] ? 0 : rest % copies[last]!;
  quota[0]! += a;
  quota[last]! += (rest - a * copies[0]!) / copies[last]!;
  if (!quota.every(Number.isInteger)) throw new Error('the events do not split over the design’s weeks');
  return Array.from({ length: d.days }, (_, day) => quota[day % WEEK_DAYS]!);
}

const BYTE_HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** 128 bits of the generator as hex, the first byte the copy's (`00` in the designed week). */
function hex128(r: () => number): string {
  let out = '';
  for (let i = 0; i < 4; i++) {
    const w = Math.floor(r() * 4_294_967_296);
    out +=
      BYTE_HEX[w >>> 24]! + BYTE_HEX[(w >>> 16) & 255]! + BYTE_HEX[(w >>> 8) & 255]! + BYTE_HEX[w & 255]!;
  }
  return `00${out.slice(2)}`;
}

/** An RFC 4122 version-4 UUID drawn from the generator, starting with the copy's byte. */
function uuid(r: () => number): string {
  const h = hex128(r);
  const variant = ((parseInt(h[16]!, 16) & 3) | 8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Ids of week `k`'s copy: the designed id with `k` as its first byte, so copies never collide. */
export const copyId = (id: string, k: number) => BYTE_HEX[k]! + id.slice(2);

/**
 * One UTC day of the designed week, in stream order (by time). Each visitor id lives this day only
 * (the daily salt): one to four sessions at least 31 minutes apart, pages by a Zipf-like popularity,
 * engagement reported by the next hit, a few custom events, outbound clicks, downloads and forms.
 */
function designedDay(d: ReadDataDesign, w: number, quota: number): HitRecorded[] {
  const r = rng(d.seed, w + 1);
  // Popularity ~ 1/rank over a fixed shuffle of the pages, so neither '/' nor the docs always lead.
  const ranked = shuffled(pagePaths(d.pages), rng(d.seed, 0));
  const page = weighted(ranked.map((p, i) => [p, 1 / (i + 1)] as const));
  const pageSlow = rng(d.seed, 1_000);
  const slowness = new Map(ranked.map((p) => [p, 0.6 + 1.2 * pageSlow()]));
  const dayStart = d.firstDay + w * DAY_MS;
  const dayEnd = dayStart + DAY_MS;
  const out: HitRecorded[] = [];
  while (out.length < quota) {
    const visitor = hex128(r);
    const who = { ...AGENTS(r()), country: COUNTRIES(r()) };
    const slot = r() < 0.06 ? Math.floor(r() * IDENTITY_SLOTS) : undefined;
    let identifiedAt = Number.POSITIVE_INFINITY;
    const hits: HitRecorded[] = [];
    const hit = (ts: number, pathname: string, over: Partial<HitRecorded> = {}) =>
      ts < dayEnd &&
      hits.push({
        type: 'HitRecorded',
        id: uuid(r),
        site: d.site,
        ts,
        kind: 'pageview',
        source: 'tracker',
        hostname: d.hostname,
        pathname,
        visitor,
        ...who,
        ...over,
      });
    let free = dayStart;
    const sessions = SESSIONS(r());
    for (let s = 0; s < sessions; s++) {
      let t = Math.max(dayStart + HOURS(r()) * HOUR_MS + Math.floor(r() * HOUR_MS), free);
      if (t >= dayEnd - MIN_MS) break;
      let path = page(r());
      hit(t, path, s === 0 || r() < 0.5 ? ARRIVALS(r()) : {});
      if (s === 0 && slot !== undefined) {
        identifiedAt = t + 1_500;
        hit(identifiedAt, path, {
          kind: 'custom',
          name: 'identify',
          props: { plan: PLANS[slot % PLANS.length]!, company: `company-${slot % 250}` },
        });
      }
      // A script error on about one page view in eighty, Web Vitals sent when about half are left.
      const landed = (at: number, pathname: string) =>
        r() < 0.0125 && hit(at + 1_000, pathname, { kind: 'error', props: errorProps(r) });
      const left = (at: number, pathname: string) =>
        r() < 0.45 &&
        hit(at, pathname, {
          kind: 'web_vitals',
          vitals: vitalsOf(r, slowness.get(pathname)! * DEVICE_SLOWNESS[who.device!]!, who.os === 'iOS'),
        });
      landed(t, path);
      // Geometric: about 2.6 pages per session, a bounce in about a third of sessions.
      while (r() < 0.62 && hits.length < 60) {
        const step = 5_000 + Math.floor(r() * r() * 360_000);
        if (t + step >= dayEnd) break;
        const x = r();
        if (x < 0.04)
          hit(t + 2_000, path, {
            kind: 'custom',
            name: 'Signup',
            props: { plan: r() < 0.3 ? 'pro' : 'free' },
          });
        else if (x < 0.07)
          hit(t + 3_000, path, {
            kind: 'outbound',
            name: 'Outbound Link: Click',
            props: { url: 'https://github.com/bench' },
          });
        else if (x < 0.08)
          hit(t + 3_000, path, {
            kind: 'file_download',
            name: 'File Download',
            props: { url: `https://${d.hostname}/guide.pdf` },
          });
        else if (x < 0.09) hit(t + 4_000, path, { kind: 'form', name: 'Form: Submission' });
        else if (x < 0.1)
          hit(t + 3_500, path, {
            kind: 'custom',
            name: 'Purchase',
            props: { product: r() < 0.7 ? 'plan' : 'addon' },
            revenue:
              r() < 0.7
                ? { amount: [9, 29, 99][Math.floor(r() * 3)]!, currency: 'USD' }
                : { amount: [8.5, 27, 89.99][Math.floor(r() * 3)]!, currency: 'EUR' },
          });
        left(t + step - 1_000, path);
        const previous = path;
        path = page(r());
        t += step;
        hit(t, path, {
          referrer: `https://${d.hostname}${previous}`,
          d: Math.floor(step * 0.8),
          sc: Math.floor(r() * 101),
        });
        landed(t, path);
      }
      left(t + 19_000, path);
      // The tracker's engagement hit when the page is left, for about a third of last pages.
      if (r() < 0.35 && t + 20_000 < dayEnd)
        hit(t + 20_000, path, { kind: 'engagement', d: 15_000, sc: Math.floor(r() * 101) });
      free = t + 20_000 + 31 * MIN_MS;
    }
    hits.sort((a, b) => a.ts - b.ts);
    if (slot !== undefined)
      for (const h of hits) if (h.ts >= identifiedAt) h.identity = slotIdentity(slot, 0);
    out.push(...hits.slice(0, quota - out.length));
  }
  // Stream order: by time; a stable sort keeps a visitor's simultaneous hits in generation order.
  return out.sort((a, b) => a.ts - b.ts);
}

/** One UTC day of hits in stream order: the designed week's day, moved by whole weeks with the copy's ids. */
export function dayEvents(d: ReadDataDesign, day: number): HitRecorded[] {
  const w = day % WEEK_DAYS;
  const k = (day - w) / WEEK_DAYS;
  const designed = designedDay(d, w, dailyQuotas(d)[w]!);
  if (k === 0) return designed;
  return designed.map((h) => copyHit(h, k));
}

/** A designed week's hit as week `k`'s copy holds it. */
export const copyHit = (h: HitRecorded, k: number): HitRecorded => ({
  ...h,
  id: copyId(h.id, k),
  visitor: copyId(h.visitor, k),
  ts: h.ts + k * WEEK_DAYS * DAY_MS,
  ...(h.identity === undefined ? {} : { identity: identityInWeek(h.identity, k) }),
});

function shuffled<T>(items: readonly T[], r: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
