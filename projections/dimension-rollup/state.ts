import type { SessionState } from '../sessions/sessionize.js';

/* The state dimension_rollup folds from, as its `load` reads it. */

/** The quarter hours (0–95 of its UTC day) of a visitor's first and last hit with a value. */
export interface QuarterSpan {
  first: number;
  last: number;
}

/** What the last pageview of a stored session has reported so far. */
export interface Reported {
  scroll: number | null;
  engaged: boolean;
}

export interface DimensionState {
  sessions: SessionState[];
  /** Session id → the engagement its last pageview reported. */
  engagement: Map<string, Reported>;
  /** `visitorDayKey(…)` → the spans of that visitor's day, by `cellKey(…)`. */
  visitors: Map<string, Map<string, QuarterSpan>>;
}

export const visitorDayKey = (day: number, site: number, visitor: string) => `${day}\0${site}\0${visitor}`;
