import type { Query } from './query.js';

export interface Envelope<T> {
  data: T;
  /** The query as understood and the answer's size, plus any figures the read adds (`ReadVariant.meta`). */
  meta: { query: Record<string, unknown>; rows: number; sampled: boolean; took_ms: number } & Record<
    string,
    unknown
  >;
}

export function queryMeta(q: Query): Record<string, unknown> {
  return {
    site: q.site,
    ...(q.range ? { range: q.range } : {}),
    start: q.start.toISOString(),
    end: q.end.toISOString(),
    tz: q.tz,
    granularity: q.granularity,
    filters: q.filters,
    ...(q.segment !== undefined ? { segment: q.segment } : {}),
    compare: q.compare,
    ...(q.comparison
      ? { comparison: { start: q.comparison.start.toISOString(), end: q.comparison.end.toISOString() } }
      : {}),
    audience: q.audience,
  };
}

export function respond<T>(
  q: Query,
  data: T,
  startedAt: number,
  opts: { sampled?: boolean; rows?: number; extra?: Record<string, unknown> } = {},
): Envelope<T> {
  return {
    data,
    meta: {
      ...opts.extra,
      query: queryMeta(q),
      rows: opts.rows ?? (Array.isArray(data) ? data.length : 1),
      sampled: opts.sampled ?? false,
      took_ms: Math.round(performance.now() - startedAt),
    },
  };
}
