import type { PeriodSet } from './activity.js';

export interface CohortRow {
  /** The start of the cohort's period (its local day, ISO week or month) as a UTC instant. */
  cohort: string;
  /** Identified visitors whose first hit in the window fell in that period. */
  visitors: number;
  /** Percent of them (one decimal) with a hit in the cohort's period 0, 1, … up to the window's last. */
  periods: number[];
}

const percent = (n: number, of: number) => Math.round((n / of) * 1000) / 10;

/**
 * The cohort rows of a grid, oldest first, from the identities per set of active periods: a set's
 * first period is its identities' cohort, and each of its periods one they returned in. A period
 * without a new identified visitor is no row: it has no one to follow, and a percentage of nobody
 * cannot be computed (rule 1).
 */
export function cohortRows(periodStarts: readonly Date[], sets: readonly PeriodSet[]): CohortRow[] {
  const active = periodStarts.map((_, cohort) => new Array<number>(periodStarts.length - cohort).fill(0));
  for (const { periods, identities } of sets) {
    const cohort = periods[0];
    if (cohort === undefined) continue;
    for (const p of periods) active[cohort]![p - cohort]! += identities;
  }
  return active.flatMap((counts, cohort) => {
    const visitors = counts[0]!;
    if (visitors === 0) return [];
    return [
      {
        cohort: periodStarts[cohort]!.toISOString(),
        visitors,
        periods: counts.map((n) => percent(n, visitors)),
      },
    ];
  });
}
