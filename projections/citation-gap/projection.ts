import type { Catalog } from '../../src/catalog/agents.js';
import type { Projection } from '../projection.js';
import { loadAgentFoldState } from '../agents/classify-fetch.js';
import { humanHits } from '../human-hits.js';
import { loadSessions, pruneSessions, SESSION_TABLES } from '../sessions/store.js';
import { type CitationGapState, foldCitationGap } from './fold.js';

export function citationGapProjection(catalog: Catalog): Projection<CitationGapState> {
  return {
    name: 'citation_gap',
    origin: '*',
    tables: [
      'url_fetch_minute',
      'url_arrival_minute',
      SESSION_TABLES.citationGap,
      'url_pageview_day',
      'url_citation_days',
      'url_citation_through',
      'citation_operator_day',
    ],
    counterTables: ['url_fetch_minute', 'url_arrival_minute', 'citation_operator_day'],
    async load(db, events) {
      const [agentState, sessions] = await Promise.all([
        loadAgentFoldState(db, events),
        loadSessions(
          db,
          SESSION_TABLES.citationGap,
          humanHits(events).map((s) => s.event),
        ),
      ]);
      return { ...agentState, sessions };
    },
    fold: (events, state) => [
      ...foldCitationGap(catalog, events, state),
      ...pruneSessions(
        SESSION_TABLES.citationGap,
        humanHits(events).map((s) => s.event),
      ),
    ],
  };
}
