import { OVERVIEW_METRICS } from '../stats/overview.js';
import type { ExportShape, ShapeBook } from './shape.js';

const RANKED = ['value', 'visitors', 'pageviews', 'share'] as const;

const ranked = (label: string, columns: readonly string[], list?: string): ExportShape => ({
  columns: () => columns,
  chart: { kind: 'bars', label, value: 'visitors', ...(list ? { list } : {}) },
});

/** The `/api/stats/*` reads' columns (docs/api.md, "Exports") and charts. */
export const STATS_SHAPES: ShapeBook = {
  overview: {
    human: {
      columns: (q) =>
        q.comparison
          ? [
              ...OVERVIEW_METRICS,
              ...OVERVIEW_METRICS.map((m) => `comparison_${m}`),
              ...OVERVIEW_METRICS.map((m) => `change_${m}`),
            ]
          : OVERVIEW_METRICS,
      chart: { kind: 'fields', fields: ['visitors', 'sessions', 'pageviews'] },
    },
  },
  timeseries: {
    human: {
      columns: (q) => (q.comparison ? ['t', 'value', 'comparison_t', 'comparison_value'] : ['t', 'value']),
      chart: { kind: 'line', x: 't', y: 'value' },
    },
  },
  breakdown: { human: ranked('value', RANKED) },
  pages: {
    human: ranked('pathname', [
      'pathname',
      'visitors',
      'pageviews',
      'entries',
      'exits',
      'scroll_depth',
      'time_on_page',
    ]),
  },
  events: { human: ranked('value', ['value', 'visitors', 'events']) },
  sources: { human: ranked('value', RANKED, 'channels') },
  locations: { human: ranked('value', RANKED, 'countries') },
  devices: { human: ranked('value', RANKED, 'devices') },
  realtime: { human: ranked('pathname', ['visitors', 'agents', 'fetches', 'pathname'], 'pages') },
};
