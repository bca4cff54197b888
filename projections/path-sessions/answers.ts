import type { Answers } from '../answers.js';
import { SESSION_FILTERS } from '../raw-events/answers.js';

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

/**
 * Each session's first pageviews in order (`path_session_walks`), by the session's start: the
 * journeys from each session's entry page (`entry_walk`), for any window, depth up to WALK_PAGES − 1
 * (walks.ts), the days the pair job counted summed from `walk_days`; filtered by the session's own
 * dimensions (its `sessions` row). Journeys from a chosen start page need pages past a walk's end.
 */
export const PATH_SESSION_WALKS_ANSWERS: Answers = {
  name: 'path_session_walks',
  unitMs: 1,
  breakdowns: new Set(['entry_walk']),
  filters: SESSION_FILTERS,
  metrics: new Set(['sessions']),
  visitorsFromMidnight: false,
};
