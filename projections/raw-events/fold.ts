import { type Sql, sql } from '../../src/db/sql.js';
import { type ErrorGroup, errorGroup } from '../../src/enrich/error-fingerprint.js';
import type { HitRecorded } from '../../streams/events.js';
import type { Sequenced } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { type Engagement, type SessionState, sessionize } from '../sessions/sessionize.js';
import { SESSION_TABLES, saveSessions } from '../sessions/store.js';
import { foldIdentities, type Identity } from './identities.js';
import { foldIdentityDays } from './identity-days.js';

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

export function foldRawEvents(events: readonly Sequenced[], state: RawEventsState): Sql[] {
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
  const col = <T>(f: (r: Row) => T) => list.map(f);
  const text = (f: (r: Row) => string | undefined) => col((r) => f(r) ?? null);
  const num = (f: (r: Row) => number | undefined) => col((r) => f(r) ?? null);
  const insert = sql`
    INSERT INTO events (id, seq, site_id, ts, kind, source, name, hostname, pathname, query, referrer,
      visitor_id, session_id, browser, browser_version, os, os_version, device, screen, country, region, city,
      asn, lang, channel, referrer_source, utm_medium, utm_campaign, utm_term, utm_content, props, identity, sdk,
      lcp, cls, inp, fcp, ttfb, revenue_amount, revenue_currency, engaged_ms, scroll, status, duration_ms,
      error_fingerprint, error_frame)
    SELECT * FROM unnest(${col((r) => r.e.id)}::uuid[], ${col((r) => r.seq)}::bigint[],
      ${col((r) => r.e.site)}::bigint[], ${col((r) => new Date(r.e.ts).toISOString())}::timestamptz[],
      ${col((r) => r.e.kind)}::text[], ${col((r) => r.e.source)}::text[], ${text((r) => r.e.name)}::text[],
      ${col((r) => r.e.hostname)}::text[], ${col((r) => r.e.pathname)}::text[], ${text((r) => r.e.query)}::text[],
      ${text((r) => r.e.referrer)}::text[], ${col((r) => r.e.visitor)}::text[], ${col((r) => r.session.id)}::uuid[],
      ${text((r) => r.e.browser)}::text[], ${text((r) => r.e.browser_version)}::text[], ${text((r) => r.e.os)}::text[],
      ${text((r) => r.e.os_version)}::text[], ${text((r) => r.e.device)}::text[], ${text((r) => r.e.screen)}::text[],
      ${text((r) => r.e.country)}::text[], ${text((r) => r.e.region)}::text[], ${text((r) => r.e.city)}::text[],
      ${num((r) => r.e.asn)}::int[], ${text((r) => r.e.lang)}::text[],
      ${text((r) => r.session.attrs.channel)}::text[], ${text((r) => r.session.attrs.referrer_source)}::text[],
      ${text((r) => r.session.attrs.utm_medium)}::text[], ${text((r) => r.session.attrs.utm_campaign)}::text[],
      ${text((r) => r.session.attrs.utm_term)}::text[], ${text((r) => r.session.attrs.utm_content)}::text[],
      ${text((r) => (r.e.props ? JSON.stringify(r.e.props) : undefined))}::jsonb[], ${text((r) => r.e.identity)}::text[],
      ${text((r) => r.e.sdk)}::text[], ${num((r) => r.e.vitals?.lcp)}::real[], ${num((r) => r.e.vitals?.cls)}::real[],
      ${num((r) => r.e.vitals?.inp)}::real[], ${num((r) => r.e.vitals?.fcp)}::real[], ${num((r) => r.e.vitals?.ttfb)}::real[],
      ${num((r) => r.e.revenue?.amount)}::numeric[], ${text((r) => r.e.revenue?.currency)}::text[],
      ${col((r) => r.engagedMs)}::int[], ${col((r) => r.scroll)}::int[],
      ${num((r) => r.e.status)}::int[], ${num((r) => r.e.duration_ms)}::int[],
      ${text((r) => errors.get(r.e.id)?.fingerprint)}::text[],
      ${text((r) => {
        const frame = errors.get(r.e.id)?.frame;
        return frame && JSON.stringify(frame);
      })}::jsonb[])`;

  const out = [
    insert,
    saveSessions(
      SESSION_TABLES.rawEvents,
      [...changes.values()].map((c) => c.after),
    ),
  ];
  if (stored.length > 0)
    out.push(sql`
      UPDATE events SET engaged_ms = coalesce(engaged_ms, 0) + coalesce(g.d, 0),
        scroll = CASE WHEN g.sc IS NULL THEN scroll ELSE greatest(coalesce(scroll, 0), g.sc) END
      FROM (SELECT id, sum(d)::int AS d, max(sc) AS sc
            FROM unnest(${stored.map((g) => g.pageview)}::uuid[], ${stored.map((g) => g.d ?? null)}::int[],
                        ${stored.map((g) => g.sc ?? null)}::int[]) AS u(id, d, sc) GROUP BY id) AS g
      WHERE events.id = g.id`);
  const identities = foldIdentities(
    hits.map((h) => h.event),
    state.identities,
  );
  if (identities) out.push(identities);
  const days = foldIdentityDays(hits.map((h) => h.event));
  if (days) out.push(days);
  return out;
}
