import type { Answers } from '../answers.js';

/**
 * Pageviews and distinct visitors of the pages a path names (goals' path targets), for any window:
 * whole UTC days from the day tables, the rest from the hours' hit offsets; unfiltered.
 */
export const PATH_VISITORS_ANSWERS: Answers = {
  name: 'path_visitors',
  unitMs: 1,
  breakdowns: new Set(['pathname']),
  filters: new Set(),
  metrics: new Set(['visitors', 'pageviews']),
  visitorsFromMidnight: false,
};
