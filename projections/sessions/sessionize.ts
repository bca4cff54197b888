import { attribute } from '../../src/enrich/attribution.js';
import type { HitRecorded } from '../../streams/events.js';

export const SESSION_GAP_MS = 30 * 60 * 1000;

/** What a session is attributed to and where it came from: its first hit's. */
export interface SessionAttrs {
  channel?: string;
  referrer_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_term?: string;
  utm_content?: string;
  referrer?: string;
  country?: string;
  region?: string;
  city?: string;
  device?: string;
  browser?: string;
  os?: string;
  screen?: string;
}

export interface SessionState {
  id: string;
  site: number;
  visitor: string;
  started: number;
  last: number;
  pageviews: number;
  events: number;
  interactive: number;
  entryPath: string | null;
  entryAt: number | null;
  exitPath: string | null;
  exitAt: number | null;
  attrs: SessionAttrs;
  identity: string | null;
  lastPageviewId: string | null;
}

export interface SessionChange {
  before: SessionState | null;
  after: SessionState;
}

/** Engagement measured on a page, reported by a later hit: time and scroll of that pageview. */
export interface Engagement {
  pageview: string;
  /** The pageview's session: raw_events finds a stored pageview's row by it (`events_session`). */
  session: string;
  d?: number;
  sc?: number;
}

export interface Sessionized {
  /** Event id → session id. */
  sessionOf: Map<string, string>;
  /** Every session the events created or extended, with its state before the batch. */
  changes: Map<string, SessionChange>;
  engagements: Engagement[];
}

/** `identify` only attaches traits: it says nothing about whether the person engaged. */
export function isInteractive(e: HitRecorded): boolean {
  switch (e.kind) {
    case 'custom':
      return e.name !== 'identify';
    case 'outbound':
    case 'file_download':
    case 'form':
      return true;
    default:
      return false;
  }
}

export function isBounce(s: SessionState): boolean {
  return s.pageviews === 1 && s.interactive === 0;
}

const visitorKey = (site: number, visitor: string) => `${site}:${visitor}`;

/**
 * The session's attributes from its first hit. Channel and source are classified here, when
 * projecting, so a rebuild after the source tables change classifies history again. A referrer
 * from the site itself starts no new source: such a session is direct.
 */
export function sessionAttrs(e: HitRecorded): SessionAttrs {
  const a = attribute({ referrer: e.referrer, query: e.query, hostname: e.hostname }) ?? {
    channel: 'direct',
  };
  const attrs: SessionAttrs = {
    channel: a.channel,
    referrer_source: a.source,
    utm_medium: a.medium,
    utm_campaign: a.campaign,
    utm_term: a.term,
    utm_content: a.content,
    referrer: e.referrer,
    country: e.country,
    region: e.region,
    city: e.city,
    device: e.device,
    browser: e.browser,
    os: e.os,
    screen: e.screen,
  };
  for (const k of Object.keys(attrs) as (keyof SessionAttrs)[]) if (attrs[k] === undefined) delete attrs[k];
  return attrs;
}

/**
 * Assigns events to sessions: an event joins the visitor's session whose span, widened by the
 * 30-minute gap on both sides, contains it, else it starts a new one. Late events (backfill) may
 * extend a session backwards. Pure: `prior` holds the sessions already stored for these visitors.
 */
export function sessionize(events: readonly HitRecorded[], prior: readonly SessionState[]): Sessionized {
  const byVisitor = new Map<string, SessionState[]>();
  for (const s of prior) {
    const k = visitorKey(s.site, s.visitor);
    const list = byVisitor.get(k) ?? [];
    list.push({ ...s, attrs: { ...s.attrs } });
    byVisitor.set(k, list);
  }
  const priorById = new Map(prior.map((s) => [s.id, s]));
  const sessionOf = new Map<string, string>();
  const changes = new Map<string, SessionChange>();
  const engagements: Engagement[] = [];

  // Array sort is stable: equal times keep the batch's order. Live batches mostly come in order.
  let inOrder = true;
  for (let i = 1; i < events.length && inOrder; i++) inOrder = events[i - 1]!.ts <= events[i]!.ts;
  const ordered = inOrder ? events : [...events].sort((a, b) => a.ts - b.ts);

  for (const e of ordered) {
    const k = visitorKey(e.site, e.visitor);
    const list = byVisitor.get(k) ?? [];
    byVisitor.set(k, list);
    let session = closest(list, e.ts);
    if (!session) {
      session = {
        id: e.id,
        site: e.site,
        visitor: e.visitor,
        started: e.ts,
        last: e.ts,
        pageviews: 0,
        events: 0,
        interactive: 0,
        entryPath: null,
        entryAt: null,
        exitPath: null,
        exitAt: null,
        attrs: sessionAttrs(e),
        identity: null,
        lastPageviewId: null,
      };
      list.push(session);
    }
    const engaged = apply(session, e);
    if (engaged) engagements.push(engaged);
    sessionOf.set(e.id, session.id);
    if (!changes.has(session.id))
      changes.set(session.id, { before: priorById.get(session.id) ?? null, after: session });
  }
  return { sessionOf, changes, engagements };
}

function closest(list: SessionState[], ts: number): SessionState | undefined {
  let best: SessionState | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const s of list) {
    if (ts < s.started - SESSION_GAP_MS || ts > s.last + SESSION_GAP_MS) continue;
    const distance = ts < s.started ? s.started - ts : ts > s.last ? ts - s.last : 0;
    if (distance < bestDistance) {
      best = s;
      bestDistance = distance;
    }
  }
  return best;
}

/** Folds one event into its session; returns the engagement it reports for an earlier pageview. */
function apply(s: SessionState, e: HitRecorded): Engagement | undefined {
  if (e.ts < s.started) s.attrs = sessionAttrs(e);
  s.started = Math.min(s.started, e.ts);
  s.last = Math.max(s.last, e.ts);
  s.events++;
  if (e.identity) s.identity = e.identity;
  if (isInteractive(e)) s.interactive++;
  // `d`/`sc` on a pageview measure the page before it; an engagement hit measures the current one.
  const measured = e.kind === 'pageview' || e.kind === 'engagement' ? s.lastPageviewId : null;
  const engaged =
    measured && (e.d !== undefined || e.sc !== undefined)
      ? {
          pageview: measured,
          session: s.id,
          ...(e.d !== undefined ? { d: e.d } : {}),
          ...(e.sc !== undefined ? { sc: e.sc } : {}),
        }
      : undefined;
  if (e.kind !== 'pageview') return engaged;
  s.pageviews++;
  if (s.entryAt === null || e.ts < s.entryAt) {
    s.entryAt = e.ts;
    s.entryPath = e.pathname;
  }
  if (s.exitAt === null || e.ts >= s.exitAt) {
    s.exitAt = e.ts;
    s.exitPath = e.pathname;
    s.lastPageviewId = e.id;
  }
  return engaged;
}
