import { randomUUID } from 'node:crypto';
import { isbot } from 'isbot';
import type { HitRecorded } from '../../streams/events.js';
import { subjectFor } from '../../streams/subjects.js';
import type { Appender } from '../nats/append.js';
import { TrackPayload } from './payloads.js';
import type { DailySalts } from './salts.js';
import { hostnameBelongs, type SiteCache } from './site-cache.js';
import { visitorDigest } from './steps/visitor-digest.js';

export const DROP_REASONS = ['malformed', 'invalid', 'bot'] as const;
export type DropReason = (typeof DROP_REASONS)[number];

export type Outcome =
  | { kind: 'accepted'; event: HitRecorded }
  | { kind: 'dropped'; reason: DropReason }
  | { kind: 'forbidden'; message: string };

export interface IngestDeps {
  sites: SiteCache;
  salts: DailySalts;
  appender: Appender;
  prefix: string;
}

/** What the request itself tells about the hit; the address never leaves this object. */
export interface HitContext {
  address: string;
  userAgent: string;
  receivedAt: number;
  source: HitRecorded['source'];
}

/**
 * Validates and enriches one tracker payload into a HitRecorded event (not yet appended).
 * Each step either passes the hit on or ends it with a typed outcome.
 */
export async function prepareHit(deps: IngestDeps, input: unknown, ctx: HitContext): Promise<Outcome> {
  const parsed = TrackPayload.safeParse(input);
  if (!parsed.success) return { kind: 'dropped', reason: 'invalid' };
  const p = parsed.data;

  const site = await deps.sites.get(p.s);
  if (!site) return { kind: 'forbidden', message: 'unknown site' };
  const url = new URL(p.u);
  if (!hostnameBelongs(site, url.hostname))
    return { kind: 'forbidden', message: 'hostname does not belong to the site' };
  if (isbot(ctx.userAgent)) return { kind: 'dropped', reason: 'bot' };

  const salt = await deps.salts.saltFor(site.id, ctx.receivedAt);
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
  };
  if (p.n !== undefined) event.name = p.n;
  if (url.search.length > 1) event.query = url.search.slice(1);
  if (p.r) event.referrer = p.r;
  return { kind: 'accepted', event };
}

/** Appends an accepted hit; resolves once JetStream has acknowledged the message holding it. */
export function appendHit(deps: IngestDeps, event: HitRecorded): Promise<void> {
  return deps.appender.append(subjectFor(deps.prefix, event.site, 'human'), event);
}
