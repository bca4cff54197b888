import type { Bucket } from '../lib/types.js';

/** One line of a time chart, and one column of its table view. */
export interface Line {
  label: string;
  points: Bucket[];
  /** The comparison window: dashed, and drawn on this window's buckets by position. */
  dashed?: boolean;
}
