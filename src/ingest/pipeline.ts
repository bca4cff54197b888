import { randomUUID } from 'node:crypto';
import type { HitRecorded } from '../../streams/events.js';
import { type StreamLayout, subjectFor } from '../../streams/subjects.js';
import { isBotAgent } from '../enrich/bot-agent.js';
import type { GeoInfo, GeoLookup } from '../enrich/geo.js';
import { screenClass } from '../enrich/screen.js';
import { parseUserAgent } from '../enrich/user-agent.js';
import type { Appender } from '../nats/append.js';
import type { BatchedWindowLimiter } from '../ratelimit/batched-window.js';
import type { Site } from '../sites/sites.js';
import { parseTrackPayload, type TrackPayload } from './payloads.js';
import type { DailySalts } from './salts.js';
import { hostnameBelongs, type SiteCache } from './site-cache.js';
import { errorProps } from './steps/error-props.js';
import { isExcludedPath } from './steps/excluded-path.js';
import { cleanProps } from './steps/props.js';
import { visitorDigest } from './steps/visitor-digest.js';

export const DROP_REASONS = [
  'malformed',
  'invalid',
  'bot',
  'excluded_path',
  'opt_out',
  'rate_limited',
  'unprocessable',
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export type Outcome =
  | { kind: 'accepted'; event: HitRecorded }
  | { kind: 'dropped'; reason: DropReason }
  | { kind: 'forbidden'; message: string };

export interface IngestDeps {
  sites: SiteCache;
  salts: DailySalts;
  appender: Appender;
  geo: GeoLookup;
  /**
   * Counts each hit against its site and address; null counts none (the edge, whose rows come from
   * many visitors through one shipment, limits its requests instead).
   */
  limiter: BatchedWindowLimiter | null;
  /**
   * Keyed digest of an address (rate-limit subject); the address itself is never kept. Synchronous
   * once the key is loaded (addressDigestNow).
   */
  addressDigest: (address: string) => Buffer | Promise<Buffer>;
  /** Names the subject of each site's hits. */
  layout: StreamLayout;
}

/** What the request itself tells about its hits; the address never leaves the pipeline. */
export interface HitContext {
  address: string;
  userAgent: string;
  receivedAt: number;
  source: HitRecorded['source'];
  /** The request carried `DNT: 1` or `Sec-GPC: 1`. */
  optOut: boolean;
}

type Screened =
  { kind: 'pass'; payload: TrackPayload; site: Site; url: URL } | Exclude<Outcome, { kind: 'accepted' }>;

/** The checks that need nothing but the payload, the request and the site. */
function screenAt(payload: TrackPayload, site: Site | null, ctx: HitContext): Screened {
  // An error hit names its error by `p.message` (docs/api.md#hits): without one it is invalid, as
  // a payload the schema refuses (and, like one, checked before the site).
  if (payload.t === 'error' && typeof payload.p?.message !== 'string')
    return { kind: 'dropped', reason: 'invalid' };
  if (!site) return { kind: 'forbidden', message: 'unknown site' };
  const url = new URL(payload.u);
  if (!hostnameBelongs(site, url.hostname))
    return { kind: 'forbidden', message: 'hostname does not belong to the site' };
  if (isBotAgent(ctx.userAgent)) return { kind: 'dropped', reason: 'bot' };
  if (isExcludedPath(site, url.pathname)) return { kind: 'dropped', reason: 'excluded_path' };
  if (ctx.optOut && site.respectDnt) return { kind: 'dropped', reason: 'opt_out' };
  return { kind: 'pass', payload, site, url };
}

/** One request's payloads, and what the request itself tells about them. */
export interface HitInputs {
  inputs: readonly unknown[];
  ctx: HitContext;
}

/**
 * Validates and enriches the payloads of many requests into HitRecorded events (not yet appended),
 * one list of outcomes per request. If any payload of a request names an unknown site or a foreign
 * hostname, that request is forbidden whole, before any of its hits is counted against the rate
 * limit. Each other payload is accepted or dropped with a typed reason. The requests' hits are
 * counted by one call to the limiter and wait for nothing else once sites and salts are cached:
 * a part of hits costs one promise, not a chain per hit.
 */
export async function prepareHits(deps: IngestDeps, requests: readonly HitInputs[]): Promise<Outcome[][]> {
  const parsed = requests.map((r) => r.inputs.map((i) => own(() => parseTrackPayload.safeParse(i))));
  const sites = await sitesOf(
    deps,
    parsed.flatMap((list) => list.flatMap((p) => (p?.success ? [p.data.s] : []))),
  );
  const screened = requests.map((r, i): Screened[] => {
    const list = parsed[i]!.map((p): Screened => {
      if (p === undefined) return UNPROCESSABLE;
      if (!p.success) return { kind: 'dropped', reason: 'invalid' };
      return own(() => screenAt(p.data, sites.get(p.data.s) ?? null, r.ctx)) ?? UNPROCESSABLE;
    });
    const forbidden = list.find((s) => s.kind === 'forbidden');
    return forbidden ? [forbidden] : list;
  });

  // The rate limit, for every hit that passed, in order: its site and its address's digest.
  const subjects = await settled(
    requests.map((r, i) =>
      screened[i]!.some((s) => s.kind === 'pass') ? deps.addressDigest(r.ctx.address) : NO_SUBJECT,
    ),
  );
  const counted = screened.flatMap((list, i) =>
    list.flatMap((s) =>
      s.kind === 'pass' ? [{ bucket: `ingest:${s.site.id}`, subject: subjects[i]! }] : [],
    ),
  );
  const allowed = counted.length > 0 && deps.limiter ? await deps.limiter.allowEach(counted) : null;

  let next = 0;
  const outcomes: (Outcome | Passed)[][] = screened.map((list) =>
    list.map((s) => {
      if (s.kind !== 'pass') return s;
      return allowed === null || allowed[next++] ? s : { kind: 'dropped', reason: 'rate_limited' };
    }),
  );
  // Salts change once a day per site: nearly always cached, so this waits for nothing.
  const salts = await settled(
    outcomes.flatMap((list, i) => {
      const { receivedAt } = requests[i]!.ctx;
      return list.flatMap((o) =>
        o.kind === 'pass'
          ? [deps.salts.peek(o.site.id, receivedAt) ?? deps.salts.saltFor(o.site.id, receivedAt)]
          : [],
      );
    }),
  );
  let salted = 0;
  return outcomes.map((list, i) =>
    list.map((o): Outcome => {
      if (o.kind !== 'pass') return o;
      const { ctx } = requests[i]!;
      const salt = salts[salted++]!;
      const event = own(() =>
        hitEvent(o.payload, o.site, o.url, ctx, salt, deps.geo.lookup(ctx.address, subjects[i])),
      );
      return event === undefined ? UNPROCESSABLE : { kind: 'accepted', event };
    }),
  );
}

type Passed = Extract<Screened, { kind: 'pass' }>;
const NO_SUBJECT = Buffer.alloc(0);
const UNPROCESSABLE = { kind: 'dropped', reason: 'unprocessable' } as const;

/**
 * One hit's own step: what it throws (a bug, or input no check foresaw) is that hit's, dropped as
 * `unprocessable`, never its part's. Undefined when it threw.
 */
function own<T>(step: () => T): T | undefined {
  try {
    return step();
  } catch {
    return undefined;
  }
}

/** The values, waiting only if one of them is a promise (nearly never, once caches are warm). */
function settled<T>(values: readonly (T | Promise<T>)[]): T[] | Promise<T[]> {
  return values.some((v) => v instanceof Promise) ? Promise.all(values) : (values as T[]);
}

/** The sites named, from the cache, with the ones it lacks loaded together. */
async function sitesOf(deps: IngestDeps, ids: readonly number[]): Promise<Map<number, Site | null>> {
  const sites = new Map<number, Site | null>();
  const missing: number[] = [];
  for (const id of ids) {
    if (sites.has(id)) continue;
    const cached = deps.sites.peek(id);
    if (cached === undefined) missing.push(id);
    else sites.set(id, cached);
  }
  if (missing.length > 0) {
    const loaded = await Promise.all(missing.map((id) => deps.sites.get(id)));
    missing.forEach((id, k) => sites.set(id, loaded[k]!));
  }
  return sites;
}

function hitEvent(
  p: TrackPayload,
  site: Site,
  url: URL,
  ctx: HitContext,
  salt: Buffer,
  geo: GeoInfo,
): HitRecorded {
  const ua = parseUserAgent(ctx.userAgent);
  const event: HitRecorded = {
    type: 'HitRecorded',
    id: randomUUID(),
    site: site.id,
    ts: ctx.receivedAt,
    kind: p.t,
    source: ctx.source,
    hostname: url.hostname.toLowerCase(),
    pathname: url.pathname,
    visitor: visitorDigest(salt, site.id, ctx.address, ctx.userAgent),
    device: ua.device,
  };
  // Set one by one, and only when present, so an absent key never reaches the stream's JSON.
  if (p.n !== undefined) event.name = p.n;
  const search = url.search;
  if (search.length > 1) event.query = search.slice(1);
  if (p.r) event.referrer = p.r;
  if (ua.browser !== undefined) event.browser = ua.browser;
  if (ua.browser_version !== undefined) event.browser_version = ua.browser_version;
  if (ua.os !== undefined) event.os = ua.os;
  if (ua.os_version !== undefined) event.os_version = ua.os_version;
  const screen = screenClass(p.w);
  if (screen !== undefined) event.screen = screen;
  if (geo.country !== undefined) event.country = geo.country;
  if (geo.region !== undefined) event.region = geo.region;
  if (geo.city !== undefined) event.city = geo.city;
  if (geo.asn !== undefined) event.asn = geo.asn;
  if (p.l !== undefined) event.lang = p.l;
  if (p.d !== undefined) event.d = p.d;
  if (p.sc !== undefined) event.sc = p.sc;
  const props = p.t === 'error' ? errorProps(p.p) : cleanProps(p.p);
  if (props !== undefined) event.props = props;
  if (p.id !== undefined) event.identity = p.id;
  if (p.v !== undefined) event.sdk = p.v;
  if (p.t === 'web_vitals') {
    const v = vitals(p.e);
    if (v !== undefined) event.vitals = v;
  }
  if (p.t === 'custom' && p.rv !== undefined) event.revenue = p.rv;
  if (p.k !== undefined) event.key = p.k;
  return event;
}

const VITALS = ['lcp', 'cls', 'inp', 'fcp', 'ttfb'] as const;

function vitals(e: Record<string, number> | undefined): HitRecorded['vitals'] {
  if (!e) return undefined;
  const out: NonNullable<HitRecorded['vitals']> = {};
  for (const k of VITALS) if (typeof e[k] === 'number' && Number.isFinite(e[k]) && e[k] >= 0) out[k] = e[k];
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * Appends each request's accepted hits and answers, per request, the reason its hits could not be
 * stored (undefined where they were). Requests of one hit (nearly all) go through the subject's
 * lane, with one promise for all of them; a request of several is stored one message per site,
 * whole or not at all.
 */
export async function appendHits(
  deps: IngestDeps,
  perRequest: readonly (readonly HitRecorded[])[],
): Promise<unknown[]> {
  const lanes = new Map<string, { events: HitRecorded[]; requests: number[] }>();
  const waits: { done: Promise<void>; requests: number[] }[] = [];
  perRequest.forEach((events, i) => {
    if (events.length === 1) {
      const subject = subjectFor(deps.layout, events[0]!.site, 'human');
      const lane = lanes.get(subject);
      if (lane) {
        lane.events.push(events[0]!);
        lane.requests.push(i);
      } else lanes.set(subject, { events: [events[0]!], requests: [i] });
    } else if (events.length > 1) {
      const bySite = new Map<number, HitRecorded[]>();
      for (const e of events) bySite.set(e.site, [...(bySite.get(e.site) ?? []), e]);
      const atomic = [...bySite].map(([site, list]) =>
        deps.appender.appendAtomic(subjectFor(deps.layout, site, 'human'), list),
      );
      waits.push({ done: Promise.all(atomic).then(() => {}), requests: [i] });
    }
  });
  for (const [subject, lane] of lanes)
    waits.push({
      done: settleLater(() => deps.appender.appendEach(subject, lane.events)),
      requests: lane.requests,
    });
  const failures = new Array<unknown>(perRequest.length);
  await Promise.all(
    waits.map((w) =>
      w.done.catch((err: unknown) => {
        for (const i of w.requests) failures[i] = err ?? new Error('not stored');
      }),
    ),
  );
  return failures;
}

/** `start()`'s promise, or its synchronous throw as a rejection: one lane's failure, not the part's. */
function settleLater(start: () => Promise<void>): Promise<void> {
  try {
    return start();
  } catch (err) {
    return Promise.reject(err);
  }
}
