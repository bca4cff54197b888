import type { Catalog } from '../../src/catalog/agents.js';
import type { Projection } from '../projection.js';
import { type AgentFoldState, loadAgentFoldState } from '../agents/classify-fetch.js';
import { foldAgentCoverage } from './fold.js';

export function agentCoverageProjection(catalog: Catalog): Projection<AgentFoldState> {
  return {
    name: 'agent_coverage',
    origin: 'edge',
    tables: ['url_coverage', 'url_coverage_agents', 'url_coverage_day', 'url_crawl_day'],
    counterTables: ['url_coverage', 'url_coverage_agents', 'url_coverage_day'],
    load: loadAgentFoldState,
    fold: (events, state) => foldAgentCoverage(catalog, events, state),
  };
}
