import { DateTime } from 'luxon';
import type { Granularity } from './granularity.js';
import type { Window } from './range.js';

const UNIT = { minute: 'minute', hour: 'hour', day: 'day', week: 'week', month: 'month' } as const;

/**
 * The starts of the buckets covering a window, in `tz`'s calendar (ISO weeks start on Monday), as
 * UTC instants. The first bucket starts at or before the window; a DST day's hour buckets are 23
 * or 25, each a real hour. Postgres' `date_trunc(unit, ts, tz)` yields the same instants.
 */
export function bucketStarts(w: Window, g: Granularity, tz: string): Date[] {
  const unit = UNIT[g];
  const out: Date[] = [];
  let t = DateTime.fromJSDate(w.start, { zone: tz }).startOf(unit);
  const end = w.end.getTime();
  while (t.toMillis() < end) {
    out.push(t.toJSDate());
    const next = t.plus({ [unit]: 1 }).startOf(unit);
    // A local hour repeated by a DST fall-back: step in real time so both hours appear.
    t = next.toMillis() > t.toMillis() ? next : t.plus({ hours: 1 });
  }
  return out;
}
