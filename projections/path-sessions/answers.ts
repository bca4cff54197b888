import type { Answers } from '../answers.js';

/**
 * Sessions (and, with path_visitors, distinct visitors) that viewed the pages a path names: a
 * funnel's first step on a path, for any window as path_visitors reads it; unfiltered.
 */
export const PATH_SESSIONS_ANSWERS: Answers = {
  name: 'path_sessions',
  unitMs: 1,
  breakdowns: new Set(['pathname']),
  filters: new Set(),
  metrics: new Set(['sessions', 'visitors']),
  visitorsFromMidnight: false,
};
