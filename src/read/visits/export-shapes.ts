import type { ExportShape, ShapeBook } from '../export/shape.js';
import { ranked } from '../export/stats-shapes.js';
import { flatten, type Section, sections } from '../export/table.js';
import type { Retention, RetentionGrid } from '../retention/read.js';
import type { SessionDetail } from '../sessions/one.js';
import type { VisitorRow } from '../visitors/list.js';

const SESSION = [
  'id',
  'visitor',
  'started_at',
  'duration',
  'pageviews',
  'entry',
  'exit',
  'channel',
  'source',
  'country',
  'device',
  'browser',
];
const HIT = ['ts', 'kind', 'name', 'pathname', 'props', 'time_on_page', 'scroll_depth'];

/** An object whose keys differ from row to row (traits, props) is one cell of JSON text, so every page has the same columns. */
const json = (v: Record<string, unknown> | null) => (v === null ? null : JSON.stringify(v));

const SESSION_SHAPE: ExportShape = {
  columns: () => [...SESSION, ...HIT],
  chart: { kind: 'fields', fields: ['duration', 'pageviews'] },
  sections: (data) => {
    const d = data as SessionDetail;
    return sections({ ...d, hits: d.hits.map((h) => ({ ...h, props: json(h.props) })) });
  },
};

const VISITORS_SHAPE: ExportShape = {
  ...ranked(
    ['visitor', 'identified', 'traits', 'first_seen', 'last_seen', 'sessions', 'pageviews'],
    'visitor',
    'pageviews',
  ),
  sections: (data) => [
    {
      list: undefined,
      isList: true,
      rows: (data as VisitorRow[]).map((v) => flatten({ ...v, traits: json(v.traits) })),
    },
  ],
};

/** A cohort per row, its percentages as `period_0`, `period_1`, … columns (a spreadsheet's grid). */
function cohortSections(g: RetentionGrid, list: string): Section {
  const rows = g.cohorts.map(({ periods, ...c }) =>
    flatten({ ...c, ...Object.fromEntries(periods.map((v, k) => [`period_${k}`, v])) }),
  );
  return { list, isList: true, rows };
}

const RETENTION_SHAPE: ExportShape = {
  columns: (q) => [
    'covered',
    'anonymous_left_out',
    ...(q.comparison ? ['comparison_covered', 'comparison_anonymous_left_out'] : []),
    'cohort',
    'visitors',
  ],
  chart: { kind: 'bars', label: 'cohort', value: 'visitors', list: 'cohorts' },
  sections: (data) => {
    const d = data as Retention;
    const top = {
      covered: d.covered,
      anonymous_left_out: d.anonymous_left_out,
      ...(d.comparison
        ? {
            comparison_covered: d.comparison.covered,
            comparison_anonymous_left_out: d.comparison.anonymous_left_out,
          }
        : {}),
    };
    return [
      { list: undefined, isList: false, rows: [flatten(top)] },
      cohortSections(d, 'cohorts'),
      ...(d.comparison ? [cohortSections(d.comparison, 'comparison')] : []),
    ];
  },
};

/** The visit reads' columns and charts (docs/api.md#csv). */
export const VISIT_SHAPES: ShapeBook = {
  sessions: { human: ranked(SESSION, 'started_at', 'pageviews') },
  session: { human: SESSION_SHAPE },
  visitors: { human: VISITORS_SHAPE },
  journeys: {
    human: ranked(['id', 'step', 'path', 'sessions', 'source', 'target'], 'id', 'sessions', 'nodes'),
  },
  retention: { human: RETENTION_SHAPE },
};
