import type { Catalog } from '../../src/catalog/agents.js';
import type { Projection } from '../projection.js';
import type { AgentFoldState } from '../agents/classify-fetch.js';
import { loadVerifiedFoldState } from '../agents/address-verifications.js';
import { COVERAGE_UNVERIFIED, COVERAGE_VERIFICATIONS, foldAgentCoverage } from './fold.js';

export function agentCoverageProjection(catalog: Catalog): Projection<AgentFoldState> {
  return {
    name: 'agent_coverage',
    origin: 'edge',
    tables: [
      'url_coverage',
      'url_coverage_agents',
      'url_coverage_day',
      'url_crawl_day',
      COVERAGE_VERIFICATIONS,
      COVERAGE_UNVERIFIED,
    ],
    load: (db, events) => loadVerifiedFoldState(db, catalog, COVERAGE_VERIFICATIONS, events),
    fold: (events, state) => foldAgentCoverage(catalog, events, state),
  };
}
