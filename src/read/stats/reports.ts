import { z } from 'zod';
import type { Report } from '../envelope/report.js';
import { variant } from '../envelope/report.js';
import { BreakdownParams, breakdown, Paging } from './breakdown.js';
import { EventsParams, events } from './events.js';
import { devices, locations, sources } from './grouped-lists.js';
import { overview } from './overview.js';
import { pages } from './pages.js';
import { realtime } from './realtime.js';
import { TimeseriesParams, timeseries } from './timeseries.js';

export const NoParams = z.object({});

/** The reads under `/api/stats/`, each the `report` of the same name in exports. */
export const STATS_REPORTS: readonly Report[] = [
  { name: 'overview', variants: { human: variant(NoParams, overview) } },
  {
    name: 'timeseries',
    variants: { human: variant(TimeseriesParams, timeseries, (d) => d.series.length) },
  },
  { name: 'breakdown', variants: { human: variant(BreakdownParams, breakdown) } },
  { name: 'pages', variants: { human: variant(Paging, pages) } },
  { name: 'events', variants: { human: variant(EventsParams, events) } },
  { name: 'sources', variants: { human: variant(Paging, sources) } },
  { name: 'locations', variants: { human: variant(Paging, locations) } },
  { name: 'devices', variants: { human: variant(Paging, devices) } },
  { name: 'realtime', variants: { human: variant(NoParams, realtime, (d) => d.pages.length) } },
];
