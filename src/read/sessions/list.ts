import type { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { compareNone } from '../envelope/one-window.js';
import type { Query } from '../envelope/query.js';
import { Paging, pageOf } from '../envelope/paging.js';
import { sessionMatches } from '../envelope/filter-sql.js';
import { SESSION_COLUMNS, type SessionRow, sessionRow, type StoredSession } from './row.js';
import { inWindow } from '../envelope/in-window.js';

export const SessionsParams = Paging.extend({ compare: compareNone('sessions') });
export type SessionsParams = z.infer<typeof SessionsParams>;

/**
 * The sessions that started in the window, newest first (then by id, so pages never overlap).
 * With filters, those holding a matching hit, as the overview counts sessions; each row keeps the
 * whole session's figures.
 */
export async function sessions(db: Db, q: Query, p: SessionsParams): Promise<SessionRow[]> {
  const { rows } = await db.query<StoredSession>(sql`
    SELECT ${SESSION_COLUMNS} FROM sessions s
    WHERE s.site_id = ${q.site} AND ${inWindow('s.started_at', q)}
      AND ${sessionMatches(q.filters, 's')}
    ORDER BY s.started_at DESC, s.id DESC
    ${pageOf(p)}`);
  return rows.map(sessionRow);
}
