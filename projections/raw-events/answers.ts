import type { Answers } from '../answers.js';

/**
 * `identity_days` (an identified visitor's first and last hit per UTC day): the identities active
 * in each period of a retention grid, for windows and periods that cut no UTC day twice; unfiltered.
 */
export const IDENTITY_DAYS_ANSWERS: Answers = {
  name: 'identity_days',
  unitMs: 1,
  breakdowns: new Set(),
  filters: new Set(),
  metrics: new Set(['identities']),
  visitorsFromMidnight: false,
  oneCutADay: true,
};

/**
 * The filter dimensions raw_events writes from the session onto each of its hits (its channel,
 * source and campaign): every hit of a session has the `sessions` row's value, so a filter on
 * these alone selects whole sessions by their row.
 */
export const SESSION_FILTERS: ReadonlySet<string> = new Set([
  'channel',
  'source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
]);
