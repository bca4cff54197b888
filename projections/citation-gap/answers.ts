import type { Answers } from '../answers.js';

/**
 * Agents' fetches and people's arrivals per URL by minute (`url_fetch_minute`,
 * `url_arrival_minute`), for windows of whole minutes, filtered at most on the path.
 */
export const URL_MINUTE_ANSWERS: Answers = {
  name: 'citation_gap',
  unitMs: 60_000,
  breakdowns: new Set(['pathname']),
  filters: new Set(['pathname']),
  metrics: new Set(['fetches', 'arrivals']),
  visitorsFromMidnight: false,
};
