import type { Answers } from '../answers.js';

/**
 * Web vitals' percentiles overall, per page and per device type, for any window: whole periods
 * from the histograms, the edges from the hits; unfiltered.
 */
export const VITAL_HISTOGRAMS_ANSWERS: Answers = {
  name: 'vital_histograms',
  unitMs: 1,
  breakdowns: new Set(['pathname', 'device']),
  filters: new Set(),
  metrics: new Set(['vitals']),
  visitorsFromMidnight: false,
};
