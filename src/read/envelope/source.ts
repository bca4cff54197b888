import { type FilterTree, filterDimensions } from './filters.js';
import type { Window } from './range.js';

export type Source = 'rollup' | 'raw';

const MINUTE_MS = 60_000;

const wholeMinute = (d: Date) => d.getTime() % MINUTE_MS === 0;

const KEEPS_NOTHING: ReadonlySet<string> = new Set();

/**
 * The one place that decides which tables answer a query. Per-minute rollups answer it only when
 * both window edges, and the starts of the buckets it is cut into, fall on whole minutes (any other
 * edge would split a minute; only zones' historical offsets in seconds give such buckets), and no
 * filter asks for a dimension the rollups do not keep (`keeps`: none by default, so a filtered
 * query reads the raw tables; the per-URL rollups of the citation gap keep `pathname`).
 */
export function sourceFor(
  w: Window,
  filters?: FilterTree,
  bucketStarts: readonly Date[] = [],
  keeps: ReadonlySet<string> = KEEPS_NOTHING,
): Source {
  if (filters && [...filterDimensions(filters)].some((d) => !keeps.has(d))) return 'raw';
  return wholeMinute(w.start) && wholeMinute(w.end) && bucketStarts.every(wholeMinute) ? 'rollup' : 'raw';
}
