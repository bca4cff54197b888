import type { Catalog } from '../../src/catalog/agents.js';
import type { Projection } from '../projection.js';
import type { AgentFoldState } from '../agents/classify-fetch.js';
import { loadVerifiedFoldState } from '../agents/address-verifications.js';
import { foldAgentRollupMinute, ROLLUP_UNVERIFIED, ROLLUP_VERIFICATIONS } from './fold.js';
import { AGENT_GRAINS } from './grains.js';

export function agentRollupMinuteProjection(catalog: Catalog): Projection<AgentFoldState> {
  return {
    name: 'agent_rollup_minute',
    origin: 'edge',
    tables: [...AGENT_GRAINS.map((g) => g.table), ROLLUP_VERIFICATIONS, ROLLUP_UNVERIFIED],
    load: (db, events) => loadVerifiedFoldState(db, catalog, ROLLUP_VERIFICATIONS, events),
    fold: (events, state) => foldAgentRollupMinute(catalog, events, state),
  };
}
