import type { Window } from './range.js';

export const GRANULARITIES = ['minute', 'hour', 'day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Approximate bucket lengths, only to bound how many buckets a window would hold. */
const APPROX_MS: Record<Granularity, number> = {
  minute: 60_000,
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
  month: 30 * DAY_MS,
};

/** A series longer than this is a mistake (a year by the minute), not a chart. */
export const MAX_BUCKETS = 2_000;

/**
 * The granularity the service picks when the query names none, as dashboards do: minutes for up
 * to three hours, hours up to two days, days up to about a quarter, months beyond.
 */
export function defaultGranularity(w: Window): Granularity {
  const span = w.end.getTime() - w.start.getTime();
  if (span <= 3 * HOUR_MS) return 'minute';
  if (span <= 2 * DAY_MS + HOUR_MS) return 'hour';
  if (span <= 100 * DAY_MS) return 'day';
  return 'month';
}

/** How many buckets of `g` the window holds, at most (partial buckets at either edge included). */
export function bucketCount(w: Window, g: Granularity): number {
  return Math.ceil((w.end.getTime() - w.start.getTime()) / APPROX_MS[g]) + 1;
}
