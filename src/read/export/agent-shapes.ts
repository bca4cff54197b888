import type { CrawlTimeseries } from '../agents/timeseries.js';
import type { ExportShape, ShapeBook } from './shape.js';
import { AGENT_BREAKDOWN, AGENT_OVERVIEW, ALL_BREAKDOWN, ALL_OVERVIEW, SERIES } from './stats-shapes.js';
import { flatten, type Section } from './table.js';

/**
 * Crawl volume as one row per bucket: the total (and the comparison window's bucket at the same
 * position), then a column per top agent, `agents_<agent id>`, `agents_other` last.
 */
const CRAWL: ExportShape = {
  ...SERIES,
  sections: (data): Section[] => {
    const d = data as CrawlTimeseries;
    const rows = d.series.map((p, i) => {
      const before = d.comparison?.[i];
      const perAgent = d.agents.map((a) => [`agents_${a.agent_id}`, a.series[i]?.value]);
      return flatten({ ...p, ...(before ? { comparison: before } : {}), ...Object.fromEntries(perAgent) });
    });
    return [{ list: 'series', isList: true, rows }];
  },
};

/** The `/api/agents/*` reads, exported as `agents/<name>`. */
export const AGENT_SHAPES: ShapeBook = {
  overview: { agent: AGENT_OVERVIEW, all: ALL_OVERVIEW },
  breakdown: { agent: AGENT_BREAKDOWN, all: ALL_BREAKDOWN },
  timeseries: { agent: CRAWL, all: SERIES },
};
