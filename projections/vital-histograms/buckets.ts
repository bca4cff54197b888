import { type Sql, sql } from '../../src/db/sql.js';

/**
 * The Web Vitals a `web_vitals` hit may carry (docs/api.md#get-apistatsperformance), each a `real` column of
 * `events`.
 */
export const VITALS = ['lcp', 'cls', 'inp', 'fcp', 'ttfb'] as const;
export type Vital = (typeof VITALS)[number];

/**
 * Bucket bounds, in milliseconds (CLS in ten-thousandths): 1, 2, … 25, then 4 % apart, up to ten
 * minutes. A bucket then holds about 4 % of the values around it, so a percentile's bucket holds
 * few distinct values (whole milliseconds, CLS to four decimals, as the tracker sends them) and a
 * window has few buckets: both levels of the histogram stay small.
 */
function bounds(): number[] {
  const out: number[] = [];
  for (let b = 1; b <= 600_000; b = Math.max(b + 1, Math.ceil(b * 1.04))) out.push(b);
  return out;
}
const BOUNDS = bounds();
/** How many buckets there are: `width_bucket` gives 0 (below the first bound) to `BOUNDS.length`. */
export const BUCKETS = BOUNDS.length + 1;

/**
 * A value's bucket: how many bounds are at or below it (`width_bucket` over the sorted bounds),
 * computed in SQL from the stored `real` both when folding and when reading a window's edges, so a
 * value always falls in the same bucket; buckets are in the order of their values.
 */
export const bucketOf = (vital: Sql, value: Sql): Sql =>
  sql`width_bucket(${value}::float8 * CASE ${vital} WHEN 'cls' THEN 10000 ELSE 1 END, ${BOUNDS}::float8[])`;

/**
 * `bucketOf` computed here, for the fold: the value as `real` (float32), widened and scaled in
 * double precision as Postgres does, then the count of bounds at or below it.
 */
export function bucketIndex(vital: Vital, value: number): number {
  const x = Math.fround(value) * (vital === 'cls' ? 10000 : 1);
  let lo = 0;
  let hi = BOUNDS.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (BOUNDS[mid]! <= x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
