import { EMPTY_FILTERS } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';

/** A people's read of [start, end) by day in `tz`, with the previous window when one is given. */
export function windowQuery(
  site: number,
  start: number,
  end: number,
  tz = 'UTC',
  comparison?: [number, number],
): Query {
  return {
    site,
    tz,
    start: new Date(start),
    end: new Date(end),
    compare: comparison ? 'previous' : 'none',
    comparison: comparison ? { start: new Date(comparison[0]), end: new Date(comparison[1]) } : null,
    granularity: 'day',
    filters: EMPTY_FILTERS,
    audience: 'human',
  };
}
