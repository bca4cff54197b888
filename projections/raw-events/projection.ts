import type { Projection } from '../projection.js';
import { humanHits } from '../human-hits.js';
import type { SessionState } from '../sessions/sessionize.js';
import { loadSessions, SESSION_TABLES } from '../sessions/store.js';
import { foldRawEvents } from './fold.js';

export const rawEvents: Projection<SessionState[]> = {
  name: 'raw_events',
  audience: 'human',
  tables: ['events', SESSION_TABLES.rawEvents],
  load: (db, events) =>
    loadSessions(
      db,
      SESSION_TABLES.rawEvents,
      humanHits(events).map((s) => s.event),
    ),
  fold: foldRawEvents,
};
