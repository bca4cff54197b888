import type { Query } from '../envelope/query.js';
import { AGENT_OVERVIEW_METRICS } from '../agents/overview.js';
import { ALL_OVERVIEW_METRICS } from '../all/overview.js';
import { OVERVIEW_METRICS } from '../stats/overview.js';
import type { ExportShape, ShapeBook } from './shape.js';

/** One row of figures; with `compare`, the other window's (`comparison_…`) and the changes (`change_…`). */
const figures =
  (metrics: readonly string[], more: readonly string[] = []) =>
  (q: Query) => [
    ...metrics,
    ...(q.comparison ? [...metrics.map((m) => `comparison_${m}`), ...metrics.map((m) => `change_${m}`)] : []),
    ...more,
  ];

export const SERIES: ExportShape = {
  columns: (q) => (q.comparison ? ['t', 'value', 'comparison_t', 'comparison_value'] : ['t', 'value']),
  chart: { kind: 'line', x: 't', y: 'value' },
};

export const ranked = (
  columns: readonly string[],
  label: string,
  value: string,
  list?: string,
): ExportShape => ({
  columns: () => columns,
  chart: { kind: 'bars', label, value, ...(list ? { list } : {}) },
});

const PEOPLE = ['value', 'visitors', 'pageviews', 'share'];
const AGENTS = ['value', 'fetches', 'bytes', 'share'];
const BOTH = ['value', 'pageviews', 'share'];

export const AGENT_OVERVIEW: ExportShape = {
  columns: figures(AGENT_OVERVIEW_METRICS, ['value', 'share']),
  chart: { kind: 'bars', label: 'value', value: 'fetches', list: 'operators' },
};
export const ALL_OVERVIEW: ExportShape = {
  columns: figures(ALL_OVERVIEW_METRICS),
  chart: { kind: 'fields', fields: ALL_OVERVIEW_METRICS },
};
export const AGENT_BREAKDOWN = ranked(AGENTS, 'value', 'fetches');
export const ALL_BREAKDOWN = ranked(BOTH, 'value', 'pageviews');

/** The `/api/stats/*` reads' columns (docs/api.md#csv) and charts, per audience. */
export const STATS_SHAPES: ShapeBook = {
  overview: {
    human: {
      columns: figures(OVERVIEW_METRICS),
      chart: { kind: 'fields', fields: ['visitors', 'sessions', 'pageviews'] },
    },
    agent: AGENT_OVERVIEW,
    all: ALL_OVERVIEW,
  },
  timeseries: { human: SERIES, agent: SERIES, all: SERIES },
  breakdown: {
    human: ranked(PEOPLE, 'value', 'visitors'),
    agent: AGENT_BREAKDOWN,
    all: ALL_BREAKDOWN,
  },
  pages: {
    human: ranked(
      ['pathname', 'visitors', 'pageviews', 'entries', 'exits', 'scroll_depth', 'time_on_page'],
      'pathname',
      'visitors',
    ),
    agent: ranked(['pathname', 'fetches', 'agents', 'verified_fetches', 'bytes'], 'pathname', 'fetches'),
    all: ALL_BREAKDOWN,
  },
  events: { human: ranked(['value', 'visitors', 'events'], 'value', 'visitors') },
  sources: { human: ranked(PEOPLE, 'value', 'visitors', 'channels') },
  locations: {
    human: ranked(PEOPLE, 'value', 'visitors', 'countries'),
    agent: ranked(AGENTS, 'value', 'fetches', 'countries'),
    all: ranked(BOTH, 'value', 'pageviews', 'countries'),
  },
  devices: { human: ranked(PEOPLE, 'value', 'visitors', 'devices') },
  realtime: {
    human: ranked(['visitors', 'pathname'], 'pathname', 'visitors', 'pages'),
    agent: ranked(['agents', 'fetches', 'pathname'], 'pathname', 'fetches', 'pages'),
    all: ranked(['pageviews', 'pathname'], 'pathname', 'pageviews', 'pages'),
  },
};
