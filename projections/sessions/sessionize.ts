import type { HitRecorded } from '../../streams/events.js';

export const SESSION_GAP_MS = 30 * 60 * 1000;

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
}

export interface SessionChange {
  before: SessionState | null;
  after: SessionState;
}

export interface Sessionized {
  /** Event id → session id. */
  sessionOf: Map<string, string>;
  /** Every session the events created or extended, with its state before the batch. */
  changes: Map<string, SessionChange>;
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
 * Assigns events to sessions: an event joins the visitor's session whose span, widened by the
 * 30-minute gap on both sides, contains it, else it starts a new one. Late events (backfill) may
 * extend a session backwards. Pure: `prior` holds the sessions already stored for these visitors.
 */
export function sessionize(events: readonly HitRecorded[], prior: readonly SessionState[]): Sessionized {
  const byVisitor = new Map<string, SessionState[]>();
  for (const s of prior) {
    const k = visitorKey(s.site, s.visitor);
    const list = byVisitor.get(k) ?? [];
    list.push({ ...s });
    byVisitor.set(k, list);
  }
  const priorById = new Map(prior.map((s) => [s.id, s]));
  const sessionOf = new Map<string, string>();
  const changes = new Map<string, SessionChange>();

  const ordered = events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.ts - b.e.ts || a.i - b.i)
    .map((x) => x.e);

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
      };
      list.push(session);
    }
    apply(session, e);
    sessionOf.set(e.id, session.id);
    const before = priorById.get(session.id) ?? null;
    changes.set(session.id, { before, after: session });
  }
  return { sessionOf, changes };
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

function apply(s: SessionState, e: HitRecorded): void {
  s.started = Math.min(s.started, e.ts);
  s.last = Math.max(s.last, e.ts);
  s.events++;
  if (isInteractive(e)) s.interactive++;
  if (e.kind !== 'pageview') return;
  s.pageviews++;
  if (s.entryAt === null || e.ts < s.entryAt) {
    s.entryAt = e.ts;
    s.entryPath = e.pathname;
  }
  if (s.exitAt === null || e.ts >= s.exitAt) {
    s.exitAt = e.ts;
    s.exitPath = e.pathname;
  }
}
