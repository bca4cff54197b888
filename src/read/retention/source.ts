import { IDENTITY_DAYS_ANSWERS } from '../../../projections/raw-events/answers.js';
import type { FilterTree } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import { sourceOf } from '../plan/planner.js';

/** `identity_days` (first and last identified hit per visitor id and day) or `events` (every hit). */
export type ActivitySource = 'days' | 'raw';

/**
 * Where a retention grid is read from: `identity_days` when its declaration answers the window, the
 * periods and the filters (local days, weeks and months of every zone in use today start once a
 * day at most; the rows keep no dimension), else the identified hits themselves. Both give the
 * same grid.
 */
export const activitySource = (
  w: Window,
  periodStarts: readonly Date[],
  filters: FilterTree,
): ActivitySource =>
  sourceOf(
    { window: w, bucketStarts: periodStarts, filters, metrics: ['identities'] },
    IDENTITY_DAYS_ANSWERS,
  ) === 'rollup'
    ? 'days'
    : 'raw';
