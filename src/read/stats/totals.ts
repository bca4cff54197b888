/** The sums every human figure of a window derives from. */
export interface HumanTotals {
  visitors: number;
  sessions: number;
  pageviews: number;
  bounces: number;
  duration_ms: number;
}
