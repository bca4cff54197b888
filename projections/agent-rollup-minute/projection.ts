import type { Catalog } from '../../src/catalog/agents.js';
import type { Projection } from '../projection.js';
import { type AgentFoldState, loadAgentFoldState } from '../agents/classify-fetch.js';
import { foldAgentRollupMinute } from './fold.js';
import { AGENT_GRAINS } from './grains.js';

export function agentRollupMinuteProjection(catalog: Catalog): Projection<AgentFoldState> {
  return {
    name: 'agent_rollup_minute',
    origin: 'edge',
    tables: AGENT_GRAINS.map((g) => g.table),
    counterTables: AGENT_GRAINS.map((g) => g.table),
    load: loadAgentFoldState,
    fold: (events, state) => foldAgentRollupMinute(catalog, events, state),
  };
}
