import { type Db, type Sql, sql } from '../../db/sql.js';
import { bucketStarts } from '../envelope/buckets.js';
import type { Query } from '../envelope/query.js';
import type { Point } from '../stats/timeseries.js';

/**
 * Each group's errors per bucket of the envelope's granularity, in `tz`'s calendar (Postgres'
 * `date_trunc(unit, ts, tz)` gives bucketStarts' instants), every bucket of the window present: a
 * bucket without errors counts 0, a figure, not one that cannot be computed.
 */
export async function sparklines(
  db: Db,
  q: Query,
  hits: Sql,
  fingerprints: readonly string[],
): Promise<Map<string, Point[]>> {
  const starts = bucketStarts(q, q.granularity, q.tz);
  const { rows } = await db.query<{ fingerprint: string; b: Date; n: number }>(sql`
    SELECT e.error_fingerprint AS fingerprint, date_trunc(${q.granularity}, e.ts, ${q.tz}) AS b, count(*) AS n
    FROM events e
    WHERE ${hits} AND e.error_fingerprint = ANY(${fingerprints}::text[])
    GROUP BY 1, 2`);
  const counts = new Map(rows.map((r) => [`${r.fingerprint} ${r.b.getTime()}`, r.n]));
  return new Map(
    fingerprints.map((f) => [
      f,
      starts.map((b) => ({ t: b.toISOString(), value: counts.get(`${f} ${b.getTime()}`) ?? 0 })),
    ]),
  );
}
