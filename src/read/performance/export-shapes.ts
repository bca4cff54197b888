import type { Query } from '../envelope/query.js';
import type { ExportShape, ShapeBook } from '../export/shape.js';
import { flatten, type Section } from '../export/table.js';
import type { Performance } from './performance.js';
import { PERCENTILES, VITALS } from './percentiles.js';

/** A row's figures as columns: `samples`, then per vital `<vital>_p50`, `_p75`, `_p95`, `_samples`. */
const FIGURES = [
  'samples',
  ...VITALS.flatMap((v) => [...Object.keys(PERCENTILES).map((p) => `${v}_${p}`), `${v}_samples`]),
];

const withComparison = (columns: readonly string[], more: readonly string[]) => (q: Query) => [
  ...columns,
  ...(q.comparison ? more.map((c) => `comparison_${c}`) : []),
];

/**
 * The overall row, the pages, then the devices, on the same columns (the general layout would
 * prefix the overall row's with `overall_`), so a spreadsheet reads one table of figures.
 */
const PERFORMANCE: ExportShape = {
  columns: withComparison(['pathname', 'device', ...FIGURES], FIGURES),
  chart: { kind: 'bars', label: 'pathname', value: 'lcp_p75', list: 'pages' },
  sections: (data): Section[] => {
    const d = data as Performance;
    return [
      { list: undefined, isList: false, rows: [flatten(d.overall)] },
      { list: 'pages', isList: true, rows: d.pages.map((r) => flatten(r)) },
      { list: 'devices', isList: true, rows: d.devices.map((r) => flatten(r)) },
    ];
  },
};

/** Declared, since the first page's rows may all lack a frame; the sparkline is one JSON cell. */
const ERRORS: ExportShape = {
  columns: withComparison(
    [
      'fingerprint',
      'message',
      'top_frame_file',
      'top_frame_function',
      'top_frame_line',
      'top_frame_col',
      'count',
      'sessions',
      'first_seen',
      'last_seen',
      'series',
    ],
    ['count', 'sessions'],
  ),
  chart: { kind: 'bars', label: 'message', value: 'count' },
};

/** The `performance` and `errors` reports of exports. */
export const QUALITY_SHAPES: ShapeBook = {
  performance: { human: PERFORMANCE },
  errors: { human: ERRORS },
};
