import type { Projection } from '../projection.js';
import { humanHits } from '../human-hits.js';
import { loadSessions, SESSION_TABLES } from '../sessions/store.js';
import { foldRawEvents, type RawEventsState } from './fold.js';
import { loadIdentities } from './identities.js';

export const rawEvents: Projection<RawEventsState> = {
  name: 'raw_events',
  origin: '*',
  tables: [
    'events',
    SESSION_TABLES.rawEvents,
    'identities',
    'identity_days',
    'identity_day_visitors',
    'dimension_pairs',
    'dimension_pair_days',
    'walk_days',
  ],
  appendOnlyTables: ['events'],
  // A later hit's engagement updates its stored pageview, found by session.
  foldIndexes: ['events_session'],
  async load(db, events) {
    const hits = humanHits(events).map((s) => s.event);
    const [sessions, identities] = await Promise.all([
      loadSessions(db, SESSION_TABLES.rawEvents, hits),
      loadIdentities(db, hits),
    ]);
    return { sessions, identities };
  },
  fold: foldRawEvents,
};
