import { z } from 'zod';
import type { Db } from '../../db/sql.js';
import { bucketStarts } from '../envelope/buckets.js';
import type { FilterTree } from '../envelope/filters.js';
import { eachWindow } from '../envelope/compare.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { humanTotals } from '../stats/human-totals.js';
import { activity } from './activity.js';
import { type CohortRow, cohortRows } from './grid.js';
import { type ActivitySource, activitySource } from './source.js';

export const COHORT_PERIODS = ['day', 'week', 'month'] as const;
export type CohortPeriod = (typeof COHORT_PERIODS)[number];

export const RetentionParams = z.object({
  granularity: z
    .enum(COHORT_PERIODS, { error: `granularity must be one of ${COHORT_PERIODS.join(', ')} for retention` })
    .optional(),
});
export type RetentionParams = z.infer<typeof RetentionParams>;

export interface RetentionGrid {
  cohorts: CohortRow[];
  /** Identified visitors the grid follows: the sum of the cohorts' visitors. */
  covered: number;
  /** The window's visitors (daily visitor ids, as the overview counts them) without an identified hit. */
  anonymous_left_out: number;
}

export interface Retention extends RetentionGrid {
  /** With `compare`: the same grid over the other window. */
  comparison?: RetentionGrid;
}

/** The cohort period: the one asked for, else the envelope's when it is a day or longer, else days. */
export function cohortPeriod(q: Query, p: RetentionParams): CohortPeriod {
  if (p.granularity) return p.granularity;
  return (COHORT_PERIODS as readonly string[]).includes(q.granularity)
    ? (q.granularity as CohortPeriod)
    : 'day';
}

async function grid(
  db: Db,
  site: number,
  w: Window,
  period: CohortPeriod,
  tz: string,
  filters: FilterTree,
  source?: ActivitySource,
): Promise<RetentionGrid> {
  const starts = bucketStarts(w, period, tz);
  const [a, totals] = await Promise.all([
    activity(db, source ?? activitySource(w, starts, filters), site, w, starts, filters),
    humanTotals(db, site, w, filters, undefined, source === undefined),
  ]);
  const cohorts = cohortRows(starts, a.sets);
  return {
    cohorts,
    covered: cohorts.reduce((n, c) => n + c.visitors, 0),
    anonymous_left_out: totals.visitors - a.identifiedIds,
  };
}

/**
 * The cohort grid over identified visitors (docs/api.md#get-apistatsretention): a visitor is an identify id,
 * followed across days and devices; anonymous visitors cannot be followed past their daily id and are only
 * counted. Cohort = the period (in the query's time zone, so DST days are 23 or 25 hours) of an identity's
 * first hit in the window; period k = the k-th period after it. Filters narrow the hits (an identity is
 * followed through its matching hits). `source` forces a table (tests, benchmarks).
 */
export async function retention(
  db: Db,
  q: Query,
  p: RetentionParams,
  source?: ActivitySource,
): Promise<Retention> {
  const period = cohortPeriod(q, p);
  const { now, before } = await eachWindow(q, (w) => grid(db, q.site, w, period, q.tz, q.filters, source));
  return before ? { ...now, comparison: before } : now;
}
