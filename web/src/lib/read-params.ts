import { nodeDimensions } from './filter-tree.js';
import type { View } from './view.js';

export type Audience = 'human' | 'agent' | 'all';

export interface ReadOptions {
  audience?: Audience;
  /** Reads of one window (coverage, violations, citation gap, decay) refuse `compare`. */
  compare?: boolean;
  /** Reads that take only some dimensions (citation gap: `audience=all`'s) get only those filters. */
  dimensions?: readonly string[];
  /** The read's own parameters: `metric`, `dimension`, `limit`, `report`, … */
  extra?: Record<string, string | number | undefined>;
}

/** `audience=all` reads accept only what both readerships have (docs/api.md#query-envelope). */
export const SHARED_DIMENSIONS = ['pathname', 'hostname', 'country', 'asn', 'status'] as const;

/** The query envelope (docs/api.md#query-envelope) of a view for one read, as query-string parameters. */
export function readParams(view: View, opts: ReadOptions = {}): URLSearchParams {
  const q = new URLSearchParams({ site: String(view.site) });
  if (view.start) {
    q.set('start', view.start);
    if (view.end) q.set('end', view.end);
  } else if (view.range) q.set('range', view.range);
  if ((opts.compare ?? true) && view.compare !== 'none') q.set('compare', view.compare);
  if (view.tz) q.set('tz', view.tz);
  if (view.granularity) q.set('granularity', view.granularity);
  // A segment may name any dimension, so reads limited to some dimensions go without it.
  if (view.segment && !opts.dimensions) q.set('segment', String(view.segment));
  const filters = opts.dimensions
    ? view.filters.filter((f) => nodeDimensions(f).every((d) => opts.dimensions!.includes(d)))
    : view.filters;
  if (filters.length > 0) q.set('filters', JSON.stringify(filters));
  q.set('audience', opts.audience ?? (view.tab === 'agents' ? 'agent' : 'human'));
  for (const [k, v] of Object.entries(opts.extra ?? {})) if (v !== undefined) q.set(k, String(v));
  // A shared link's token is the read's credential (docs/api.md#shared-links).
  if (view.share) q.set('share', view.share);
  return q;
}

export function readUrl(path: string, view: View, opts: ReadOptions = {}): string {
  return `${path}?${readParams(view, opts)}`;
}

/** The CSV (or PDF) of a read: the export takes the read's name as `report` and its parameters. */
export function exportUrl(
  report: string,
  view: View,
  opts: ReadOptions = {},
  format: 'csv' | 'pdf' = 'csv',
): string {
  return readUrl(`/api/stats/export.${format}`, view, { ...opts, extra: { ...opts.extra, report } });
}
