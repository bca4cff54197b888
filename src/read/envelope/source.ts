import type { Window } from './range.js';

export type Source = 'rollup' | 'raw';

const MINUTE_MS = 60_000;

/**
 * Per-minute rollups answer a window only when both edges fall on whole minutes; any other
 * window would count part of a minute it does not cover, so the raw tables answer it.
 */
export function sourceFor(w: Window): Source {
  return w.start.getTime() % MINUTE_MS === 0 && w.end.getTime() % MINUTE_MS === 0 ? 'rollup' : 'raw';
}
