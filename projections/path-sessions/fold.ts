import { raw, type Sql, sql } from '../../src/db/sql.js';
import { humanHits } from '../human-hits.js';
import {
  type Numbering,
  numberKeys,
  PATH_SESSION_TABLES,
  pageviews,
  writePathBits,
} from '../path-visitors/fold.js';
import type { Sequenced } from '../projection.js';
import { type SessionState, sessionize } from '../sessions/sessionize.js';
import { newestBySite, sessionHorizon } from '../sessions/horizon.js';
import { SESSION_TABLES, saveSessions } from '../sessions/store.js';
import { type StoredWalk, writeWalks } from './walks.js';

export interface PathSessionsState extends Numbering {
  /** The stored sessions the batch's hits could join (`path_session_state`). */
  sessions: SessionState[];
  /** The stored walks of those sessions (`path_session_walks`). */
  walks: ReadonlyMap<string, StoredWalk>;
}

/**
 * Sessionizes the batch's human hits on the projection's own state (every kind of hit: they all
 * decide where sessions start and end, so the ids are raw_events'), numbers the sessions new to a
 * pageview in stream order, and writes each pageview with its session's number and the number's
 * bits (`writePathBits`), and each changed session's walk (`writeWalks`). Run once per batch (the
 * runner's claimed sequence).
 */
export function foldPathSessions(events: readonly Sequenced[], state: PathSessionsState): Sql[] {
  const sequenced = humanHits(events);
  const hits = sequenced.map((s) => s.event);
  if (hits.length === 0) return [];
  const { sessionOf, changes } = sessionize(hits, state.sessions);
  const views = pageviews(hits);
  const { ns, added } = numberKeys(
    views.map((h) => ({ site: h.site, key: sessionOf.get(h.id)! })),
    state,
  );
  const out: Sql[] = [];
  if (added.length > 0)
    out.push(sql`
      INSERT INTO path_session_numbers (site_id, session_id, n)
      SELECT * FROM unnest(${added.map((a) => a.site)}::bigint[], ${added.map((a) => a.key)}::uuid[],
        ${added.map((a) => a.n)}::int[])`);
  if (views.length > 0) out.push(...writePathBits(PATH_SESSION_TABLES, views, ns));
  const after = [...changes.values()].map((c) => c.after);
  out.push(
    ...writeWalks(
      sequenced.filter((s) => s.event.kind === 'pageview'),
      sessionOf,
      after,
      state.walks,
    ),
  );
  out.push(saveSessions(SESSION_TABLES.pathSessions, after));
  return out;
}

/**
 * Deletes the sessions no hit within the grace can join any more (sessions/horizon.ts), their
 * numbers and their walks' order keys, which only a later hit of the session would look up. Each site keeps its highest
 * number: the next new session takes the one after it, so no number is given twice.
 */
export function prunePathSessionState(events: readonly Sequenced[]): Sql[] {
  const { sites, newest } = newestBySite(humanHits(events).map((s) => s.event));
  if (sites.length === 0) return [];
  const before = newest.map((n) => new Date(sessionHorizon(n)).toISOString());
  return [
    sql`
    WITH gone AS (
      DELETE FROM ${raw(SESSION_TABLES.pathSessions)} t
      USING unnest(${sites}::bigint[], ${before}::timestamptz[]) AS h(site_id, before)
      WHERE t.site_id = h.site_id AND t.last_seen_at < h.before RETURNING t.id),
    keys AS (DELETE FROM path_session_walk_keys k USING gone WHERE k.session_id = gone.id)
    DELETE FROM path_session_numbers p USING gone
    WHERE p.session_id = gone.id
      AND p.n < (SELECT max(m.n) FROM path_session_numbers m WHERE m.site_id = p.site_id)`,
  ];
}
