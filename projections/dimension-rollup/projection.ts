import { type Db, sql } from '../../src/db/sql.js';
import { humanHits } from '../human-hits.js';
import type { Projection, Sequenced } from '../projection.js';
import { loadSessions, SESSION_TABLES } from '../sessions/store.js';
import { DAY_MS } from './dimensions.js';
import { foldDimensionRollup } from './fold.js';
import { type DimensionState, type QuarterSpan, visitorDayKey } from './state.js';

/**
 * The sessions the batch's hits could join with what their last pageviews reported, and the
 * stored spans of the batch's visitors on their hits' days.
 */
async function loadState(db: Db, events: readonly Sequenced[]): Promise<DimensionState> {
  const hits = humanHits(events).map((s) => s.event);
  if (hits.length === 0) return { sessions: [], engagement: new Map(), visitors: new Map() };
  const days = new Map(
    hits.map((h) => {
      const day = Math.floor(h.ts / DAY_MS);
      return [`${day}:${h.site}:${h.visitor}`, { day, site: h.site, visitor: h.visitor }];
    }),
  );
  const wanted = [...days.values()];
  const sessions = await loadSessions(db, SESSION_TABLES.dimensionRollup, hits);
  const [engagement, spans] = await Promise.all([
    db.query<{ id: string; last_scroll: number | null; last_engaged: boolean }>(sql`
      SELECT id, last_scroll, last_engaged FROM dimension_session_state
      WHERE id = ANY(${sessions.map((s) => s.id)}::uuid[])`),
    db.query<{
      day: number;
      site_id: number;
      visitor_id: string;
      spans: Record<string, [number, number]>;
    }>(sql`
      SELECT s.day, s.site_id, s.visitor_id, s.spans FROM dimension_visitor_state s
      JOIN unnest(${wanted.map((w) => w.day)}::int[], ${wanted.map((w) => w.site)}::bigint[],
        ${wanted.map((w) => w.visitor)}::text[]) AS w(day, site, visitor)
        ON s.day = w.day AND s.site_id = w.site AND s.visitor_id = w.visitor`),
  ]);
  return {
    sessions,
    engagement: new Map(
      engagement.rows.map((r) => [r.id, { scroll: r.last_scroll, engaged: r.last_engaged }]),
    ),
    visitors: new Map(
      spans.rows.map((r) => [
        visitorDayKey(r.day, r.site_id, r.visitor_id),
        new Map<string, QuarterSpan>(
          Object.entries(r.spans).map(([cell, [first, last]]) => [cell, { first, last }]),
        ),
      ]),
    ),
  };
}

export const dimensionRollup: Projection<DimensionState> = {
  name: 'dimension_rollup',
  origin: '*',
  tables: [
    'dimension_rollup',
    'event_property_rollup',
    'page_rollup',
    'dimension_visitor_state',
    SESSION_TABLES.dimensionRollup,
  ],
  counterTables: ['dimension_rollup', 'event_property_rollup'],
  load: loadState,
  fold: foldDimensionRollup,
};
