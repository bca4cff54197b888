import { type Db, raw, sql } from '../../src/db/sql.js';
import type { Projection } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { foldPathVisitors, pageviews, type PathVisitorsState, prunePathVisitorNumbers } from './fold.js';

/**
 * Per site, the number its next new key gets in `table` (`site_id`, `n`): its highest plus one. A
 * site without one is left out: it starts at 0 (`numberKeys`' default).
 */
export async function nextNumbers(
  db: Db,
  table: string,
  sites: readonly number[],
): Promise<Map<number, number>> {
  const { rows } = await db.query<{ site_id: number; next: number | null }>(sql`
    SELECT s.site_id, (SELECT max(n) + 1 FROM ${raw(table)} v WHERE v.site_id = s.site_id) AS next
    FROM unnest(${sites}::bigint[]) AS s(site_id)`);
  return new Map(rows.flatMap((r) => (r.next === null ? [] : [[Number(r.site_id), r.next]])));
}

/** The numbers of the batch's pageview visitors already numbered, and their sites' next numbers. */
async function loadNumbers(db: Db, views: ReturnType<typeof pageviews>): Promise<PathVisitorsState> {
  if (views.length === 0) return { numbers: new Map(), next: new Map() };
  const wanted = [...new Map(views.map((h) => [`${h.site}\u0000${h.visitor}`, h])).values()];
  const sites = [...new Set(views.map((h) => h.site))];
  const [numbers, next] = await Promise.all([
    db.query<{ site_id: number; visitor_id: string; n: number }>(sql`
      SELECT v.site_id, v.visitor_id, v.n FROM path_visitor_numbers v
      JOIN unnest(${wanted.map((h) => h.site)}::bigint[], ${wanted.map((h) => h.visitor)}::text[]) AS w(site, visitor)
        ON v.site_id = w.site AND v.visitor_id = w.visitor`),
    nextNumbers(db, 'path_visitor_numbers', sites),
  ]);
  return {
    numbers: new Map(numbers.rows.map((r) => [`${r.site_id}\u0000${r.visitor_id}`, r.n])),
    next,
  };
}

export const pathVisitors: Projection<PathVisitorsState> = {
  name: 'path_visitors',
  origin: '*',
  tables: ['path_visitor_numbers', 'path_visitors_day', 'path_visitor_hits', 'path_prefix_visitors_day'],
  load: (db, events) => loadNumbers(db, pageviews(humanHits(events).map((s) => s.event))),
  fold: (events, state) => {
    const hits = humanHits(events).map((s) => s.event);
    return [...foldPathVisitors(hits, state), ...prunePathVisitorNumbers(hits)];
  },
};
