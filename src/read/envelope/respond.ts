import type { Query } from './query.js';

export interface Envelope<T> {
  data: T;
  meta: { query: Record<string, unknown>; rows: number; sampled: boolean; took_ms: number };
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
  opts: { sampled?: boolean; rows?: number } = {},
): Envelope<T> {
  return {
    data,
    meta: {
      query: queryMeta(q),
      rows: opts.rows ?? (Array.isArray(data) ? data.length : 1),
      sampled: opts.sampled ?? false,
      took_ms: Math.round(performance.now() - startedAt),
    },
  };
}
