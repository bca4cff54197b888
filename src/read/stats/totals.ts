/** The sums every human figure of a window derives from. */
export interface HumanTotals {
  visitors: number;
  sessions: number;
  pageviews: number;
  bounces: number;
  duration_ms: number;
}

/** Totals of two disjoint parts of a window: every figure adds up (visitor ids live one UTC day). */
export const addTotals = (a: HumanTotals, b: HumanTotals): HumanTotals => ({
  visitors: a.visitors + b.visitors,
  sessions: a.sessions + b.sessions,
  pageviews: a.pageviews + b.pageviews,
  bounces: a.bounces + b.bounces,
  duration_ms: a.duration_ms + b.duration_ms,
});
