/** A page's row as the rollup reads give it: `scroll` and `engaged` the means, as numerics. */
export interface PageSums {
  pathname: string;
  visitors: number;
  pageviews: number;
  entries: number;
  exits: number;
  scroll: number | null;
  engaged: number | null;
}
