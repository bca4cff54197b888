import type { Answers } from '../answers.js';
import { DIMENSION_CODES, QUARTER_MS } from './dimensions.js';

/**
 * Breakdowns by every kept dimension, pages with entries, exits and engagement, custom events
 * (`event`) and their property values (`event_property`), for windows of whole UTC quarter hours
 * that do not lie strictly inside one UTC day, or that end after the site's newest hit (today, the
 * last 24 hours, month and year to date); unfiltered.
 */
export const DIMENSION_ROLLUP_ANSWERS: Answers = {
  name: 'dimension_rollup',
  unitMs: QUARTER_MS,
  breakdowns: new Set([...Object.keys(DIMENSION_CODES).filter((d) => d !== 'all'), 'event_property']),
  filters: new Set(),
  metrics: new Set(['visitors', 'pageviews', 'events', 'entries', 'exits', 'engagement']),
  visitorsFromMidnight: true,
  partialLastUnit: true,
};
