import type { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { compareNone } from '../envelope/one-window.js';
import type { Query } from '../envelope/query.js';
import { Paging, pageOf } from '../envelope/paging.js';
import { sessionMatches } from '../envelope/filter-sql.js';
import { visitorName } from './visitor-key.js';
import { inWindow } from '../envelope/in-window.js';

export const VisitorsParams = Paging.extend({ compare: compareNone('visitors') });
export type VisitorsParams = z.infer<typeof VisitorsParams>;

export interface VisitorRow {
  /** The identify id, or the short digest of an anonymous visitor's daily id (visitor-key.ts). */
  visitor: string;
  identified: boolean;
  /** The identity's traits, each trait's latest value; `{}` for an anonymous visitor. */
  traits: Record<string, unknown>;
  first_seen: string;
  last_seen: string;
  sessions: number;
  pageviews: number;
}

interface Grouped {
  identity: string | null;
  anonymous: string | null;
  traits: Record<string, unknown> | null;
  first_seen: Date;
  last_seen: Date;
  sessions: number;
  pageviews: number;
}

/**
 * The visitors of the window's sessions, the most recently seen first. A session belongs to the
 * identity its hits carried, else to its daily visitor id: an identified person is one row over
 * days and devices, an anonymous one a row per day (its id lives one day). First and last seen,
 * sessions and pageviews are those of the sessions that started in the window (with filters, the
 * sessions holding a matching hit), like every figure of a window.
 */
export async function visitors(db: Db, q: Query, p: VisitorsParams): Promise<VisitorRow[]> {
  const { rows } = await db.query<Grouped>(sql`
    WITH v AS (
      SELECT s.identity, CASE WHEN s.identity IS NULL THEN s.visitor_id END AS anonymous,
             min(s.started_at) AS first_seen, max(s.last_seen_at) AS last_seen,
             count(*) AS sessions, sum(s.pageviews) AS pageviews
      FROM sessions s
      WHERE s.site_id = ${q.site} AND ${inWindow('s.started_at', q)}
        AND ${sessionMatches(q.filters, 's')}
      GROUP BY 1, 2
      ORDER BY last_seen DESC, s.identity NULLS LAST, anonymous
      ${pageOf(p)})
    SELECT v.*, i.traits FROM v LEFT JOIN identities i ON i.site_id = ${q.site} AND i.identity = v.identity
    ORDER BY v.last_seen DESC, v.identity NULLS LAST, v.anonymous`);
  return rows.map((r) => ({
    visitor: visitorName(q.site, r.identity, r.anonymous ?? ''),
    identified: r.identity !== null,
    traits: r.traits ?? {},
    first_seen: r.first_seen.toISOString(),
    last_seen: r.last_seen.toISOString(),
    sessions: r.sessions,
    pageviews: r.pageviews,
  }));
}
