import { DateTime } from 'luxon';
import type { Window } from './range.js';

export const COMPARES = ['none', 'previous', 'year'] as const;
export type Compare = (typeof COMPARES)[number];

/**
 * The window a comparison runs on: `previous` is the same span just before (counted in calendar
 * days of `tz` when the window is made of whole local days, so a DST week compares with the week
 * before it, not with 168 hours), `year` the same local dates a year earlier. Null for `none`.
 */
export function comparisonWindow(w: Window, compare: Compare, tz: string): Window | null {
  if (compare === 'none') return null;
  const start = DateTime.fromJSDate(w.start, { zone: tz });
  const end = DateTime.fromJSDate(w.end, { zone: tz });
  if (compare === 'year')
    return { start: start.minus({ years: 1 }).toJSDate(), end: end.minus({ years: 1 }).toJSDate() };
  const wholeDays = start.equals(start.startOf('day')) && end.equals(end.startOf('day'));
  if (wholeDays) {
    const days = Math.round(end.diff(start, 'days').days);
    return { start: start.minus({ days }).toJSDate(), end: w.start };
  }
  const span = w.end.getTime() - w.start.getTime();
  return { start: new Date(w.start.getTime() - span), end: w.start };
}

/**
 * The percent change from `before` to `now`, to one decimal; absent (undefined) where it cannot
 * be computed: from 0, or when either side is absent (rule 1: never a made-up zero).
 */
export function percentChange(now: number | undefined, before: number | undefined): number | undefined {
  if (now === undefined || before === undefined || before === 0) return undefined;
  return Math.round(((now - before) / before) * 1000) / 10;
}

/** A read's window and the one `compare` runs the same read on (none: null), as Query holds them. */
export interface Compared extends Window {
  comparison: Window | null;
}

/**
 * `read` on the query's window and, with `compare`, on the comparison window, side by side: every
 * compared read runs once per window through here.
 */
export async function eachWindow<T>(
  q: Compared,
  read: (w: Window) => Promise<T>,
): Promise<{ now: T; before?: T }> {
  const [now, before] = await Promise.all([read(q), q.comparison ? read(q.comparison) : undefined]);
  return before === undefined ? { now } : { now, before };
}

type Figures<M extends string> = Partial<Record<M, number>>;

/** The percent change of each of `metrics`, in their order; absent where it cannot be computed. */
export function changeOf<M extends string>(
  now: Figures<M>,
  before: Figures<M>,
  metrics: readonly M[],
): Figures<M> {
  const change: Figures<M> = {};
  for (const m of metrics) {
    const c = percentChange(now[m], before[m]);
    if (c !== undefined) change[m] = c;
  }
  return change;
}

/** `now` as it is without a comparison, else with the other window's figures and the change of each metric. */
export function withChange<M extends string, N extends Figures<M>, B extends Figures<M>>(
  now: N,
  before: B | undefined,
  metrics: readonly M[],
): N | (N & { comparison: B; change: Figures<M> }) {
  return before === undefined ? now : { ...now, comparison: before, change: changeOf(now, before, metrics) };
}
