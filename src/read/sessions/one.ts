import { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { AppError } from '../../errors/app-error.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS } from '../envelope/filters.js';
import { compareNone } from '../envelope/one-window.js';
import type { Query } from '../envelope/query.js';
import { SESSION_COLUMNS, type SessionRow, sessionRow, type StoredSession } from './row.js';

export const SessionParams = z.object({
  id: z.uuid({ error: 'id must be a session id (a UUID)' }),
  compare: compareNone('session'),
});
export type SessionParams = z.infer<typeof SessionParams>;

/** One hit of a session, as the tracker sent it and the projection enriched it. */
export interface SessionHit {
  ts: string;
  kind: string;
  /** A custom event's name (`identify` included); null for other kinds. */
  name: string | null;
  pathname: string;
  props: Record<string, unknown> | null;
  /** On a pageview: engaged seconds (one decimal) and maximum scroll (percent), when reported. */
  time_on_page?: number;
  scroll_depth?: number;
}

export interface SessionDetail extends SessionRow {
  hits: SessionHit[];
}

interface StoredHit {
  ts: Date;
  kind: string;
  name: string | null;
  pathname: string;
  props: Record<string, unknown> | null;
  engaged_ms: number | null;
  scroll: number | null;
}

/**
 * One session of the site, named by its id whatever the window (a link to a session keeps
 * working), with its hits in the order they happened; filters narrow the hits listed. A session
 * of another site is not found, exactly like one that does not exist.
 */
export async function session(db: Db, q: Query, p: SessionParams): Promise<SessionDetail> {
  const found = await db.query<StoredSession>(sql`
    SELECT ${SESSION_COLUMNS} FROM sessions s WHERE s.id = ${p.id} AND s.site_id = ${q.site}`);
  const s = found.rows[0];
  if (!s) throw new AppError('not_found', `no session ${p.id} on this site`, { field: 'id' });
  const { rows } = await db.query<StoredHit>(sql`
    SELECT e.ts, e.kind, e.name, e.pathname, e.props, e.engaged_ms, e.scroll FROM events e
    WHERE e.session_id = ${p.id} AND e.site_id = ${q.site} AND ${compileFilters(q.filters, HUMAN_DIMENSIONS, 'e')}
    ORDER BY e.ts, e.seq, e.id`);
  return { ...sessionRow(s), hits: rows.map(hitOf) };
}

function hitOf(h: StoredHit): SessionHit {
  return {
    ts: h.ts.toISOString(),
    kind: h.kind,
    name: h.name,
    pathname: h.pathname,
    props: h.props,
    ...(h.engaged_ms === null ? {} : { time_on_page: Math.round(h.engaged_ms / 100) / 10 }),
    ...(h.scroll === null ? {} : { scroll_depth: h.scroll }),
  };
}
