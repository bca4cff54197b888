import { type FilterTree, filterDimensions } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';

/** `identity_days` (first and last identified hit per visitor id and day) or `events` (every hit). */
export type ActivitySource = 'days' | 'raw';

const DAY_MS = 86_400_000;

/**
 * Where a retention grid is read from. An `identity_days` row knows only its first and last hit of
 * a UTC day, which tell exactly which side of one cut inside that day it was active on (a cut: the
 * window's start or end, or a period's start), not of two. So the rows answer when no UTC day holds
 * two cuts (local days, weeks and months of every zone in use today start once a day at most) and
 * no filter is given (they keep no dimension); anything else reads the identified hits themselves.
 * Both give the same grid.
 */
export function activitySource(
  w: Window,
  periodStarts: readonly Date[],
  filters: FilterTree,
): ActivitySource {
  if (filterDimensions(filters).size > 0) return 'raw';
  const cuts = new Set(
    [w.start, w.end, ...periodStarts.filter((s) => s > w.start && s < w.end)]
      .map((d) => d.getTime())
      .filter((t) => t % DAY_MS !== 0),
  );
  const days = new Set([...cuts].map((t) => Math.floor(t / DAY_MS)));
  return days.size === cuts.size ? 'days' : 'raw';
}
