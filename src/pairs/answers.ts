import type { Answers } from '../../projections/answers.js';
import { PAIR_FILTERS } from './dimensions.js';

/**
 * Totals and series, breakdowns, pages (entries, exits, engagement), events and the visitors of
 * pageviews under a directory (goals on `<dir>/*`) filtered by one kept
 * dimension `is` one value: the counted UTC days from `dimension_pairs`, the rest of the window
 * (its edges off midnight, today, days not counted yet) from the raw hits.
 */
export const DIMENSION_PAIRS_ANSWERS: Answers = {
  name: 'dimension_pairs',
  unitMs: 86_400_000,
  breakdowns: new Set([...PAIR_FILTERS, 'event', 'prefix']),
  filters: new Set(PAIR_FILTERS),
  metrics: new Set([
    'visitors',
    'pageviews',
    'events',
    'sessions',
    'bounces',
    'duration',
    'entries',
    'exits',
    'engagement',
  ]),
  visitorsFromMidnight: true,
  oneValueFilter: true,
  rawEdges: true,
};
