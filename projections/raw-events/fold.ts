import { CopyRows, copyText, type Statement } from '../../src/db/copy.js';
import { sql } from '../../src/db/sql.js';
import { type ErrorGroup, errorGroup } from '../../src/enrich/error-fingerprint.js';
import type { HitRecorded } from '../../streams/events.js';
import type { Sequenced } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { type Engagement, type SessionState, sessionize } from '../sessions/sessionize.js';
import { SESSION_TABLES, saveSessions } from '../sessions/store.js';
import { foldIdentities, type Identity } from './identities.js';
import { foldIdentityDays } from './identity-days.js';
import { withdrawPairDays } from './pair-days.js';
import { mixedSessions } from './mixed-sessions.js';

export interface RawEventsState {
  sessions: SessionState[];
  identities: Map<string, Identity>;
}

interface Row {
  seq: number;
  e: HitRecorded;
  session: SessionState;
  engagedMs: number | null;
  scroll: number | null;
}

/** The columns of `events` a fold writes, in the order of each copied row's fields. */
const EVENT_COLUMNS = [
  'id',
  'seq',
  'site_id',
  'ts',
  'kind',
  'name',
  'hostname',
  'pathname',
  'referrer',
  'visitor_id',
  'session_id',
  'browser',
  'os',
  'device',
  'screen',
  'country',
  'region',
  'city',
  'asn',
  'lang',
  'channel',
  'referrer_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'props',
  'identity',
  'lcp',
  'cls',
  'inp',
  'fcp',
  'ttfb',
  'revenue_amount',
  'revenue_currency',
  'engaged_ms',
  'scroll',
  'status',
  'duration_ms',
  'error_fingerprint',
  'error_frame',
];

/**
 * Writes the batch's hits into `events` by COPY (41 columns: parsing one array per column for
 * `INSERT … SELECT FROM unnest(…)` cost Postgres as much as inserting the rows), their sessions,
 * the engagement reported for pageviews stored before, and the identities and identity days.
 */
export function foldRawEvents(events: readonly Sequenced[], state: RawEventsState): Statement[] {
  const hits = humanHits(events);
  if (hits.length === 0) return [];
  const { sessionOf, changes, engagements } = sessionize(
    hits.map((h) => h.event),
    state.sessions,
  );
  const rows = new Map<string, Row>(
    hits.map((h) => [
      h.event.id,
      {
        seq: h.seq,
        e: h.event,
        session: changes.get(sessionOf.get(h.event.id)!)!.after,
        engagedMs: null,
        scroll: null,
      },
    ]),
  );
  // Engagement for a pageview of this batch lands in its row; for one already stored, in an update.
  const stored: Engagement[] = [];
  for (const g of engagements) {
    const row = rows.get(g.pageview);
    if (!row) {
      stored.push(g);
      continue;
    }
    if (g.d !== undefined) row.engagedMs = (row.engagedMs ?? 0) + g.d;
    if (g.sc !== undefined) row.scroll = Math.max(row.scroll ?? 0, g.sc);
  }

  const list = [...rows.values()];
  // Grouped when folding, not at ingest: `projections rebuild` applies a changed grouping rule.
  const errors = new Map<string, ErrorGroup>(
    list.filter((r) => r.e.kind === 'error').map((r) => [r.e.id, errorGroup(r.e.props)]),
  );
  const frame = (r: Row) => {
    const f = errors.get(r.e.id)?.frame;
    return f ? JSON.stringify(f) : null;
  };
  const insert = new CopyRows(
    'events',
    EVENT_COLUMNS,
    copyText(list, (r) => [
      r.e.id,
      r.seq,
      r.e.site,
      new Date(r.e.ts).toISOString(),
      r.e.kind,
      r.e.name,
      r.e.hostname,
      r.e.pathname,
      r.e.referrer,
      r.e.visitor,
      r.session.id,
      r.e.browser,
      r.e.os,
      r.e.device,
      r.e.screen,
      r.e.country,
      r.e.region,
      r.e.city,
      r.e.asn,
      r.e.lang,
      r.session.attrs.channel,
      r.session.attrs.referrer_source,
      r.session.attrs.utm_medium,
      r.session.attrs.utm_campaign,
      r.session.attrs.utm_term,
      r.session.attrs.utm_content,
      r.e.props ? JSON.stringify(r.e.props) : null,
      r.e.identity,
      r.e.vitals?.lcp,
      r.e.vitals?.cls,
      r.e.vitals?.inp,
      r.e.vitals?.fcp,
      r.e.vitals?.ttfb,
      r.e.revenue?.amount,
      r.e.revenue?.currency,
      r.engagedMs,
      r.scroll,
      r.e.status,
      r.e.duration_ms,
      errors.get(r.e.id)?.fingerprint,
      frame(r),
    ]),
  );

  const sessions = [...changes.values()].map((c) => c.after);
  const mixed = mixedSessions(
    changes,
    hits.map((h) => h.event),
    sessionOf,
  );
  const out: Statement[] = [
    insert,
    saveSessions(SESSION_TABLES.rawEvents, sessions, [
      {
        name: 'mixed',
        type: 'boolean',
        values: sessions.map((s) => mixed.get(s.id)!),
        merge: 'sessions.mixed OR excluded.mixed',
      },
    ]),
  ];
  if (stored.length > 0)
    out.push(sql`
      UPDATE events SET engaged_ms = coalesce(engaged_ms, 0) + coalesce(g.d, 0),
        scroll = CASE WHEN g.sc IS NULL THEN scroll ELSE greatest(coalesce(scroll, 0), g.sc) END
      FROM (SELECT id, session, sum(d)::int AS d, max(sc) AS sc
            FROM unnest(${stored.map((g) => g.pageview)}::uuid[], ${stored.map((g) => g.session)}::uuid[],
                        ${stored.map((g) => g.d ?? null)}::int[], ${stored.map((g) => g.sc ?? null)}::int[])
              AS u(id, session, d, sc) GROUP BY id, session) AS g
      WHERE events.session_id = g.session AND events.id = g.id`);
  const identities = foldIdentities(
    hits.map((h) => h.event),
    state.identities,
  );
  if (identities) out.push(identities);
  const days = foldIdentityDays(hits.map((h) => h.event));
  if (days) out.push(days);
  out.push(
    ...withdrawPairDays(list.map((r) => ({ site: r.e.site, started: r.session.started, ts: r.e.ts }))),
  );
  return out;
}
