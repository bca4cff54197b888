import { AGENT_REPORTS } from '../agents/reports.js';
import { citationReports } from '../citation-gap/reports.js';
import { contentReports } from '../content/reports.js';
import { GOAL_SHAPES } from '../goals/export-shapes.js';
import { GOAL_REPORTS } from '../goals/reports.js';
import { QUALITY_SHAPES } from '../performance/export-shapes.js';
import { QUALITY_REPORTS } from '../performance/reports.js';
import { POLICY_REPORTS } from '../policy/reports.js';
import { STATS_REPORTS } from '../stats/reports.js';
import { VISIT_SHAPES } from '../visits/export-shapes.js';
import { VISIT_REPORTS } from '../visits/reports.js';
import { AGENT_SHAPES } from './agent-shapes.js';
import type { ExportFamily, ShapeBook } from './shape.js';
import { ranked, STATS_SHAPES } from './stats-shapes.js';

// Their rows lack a figure that cannot be computed (a ratio without arrivals, a change from 0),
// and the rows that lack it may fill the first page: declared, the column is there from the start.
const CITATION_SHAPES: ShapeBook = {
  'citation-gap': {
    all: ranked(
      ['pathname', 'fetches', 'html_fetches', 'arrivals', 'ratio', 'verdict'],
      'pathname',
      'fetches',
    ),
  },
};
const CONTENT_SHAPES: ShapeBook = {
  'content/decay': {
    all: ranked(
      [
        'pathname',
        'pageviews',
        'pageviews_before',
        'pageviews_change',
        'fetches',
        'fetches_before',
        'fetches_change',
      ],
      'pathname',
      'pageviews',
    ),
  },
};

/**
 * Every read that exports, by `report` name: the `/api/stats` reads by their names, the
 * `/api/agents` reads as `agents/<name>`, the others (`citation-gap`, `content/decay`, `policy`…)
 * by their names, which their paths already qualify.
 */
export const exportFamilies = (
  config: Parameters<typeof citationReports>[0] & Parameters<typeof contentReports>[0],
): readonly ExportFamily[] => [
  { reports: STATS_REPORTS, shapes: STATS_SHAPES },
  { reports: QUALITY_REPORTS, shapes: QUALITY_SHAPES },
  { reports: GOAL_REPORTS, shapes: GOAL_SHAPES },
  { reports: VISIT_REPORTS, shapes: VISIT_SHAPES },
  { prefix: 'agents', reports: AGENT_REPORTS, shapes: AGENT_SHAPES },
  { reports: citationReports(config), shapes: CITATION_SHAPES },
  { reports: contentReports(config), shapes: CONTENT_SHAPES },
  { reports: POLICY_REPORTS },
];
