import { type Db, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import type { Projection } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { loadSessions, SESSION_TABLES } from '../sessions/store.js';
import { foldRollupMinute, pruneRollupState, type RollupState, type VisitorSpan } from './fold.js';

/** The stored spans of the batch's visitors, looked up by primary key (site, visitor). */
async function loadVisitors(db: Db, hits: readonly HitRecorded[]): Promise<Map<string, VisitorSpan>> {
  if (hits.length === 0) return new Map();
  const keys = new Map(hits.map((h) => [`${h.site}:${h.visitor}`, h]));
  const wanted = [...keys.values()];
  const { rows } = await db.query<{
    site_id: number;
    visitor_id: string;
    first_seen_at: Date;
    last_seen_at: Date;
  }>(sql`
    SELECT v.site_id, v.visitor_id, v.first_seen_at, v.last_seen_at FROM rollup_visitor_state v
    JOIN unnest(${wanted.map((h) => h.site)}::bigint[], ${wanted.map((h) => h.visitor)}::text[]) AS w(site, visitor)
      ON v.site_id = w.site AND v.visitor_id = w.visitor`);
  return new Map(
    rows.map((r) => [
      `${r.site_id}:${r.visitor_id}`,
      { first: r.first_seen_at.getTime(), last: r.last_seen_at.getTime() },
    ]),
  );
}

export const rollupMinute: Projection<RollupState> = {
  name: 'rollup_minute',
  origin: '*',
  tables: [
    'rollup_minute',
    'rollup_quarter_hour',
    'rollup_hour',
    SESSION_TABLES.rollupMinute,
    'rollup_visitor_state',
  ],
  counterTables: ['rollup_minute', 'rollup_quarter_hour', 'rollup_hour'],
  async load(db, events) {
    const hits = humanHits(events).map((s) => s.event);
    const [sessions, visitors] = await Promise.all([
      loadSessions(db, SESSION_TABLES.rollupMinute, hits),
      loadVisitors(db, hits),
    ]);
    return { sessions, visitors };
  },
  fold: (events, state) => [...foldRollupMinute(events, state), ...pruneRollupState(events)],
};
