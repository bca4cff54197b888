export const MINUTE_MS = 60_000;

/** The start of the UTC minute holding `ts` (epoch ms): every rollup's bucket. */
export const minuteOf = (ts: number) => Math.floor(ts / MINUTE_MS) * MINUTE_MS;
