import { type Db, sql } from '../../src/db/sql.js';
import type { Projection } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { foldPathVisitors, pageviews, type PathVisitorsState } from './fold.js';

/** The numbers of the batch's pageview visitors already numbered, and their sites' next numbers. */
async function loadNumbers(db: Db, views: ReturnType<typeof pageviews>): Promise<PathVisitorsState> {
  if (views.length === 0) return { numbers: new Map(), next: new Map() };
  const wanted = [...new Map(views.map((h) => [`${h.site}\u0000${h.visitor}`, h])).values()];
  const sites = [...new Set(views.map((h) => h.site))];
  const [numbers, nexts] = await Promise.all([
    db.query<{ site_id: number; visitor_id: string; n: number }>(sql`
      SELECT v.site_id, v.visitor_id, v.n FROM path_visitor_numbers v
      JOIN unnest(${wanted.map((h) => h.site)}::bigint[], ${wanted.map((h) => h.visitor)}::text[]) AS w(site, visitor)
        ON v.site_id = w.site AND v.visitor_id = w.visitor`),
    db.query<{ site_id: number; next: number | null }>(sql`
      SELECT s.site_id, (SELECT max(n) + 1 FROM path_visitor_numbers v WHERE v.site_id = s.site_id) AS next
      FROM unnest(${sites}::bigint[]) AS s(site_id)`),
  ]);
  return {
    numbers: new Map(numbers.rows.map((r) => [`${r.site_id}\u0000${r.visitor_id}`, r.n])),
    // A site without a numbered visitor starts at 0 (the fold's default).
    next: new Map(nexts.rows.flatMap((r) => (r.next === null ? [] : [[Number(r.site_id), r.next]]))),
  };
}

export const pathVisitors: Projection<PathVisitorsState> = {
  name: 'path_visitors',
  origin: '*',
  tables: ['path_visitor_numbers', 'path_visitors_day', 'path_visitor_hits', 'path_prefix_visitors_day'],
  load: (db, events) => loadNumbers(db, pageviews(humanHits(events).map((s) => s.event))),
  fold: (events, state) =>
    foldPathVisitors(
      humanHits(events).map((s) => s.event),
      state,
    ),
};
