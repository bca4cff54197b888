import { type FilterTree, filterDimensions } from './filters.js';
import type { Window } from './range.js';

export type Source = 'rollup' | 'raw';

const MINUTE_MS = 60_000;

/**
 * The one place that decides which tables answer a query. Per-minute rollups answer it only when
 * both window edges fall on whole minutes (any other window would count part of a minute it does
 * not cover) and no filter asks for a dimension the rollups do not keep (they keep none: a
 * filtered query reads the raw tables).
 */
export function sourceFor(w: Window, filters?: FilterTree): Source {
  if (filters && filterDimensions(filters).size > 0) return 'raw';
  return w.start.getTime() % MINUTE_MS === 0 && w.end.getTime() % MINUTE_MS === 0 ? 'rollup' : 'raw';
}
