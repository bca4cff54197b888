import { type Db, sql } from '../../src/db/sql.js';
import { humanHits } from '../human-hits.js';
import { nextNumbers } from '../path-visitors/projection.js';
import type { Projection, Sequenced } from '../projection.js';
import { loadSessions, SESSION_TABLES } from '../sessions/store.js';
import { foldPathSessions, type PathSessionsState, prunePathSessionState } from './fold.js';
import { loadWalks } from './walks.js';

/**
 * The stored sessions the batch's hits could join, the numbers of those of them already numbered
 * (a session's later pageviews keep its number) and their walks, and the next number of each site
 * with a hit.
 */
async function loadState(db: Db, events: readonly Sequenced[]): Promise<PathSessionsState> {
  const hits = humanHits(events).map((s) => s.event);
  if (hits.length === 0) return { sessions: [], numbers: new Map(), next: new Map(), walks: new Map() };
  const [sessions, next] = await Promise.all([
    loadSessions(db, SESSION_TABLES.pathSessions, hits),
    nextNumbers(db, 'path_session_numbers', [...new Set(hits.map((h) => h.site))]),
  ]);
  const [{ rows }, walks] = await Promise.all([
    db.query<{ session_id: string; n: number }>(sql`
      SELECT session_id, n FROM path_session_numbers WHERE session_id = ANY(${sessions.map((s) => s.id)}::uuid[])`),
    loadWalks(db, sessions),
  ]);
  return { sessions, numbers: new Map(rows.map((r) => [r.session_id, r.n])), next, walks };
}

export const pathSessions: Projection<PathSessionsState> = {
  name: 'path_sessions',
  origin: '*',
  tables: [
    SESSION_TABLES.pathSessions,
    'path_session_numbers',
    'path_sessions_day',
    'path_prefix_sessions_day',
    'path_session_hits',
    'path_session_walks',
    'path_session_walk_keys',
  ],
  load: loadState,
  fold: (events, state) => [...foldPathSessions(events, state), ...prunePathSessionState(events)],
};
