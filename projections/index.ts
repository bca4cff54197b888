import { type Catalog, loadCatalog } from '../src/catalog/agents.js';
import { agentCoverageProjection } from './agent-coverage/projection.js';
import { agentFetchesProjection } from './agent-fetches/projection.js';
import { agentRollupMinuteProjection } from './agent-rollup-minute/projection.js';
import { citationGapProjection } from './citation-gap/projection.js';
import { dimensionRollup } from './dimension-rollup/projection.js';
import { pathSessions } from './path-sessions/projection.js';
import { pathVisitors } from './path-visitors/projection.js';
import { vitalHistograms } from './vital-histograms/projection.js';
import type { Projection } from './projection.js';
import { rawEvents } from './raw-events/projection.js';
import { rollupMinute } from './rollup-minute/projection.js';

/**
 * Every projection. The agent projections classify with `catalog`, so the catalog a process loads
 * (the shipped one, or CATALOG_DIR's) is the one a rebuild applies to history.
 */
export function createProjections(catalog: Catalog): readonly Projection[] {
  return [
    rawEvents,
    rollupMinute,
    agentFetchesProjection(catalog),
    agentRollupMinuteProjection(catalog),
    agentCoverageProjection(catalog),
    citationGapProjection(catalog),
    pathVisitors,
    vitalHistograms,
    pathSessions,
    dimensionRollup,
  ] as Projection[];
}

/** The projections over the shipped catalog. */
export const PROJECTIONS: readonly Projection[] = createProjections(loadCatalog());

export function projectionNamed(name: string, projections = PROJECTIONS): Projection | undefined {
  return projections.find((p) => p.name === name);
}
