import { randomUUID } from 'node:crypto';
import type { HitRecorded } from '../../streams/events.js';
import { subjectFor } from '../../streams/subjects.js';
import { isBotAgent } from '../enrich/bot-agent.js';
import type { GeoLookup } from '../enrich/geo.js';
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
  limiter: BatchedWindowLimiter;
  /**
   * Keyed digest of an address (rate-limit subject); the address itself is never kept. Synchronous
   * once the key is loaded (addressDigestNow).
   */
  addressDigest: (address: string) => Buffer | Promise<Buffer>;
  prefix: string;
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
export async function screenHit(deps: IngestDeps, input: unknown, ctx: HitContext): Promise<Screened> {
  const parsed = parseTrackPayload.safeParse(input);
  if (!parsed.success) return { kind: 'dropped', reason: 'invalid' };
  return screenAt(parsed.data, await deps.sites.get(parsed.data.s), ctx);
}

function screenAt(payload: TrackPayload, site: Site | null, ctx: HitContext): Screened {
  // An error hit names its error by `p.message` (decisions.md §6): without one it is invalid, as
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

/**
 * Validates and enriches tracker payloads into HitRecorded events (not yet appended). If any
 * payload names an unknown site or a foreign hostname the whole request is forbidden, before
 * any hit is counted against the rate limit. Each other payload is accepted or dropped with a
 * typed reason.
 */
export async function prepareHits(
  deps: IngestDeps,
  inputs: readonly unknown[],
  ctx: HitContext,
): Promise<Outcome[]> {
  if (inputs.length === 1) return [await prepareHit(deps, inputs[0], ctx)];
  const screened = await Promise.all(inputs.map((i) => screenHit(deps, i, ctx)));
  const forbidden = screened.find((s) => s.kind === 'forbidden');
  if (forbidden) return [forbidden];
  const subject = await deps.addressDigest(ctx.address);
  return Promise.all(
    screened.map(async (s): Promise<Outcome> => {
      if (s.kind !== 'pass') return s;
      if (!(await deps.limiter.allow(`ingest:${s.site.id}`, subject)))
        return { kind: 'dropped', reason: 'rate_limited' };
      return { kind: 'accepted', event: await enrichHit(deps, s.payload, s.site, s.url, ctx) };
    }),
  );
}

/**
 * One hit, as prepareHits does it for a batch of one: nearly every request. Cached sites and salts
 * are read without a promise, so the hit waits only for the rate limit.
 */
async function prepareHit(deps: IngestDeps, input: unknown, ctx: HitContext): Promise<Outcome> {
  const parsed = parseTrackPayload.safeParse(input);
  if (!parsed.success) return { kind: 'dropped', reason: 'invalid' };
  const payload = parsed.data;
  const cached = deps.sites.peek(payload.s);
  const s = screenAt(payload, cached !== undefined ? cached : await deps.sites.get(payload.s), ctx);
  if (s.kind !== 'pass') return s;
  const digest = deps.addressDigest(ctx.address);
  const subject = Buffer.isBuffer(digest) ? digest : await digest;
  if (!(await deps.limiter.allow(`ingest:${s.site.id}`, subject)))
    return { kind: 'dropped', reason: 'rate_limited' };
  const salt =
    deps.salts.peek(s.site.id, ctx.receivedAt) ?? (await deps.salts.saltFor(s.site.id, ctx.receivedAt));
  return { kind: 'accepted', event: hitEvent(deps, payload, s.site, s.url, ctx, salt) };
}

export async function enrichHit(
  deps: IngestDeps,
  p: TrackPayload,
  site: Site,
  url: URL,
  ctx: HitContext,
): Promise<HitRecorded> {
  return hitEvent(deps, p, site, url, ctx, await deps.salts.saltFor(site.id, ctx.receivedAt));
}

function hitEvent(
  deps: IngestDeps,
  p: TrackPayload,
  site: Site,
  url: URL,
  ctx: HitContext,
  salt: Buffer,
): HitRecorded {
  const ua = parseUserAgent(ctx.userAgent);
  const geo = deps.geo.lookup(ctx.address);
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
  return event;
}

const VITALS = ['lcp', 'cls', 'inp', 'fcp', 'ttfb'] as const;

function vitals(e: Record<string, number> | undefined): HitRecorded['vitals'] {
  if (!e) return undefined;
  const out: NonNullable<HitRecorded['vitals']> = {};
  for (const k of VITALS) if (typeof e[k] === 'number' && Number.isFinite(e[k]) && e[k] >= 0) out[k] = e[k];
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Appends accepted hits, one message per site: a batch for one site is stored whole or not at all. */
export async function appendHits(deps: IngestDeps, events: readonly HitRecorded[]): Promise<void> {
  if (events.length === 1)
    return deps.appender.append(subjectFor(deps.prefix, events[0]!.site, 'human'), events[0]!);
  const bySite = new Map<number, HitRecorded[]>();
  for (const e of events) bySite.set(e.site, [...(bySite.get(e.site) ?? []), e]);
  await Promise.all(
    [...bySite].map(([site, list]) =>
      deps.appender.appendAtomic(subjectFor(deps.prefix, site, 'human'), list),
    ),
  );
}
