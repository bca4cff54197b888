import { z } from 'zod';
import { allBreakdown } from '../all/breakdown.js';
import { allOverview } from '../all/overview.js';
import { AllTimeseriesParams, allTimeseries } from '../all/timeseries.js';
import type { Report } from '../envelope/report.js';
import { variant } from '../envelope/report.js';
import { Paging } from '../envelope/paging.js';
import { rankFetches } from './breakdown.js';
import { agentCatalog, CatalogParams, catalogRows } from './catalog.js';
import { agentCoverage, CoverageParams } from './coverage.js';
import { agentOverview } from './overview.js';
import { AgentTimeseriesParams, crawlTimeseries } from './timeseries.js';

export const NoParams = z.object({});

/**
 * docs/api.md#get-apiagentsoverview-breakdown-timeseries: the dimensions `/api/agents/breakdown` ranks by.
 */
export const AGENT_BREAKDOWN_DIMENSIONS = [
  'agent_id',
  'operator',
  'purpose',
  'verified_by',
  'pathname',
  'status',
] as const;

export const AgentsBreakdownParams = Paging.extend({
  dimension: z.enum(AGENT_BREAKDOWN_DIMENSIONS, {
    error: `dimension must be one of ${AGENT_BREAKDOWN_DIMENSIONS.join(', ')}`,
  }),
});

const seriesRows = (d: { series: unknown[] }) => d.series.length;

/**
 * The reads under `/api/agents/`, each the `report` of `agents/<name>` in exports. Their
 * readership is the agents'; `audience=all` gives the page reads both readerships share. Coverage
 * and the catalog have nothing people share: they answer `audience=agent` only.
 */
export const AGENT_REPORTS: readonly Report[] = [
  {
    name: 'overview',
    audience: 'agent',
    variants: { agent: variant(NoParams, agentOverview), all: variant(NoParams, allOverview) },
  },
  {
    name: 'breakdown',
    audience: 'agent',
    variants: {
      agent: variant(AgentsBreakdownParams, rankFetches),
      all: variant(AgentsBreakdownParams, allBreakdown),
    },
  },
  {
    name: 'timeseries',
    audience: 'agent',
    variants: {
      agent: variant(AgentTimeseriesParams, crawlTimeseries, seriesRows),
      all: variant(AllTimeseriesParams, allTimeseries, seriesRows),
    },
  },
  { name: 'coverage', audience: 'agent', variants: { agent: variant(CoverageParams, agentCoverage) } },
  {
    name: 'catalog',
    audience: 'agent',
    variants: { agent: variant(CatalogParams, agentCatalog, catalogRows) },
  },
];
