import type { Answers } from '../answers.js';

/**
 * People's totals per minute (any window: its parts inside a UTC day read some raw hits), for
 * windows of whole minutes or ending after the site's newest hit; unfiltered.
 */
export const ROLLUP_MINUTE_ANSWERS: Answers = {
  name: 'rollup_minute',
  unitMs: 60_000,
  breakdowns: new Set(),
  filters: new Set(),
  metrics: new Set(['visitors', 'pageviews', 'events', 'sessions', 'bounces', 'duration']),
  visitorsFromMidnight: false,
  partialLastUnit: true,
};
