import type { Answers } from '../answers.js';
import type { SessionAttrs } from '../sessions/sessionize.js';
import { ATTRIBUTION_DIMENSIONS, eventColumns } from './columns.js';

/**
 * The filter dimensions the `sessions` row keeps, with its column of each (the session's channel,
 * source and campaign, which raw_events writes onto each of its hits, and its first hit's country,
 * device and browser): a session not `mixed` (mixed-sessions.ts) has every hit equal to its row
 * there, so a filter on these alone selects whole sessions by their row.
 */
export const SESSION_ROW_COLUMNS = eventColumns([
  ...ATTRIBUTION_DIMENSIONS,
  'country',
  'device',
  'browser',
]) satisfies Readonly<Record<string, keyof SessionAttrs>>;

export const SESSION_FILTERS: ReadonlySet<string> = new Set(Object.keys(SESSION_ROW_COLUMNS));

/**
 * `identity_days` (an identified visitor's first and last hit per UTC day): the identities active
 * in each period of a retention grid, for windows and periods that cut no UTC day twice; filtered
 * on the `sessions` row's dimensions through the rows of each visitor id's sessions (their hits
 * where a session is mixed, or where some match and others not).
 */
export const IDENTITY_DAYS_ANSWERS: Answers = {
  name: 'identity_days',
  unitMs: 1,
  breakdowns: new Set(),
  filters: SESSION_FILTERS,
  metrics: new Set(['identities']),
  visitorsFromMidnight: false,
  oneCutADay: true,
};

/**
 * The `sessions` rows as the filter of sessions a read finds by their hits (a funnel's steps): a
 * session has a hit in the window matching filters on the row's own dimensions when its row
 * matches, unless it is mixed, whose hits are read (src/read/envelope/filter-sql.ts). Any window.
 */
export const SESSION_ROWS_ANSWERS: Answers = {
  name: 'sessions',
  unitMs: 1,
  breakdowns: new Set(['pathname', 'event']),
  filters: SESSION_FILTERS,
  metrics: new Set(['sessions', 'visitors']),
  visitorsFromMidnight: false,
};
