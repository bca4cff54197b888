/**
 * The grains the rollup_minute projection keeps its counters at, coarsest first: every row of a
 * coarser grain is the sum of its minute rows, so a long window sums hours and only its ragged
 * edges finer rows. Quarter hours because every time zone in use today is a whole number of
 * quarter hours off UTC: local days and hours start on one.
 */
export const ROLLUP_GRAINS = [
  { table: 'rollup_hour', column: 'hour', ms: 3_600_000 },
  { table: 'rollup_quarter_hour', column: 'quarter_hour', ms: 900_000 },
  { table: 'rollup_minute', column: 'minute', ms: 60_000 },
] as const;

export type RollupGrain = (typeof ROLLUP_GRAINS)[number];
