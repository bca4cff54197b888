import type { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { compareNone } from '../envelope/one-window.js';
import type { Query } from '../envelope/query.js';
import { Paging, pageOf } from '../envelope/paging.js';
import { sessionMatches } from '../stats/human-totals.js';
import { SESSION_COLUMNS, type SessionRow, sessionRow, type StoredSession } from './row.js';

export const SessionsParams = Paging.extend({ compare: compareNone('sessions') });
export type SessionsParams = z.infer<typeof SessionsParams>;

const iso = (d: Date) => d.toISOString();

/**
 * The sessions that started in the window, newest first (then by id, so pages never overlap).
 * With filters, those holding a matching hit, as the overview counts sessions; each row keeps the
 * whole session's figures.
 */
export async function sessions(db: Db, q: Query, p: SessionsParams): Promise<SessionRow[]> {
  const { rows } = await db.query<StoredSession>(sql`
    SELECT ${SESSION_COLUMNS} FROM sessions s
    WHERE s.site_id = ${q.site} AND s.started_at >= ${iso(q.start)} AND s.started_at < ${iso(q.end)}
      AND ${sessionMatches(q.filters, sql`s.id`)}
    ORDER BY s.started_at DESC, s.id DESC
    ${pageOf(p)}`);
  return rows.map(sessionRow);
}
