import { type Db, sql } from '../../db/sql.js';
import type { Query } from '../envelope/query.js';
import { sourceFor } from '../envelope/source.js';

export interface Overview {
  visitors: number;
  sessions: number;
  pageviews: number;
}

const iso = (d: Date) => d.toISOString();

/**
 * Visitors are distinct across the whole window, so they come from raw hits; pageviews and
 * sessions are sums, which the minute rollups give whenever the window is minute-aligned.
 */
export async function overview(db: Db, q: Query): Promise<Overview> {
  const visitors = db.query<{ visitors: number }>(sql`
    SELECT count(DISTINCT visitor_id)::int AS visitors FROM events
    WHERE site_id = ${q.site} AND ts >= ${iso(q.start)} AND ts < ${iso(q.end)}`);
  const sums =
    sourceFor(q) === 'rollup'
      ? db.query<{ pageviews: number; sessions: number }>(sql`
        SELECT coalesce(sum(pageviews), 0) AS pageviews, coalesce(sum(sessions), 0) AS sessions
        FROM rollup_minute
        WHERE site_id = ${q.site} AND audience = 'human' AND minute >= ${iso(q.start)} AND minute < ${iso(q.end)}`)
      : db.query<{ pageviews: number; sessions: number }>(sql`
        SELECT
          (SELECT count(*) FROM events WHERE site_id = ${q.site} AND kind = 'pageview'
             AND ts >= ${iso(q.start)} AND ts < ${iso(q.end)}) AS pageviews,
          (SELECT count(*) FROM sessions WHERE site_id = ${q.site}
             AND started_at >= ${iso(q.start)} AND started_at < ${iso(q.end)}) AS sessions`);
  const [v, s] = await Promise.all([visitors, sums]);
  return { visitors: v.rows[0]!.visitors, sessions: s.rows[0]!.sessions, pageviews: s.rows[0]!.pageviews };
}
