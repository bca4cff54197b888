import { z } from 'zod';
import { allBreakdown, allLocations, allPages } from '../all/breakdown.js';
import { allOverview } from '../all/overview.js';
import { allRealtime } from '../all/realtime.js';
import { AllTimeseriesParams, allTimeseries } from '../all/timeseries.js';
import { rankFetches } from '../agents/breakdown.js';
import { agentLocations, agentPages } from '../agents/lists.js';
import { agentOverview } from '../agents/overview.js';
import { agentRealtime } from '../agents/realtime.js';
import { AgentTimeseriesParams, agentTimeseries } from '../agents/timeseries.js';
import type { Report } from '../envelope/report.js';
import { variant } from '../envelope/report.js';
import { Paging } from '../envelope/paging.js';
import { BreakdownParams, breakdown } from './breakdown.js';
import { EventsParams, events } from './events.js';
import { devices, locations, sources } from './grouped-lists.js';
import { overview } from './overview.js';
import { pages } from './pages.js';
import { realtime } from './realtime.js';
import { TimeseriesParams, timeseries } from './timeseries.js';

export const NoParams = z.object({});

const seriesRows = (d: { series: unknown[] }) => d.series.length;
const pageRows = (d: { pages: unknown[] }) => d.pages.length;

/**
 * The reads under `/api/stats/`, each the `report` of the same name in exports. Sources, devices
 * and events describe people's visits only; the rest answer each audience (docs/api.md).
 */
export const STATS_REPORTS: readonly Report[] = [
  {
    name: 'overview',
    variants: {
      human: variant(NoParams, overview),
      agent: variant(NoParams, agentOverview),
      all: variant(NoParams, allOverview),
    },
  },
  {
    name: 'timeseries',
    variants: {
      human: variant(TimeseriesParams, timeseries, seriesRows),
      agent: variant(AgentTimeseriesParams, agentTimeseries, seriesRows),
      all: variant(AllTimeseriesParams, allTimeseries, seriesRows),
    },
  },
  {
    name: 'breakdown',
    variants: {
      human: variant(BreakdownParams, breakdown),
      agent: variant(BreakdownParams, rankFetches),
      all: variant(BreakdownParams, allBreakdown),
    },
  },
  {
    name: 'pages',
    variants: {
      human: variant(Paging, pages),
      agent: variant(Paging, agentPages),
      all: variant(Paging, allPages),
    },
  },
  { name: 'events', variants: { human: variant(EventsParams, events) } },
  { name: 'sources', variants: { human: variant(Paging, sources) } },
  {
    name: 'locations',
    variants: {
      human: variant(Paging, locations),
      agent: variant(Paging, agentLocations),
      all: variant(Paging, allLocations),
    },
  },
  { name: 'devices', variants: { human: variant(Paging, devices) } },
  {
    name: 'realtime',
    variants: {
      human: variant(NoParams, realtime, pageRows),
      agent: variant(NoParams, agentRealtime, pageRows),
      all: variant(NoParams, allRealtime, pageRows),
    },
  },
];
