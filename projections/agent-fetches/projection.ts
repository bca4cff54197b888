import type { Catalog } from '../../src/catalog/agents.js';
import type { Projection } from '../projection.js';
import type { AgentFoldState } from '../agents/classify-fetch.js';
import { loadVerifiedFoldState } from '../agents/address-verifications.js';
import { FETCH_VERIFICATIONS, foldAgentFetches } from './fold.js';

export function agentFetchesProjection(catalog: Catalog): Projection<AgentFoldState> {
  return {
    name: 'agent_fetches',
    origin: 'edge',
    tables: ['agent_fetches', FETCH_VERIFICATIONS],
    appendOnlyTables: ['agent_fetches'],
    // Confirmations of reverse DNS update the rows they verify through it.
    foldIndexes: ['agent_fetches_unverified_address'],
    load: (db, events) => loadVerifiedFoldState(db, catalog, FETCH_VERIFICATIONS, events),
    fold: (events, state) => foldAgentFetches(catalog, events, state),
  };
}
