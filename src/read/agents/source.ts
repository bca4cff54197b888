import { AGENT_ROLLUP_ANSWERS, AGENT_ROLLUP_KEYS } from '../../../projections/agent-rollup-minute/answers.js';
import type { Sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import {
  AGENT_DIMENSIONS,
  type DimensionCatalog,
  type FilterTree,
  filterDimensions,
} from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import { type Source, sourceOf } from '../plan/planner.js';

/** The agent dimensions the rollups key by, as filters over their rows compile them. */
export const AGENT_ROLLUP_DIMENSIONS: DimensionCatalog = Object.fromEntries(
  AGENT_ROLLUP_KEYS.map((k) => [k, AGENT_DIMENSIONS[k]!]),
);

/**
 * `rollup` when the agent rollups answer an agent read exactly: window edges on whole minutes, and
 * filters and the breakdown dimension among the keys of their rows; else `raw` (`agent_fetches`).
 */
export function agentSourceFor(w: Window, filters?: FilterTree, dimension?: string): Source {
  return sourceOf(
    {
      window: w,
      metrics: ['fetches'],
      ...(filters ? { filters } : {}),
      ...(dimension !== undefined ? { dimension } : {}),
    },
    AGENT_ROLLUP_ANSWERS,
  );
}

/** A filter tree over rollup rows (alias `r`); throws for a dimension they do not keep. */
export function rollupFilters(filters: FilterTree, alias = 'r'): Sql {
  for (const d of filterDimensions(filters))
    if (!Object.hasOwn(AGENT_ROLLUP_DIMENSIONS, d))
      throw new Error(`the agent rollups cannot filter by ${d}`);
  return compileFilters(filters, AGENT_ROLLUP_DIMENSIONS, alias);
}
