import type { Catalog } from '../../src/catalog/agents.js';
import type { Projection } from '../projection.js';
import { type AgentFoldState, loadAgentFoldState } from '../agents/classify-fetch.js';
import { foldAgentFetches } from './fold.js';

export function agentFetchesProjection(catalog: Catalog): Projection<AgentFoldState> {
  return {
    name: 'agent_fetches',
    origin: 'edge',
    tables: ['agent_fetches'],
    appendOnlyTables: ['agent_fetches'],
    load: loadAgentFoldState,
    fold: (events, state) => foldAgentFetches(catalog, events, state),
  };
}
