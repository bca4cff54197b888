import type { Query } from '../envelope/query.js';
import type { FunnelReport } from '../funnels/funnel.js';
import type { ShapeBook } from '../export/shape.js';
import { flatten } from '../export/table.js';

/** A row's figures, then with `compare` the other window's (`comparison_…`) and the changes (`change_…`). */
const withCompare =
  (lead: readonly string[], figures: readonly string[], changes: readonly string[]) => (q: Query) => [
    ...lead,
    ...figures,
    ...(q.comparison ? [...figures.map((f) => `comparison_${f}`), ...changes.map((f) => `change_${f}`)] : []),
  ];

const GOAL_FIGURES = [
  'visitors',
  'conversions',
  'conversion_rate',
  'revenue_total',
  'revenue_average',
  'revenue_currency',
];
const STEP_FIGURES = ['visitors', 'sessions', 'dropoff', 'conversion_rate'];

/**
 * Goals: a goal without a currency has no revenue columns, and it may come first. Funnel: its
 * steps are the table (the funnel's name and id are the export's parameters), one row per step.
 */
export const GOAL_SHAPES: ShapeBook = {
  goals: {
    human: {
      columns: withCompare(['id', 'name', 'event', 'path'], GOAL_FIGURES, [
        'visitors',
        'conversions',
        'conversion_rate',
        'revenue_total',
        'revenue_average',
      ]),
      chart: { kind: 'bars', label: 'name', value: 'visitors' },
    },
  },
  funnel: {
    human: {
      columns: withCompare(['step', 'path', 'event'], STEP_FIGURES, STEP_FIGURES),
      chart: { kind: 'bars', label: 'step', value: 'sessions' },
      sections: (data) => [
        { list: undefined, isList: true, rows: (data as FunnelReport).steps.map((s) => flatten({ ...s })) },
      ],
    },
  },
};
