import { type Db, sql } from '../../db/sql.js';
import type { Window } from '../envelope/range.js';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A window as its counted UTC days and the rest of it. */
export interface CountedDays {
  /** UTC days (`YYYY-MM-DD`) inside the window that the pair job counted (src/pairs/). */
  days: string[];
  /** The rest of the window: its edges off midnight, days not counted, days a cut lies inside of. */
  rest: Window[];
}

/**
 * The whole UTC days of the window listed in `dimension_pair_days` (their pair rollups and walks
 * counted), none of which a cut lies strictly inside of, and the rest of the window. Undefined when
 * none of its days is counted.
 */
export async function countedDays(
  db: Db,
  site: number,
  w: Window,
  /** Bucket starts: a day a bucket starts inside of is left in the rest, so each counted day lies in one bucket. */
  cuts: readonly Date[] = [],
): Promise<CountedDays | undefined> {
  const start = w.start.getTime();
  const end = w.end.getTime();
  const first = Math.ceil(start / DAY_MS) * DAY_MS;
  const last = Math.floor(end / DAY_MS) * DAY_MS;
  if (first >= last) return undefined;
  const { rows } = await db.query<{ day: string }>(sql`
    SELECT to_char(day, 'YYYY-MM-DD') AS day FROM dimension_pair_days
    WHERE site_id = ${site} AND day >= ${dayOf(first)}::date AND day < ${dayOf(last)}::date ORDER BY day`);
  const cut = cuts.map((c) => c.getTime());
  const days = rows
    .map((r) => Date.parse(`${r.day}T00:00:00Z`))
    .filter((d) => !cut.some((c) => c > d && c < d + DAY_MS));
  if (days.length === 0) return undefined;
  const rest: Window[] = [];
  let at = start;
  for (const d of days) {
    if (d > at) rest.push({ start: new Date(at), end: new Date(d) });
    at = d + DAY_MS;
  }
  if (end > at) rest.push({ start: new Date(at), end: new Date(end) });
  return { days: days.map(dayOf), rest };
}
