import { type Db, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import type { Projection } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { loadSessions, SESSION_TABLES } from '../sessions/store.js';
import { foldRollupMinute, type RollupState } from './fold.js';

async function loadVisitors(db: Db, hits: readonly HitRecorded[]): Promise<Map<string, number>> {
  if (hits.length === 0) return new Map();
  const visitors = [...new Set(hits.map((h) => h.visitor))];
  const { rows } = await db.query<{ site_id: number; visitor_id: string; first_seen_at: Date }>(sql`
    SELECT site_id, visitor_id, first_seen_at FROM rollup_visitor_state
    WHERE visitor_id = ANY(${visitors}::text[])`);
  return new Map(rows.map((r) => [`${r.site_id}:${r.visitor_id}`, r.first_seen_at.getTime()]));
}

export const rollupMinute: Projection<RollupState> = {
  name: 'rollup_minute',
  origin: '*',
  tables: ['rollup_minute', SESSION_TABLES.rollupMinute, 'rollup_visitor_state'],
  async load(db, events) {
    const hits = humanHits(events).map((s) => s.event);
    const [sessions, firstSeen] = await Promise.all([
      loadSessions(db, SESSION_TABLES.rollupMinute, hits),
      loadVisitors(db, hits),
    ]);
    return { sessions, firstSeen };
  },
  fold: foldRollupMinute,
};
