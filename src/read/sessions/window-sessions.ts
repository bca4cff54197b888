import { SESSION_GAP_MS } from '../../../projections/sessions/sessionize.js';
import { type Sql, sql } from '../../db/sql.js';
import { sessionMatches } from '../envelope/filter-sql.js';
import type { FilterTree } from '../envelope/filters.js';
import { inWindow } from '../envelope/in-window.js';
import type { Window } from '../envelope/range.js';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The `sessions` rows `(id, visitor_id)` with a hit in window `w` that matches `filters` (their
 * row, or a mixed one's hits: sessionMatches), read as ranges rather than one key a session: those
 * started in the window (each holds its first hit there), and those started before it that hold
 * one of the hits of its first SESSION_GAP_MS. A session's hits lie at most SESSION_GAP_MS apart in
 * time (a hit joins a session only that close to its span), so one open when the window starts has
 * a hit there if it has any in the window.
 */
export function windowSessions(site: number, w: Window, filters: FilterTree): Sql {
  const [ws, we] = [w.start.getTime(), w.end.getTime()];
  const opening = { start: ws, end: Math.min(we, ws + SESSION_GAP_MS + 1) };
  return sql`
    SELECT s.id, s.visitor_id FROM sessions s
    WHERE s.site_id = ${site} AND ${inWindow('s.started_at', w)} AND ${sessionMatches(filters, 's', w)}
    UNION ALL
    SELECT s.id, s.visitor_id FROM sessions s
    WHERE s.id IN (SELECT e.session_id FROM events e WHERE e.site_id = ${site} AND ${inWindow('e.ts', opening)})
      AND s.site_id = ${site} AND s.started_at < ${iso(ws)} AND ${sessionMatches(filters, 's', w)}`;
}
