import { type Sql, sql } from '../../src/db/sql.js';
import type { Sequenced } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { type SessionState, sessionize } from '../sessions/sessionize.js';
import { SESSION_TABLES, saveSessions } from '../sessions/store.js';

export function foldRawEvents(events: readonly Sequenced[], prior: SessionState[]): Sql[] {
  const hits = humanHits(events);
  if (hits.length === 0) return [];
  const { sessionOf, changes } = sessionize(
    hits.map((h) => h.event),
    prior,
  );
  const col = <T>(f: (h: Sequenced<(typeof hits)[number]['event']>) => T) => hits.map(f);
  const insert = sql`
    INSERT INTO events (id, seq, site_id, ts, kind, source, name, hostname, pathname, query, referrer,
      visitor_id, session_id)
    SELECT * FROM unnest(${col((h) => h.event.id)}::uuid[], ${col((h) => h.seq)}::bigint[],
      ${col((h) => h.event.site)}::bigint[], ${col((h) => new Date(h.event.ts).toISOString())}::timestamptz[],
      ${col((h) => h.event.kind)}::text[], ${col((h) => h.event.source)}::text[],
      ${col((h) => h.event.name ?? null)}::text[], ${col((h) => h.event.hostname)}::text[],
      ${col((h) => h.event.pathname)}::text[], ${col((h) => h.event.query ?? null)}::text[],
      ${col((h) => h.event.referrer ?? null)}::text[], ${col((h) => h.event.visitor)}::text[],
      ${col((h) => sessionOf.get(h.event.id)!)}::uuid[])`;
  const sessions = [...changes.values()].map((c) => c.after);
  return [insert, saveSessions(SESSION_TABLES.rawEvents, sessions)];
}
