import { raw, type Sql, sql } from '../../src/db/sql.js';

/** The key of a `vital_page_buckets` row (migration 0028). */
const KEY = ['site_id', 'pathname', 'span', 'start', 'vital'] as const;
const columns = (alias: string) => raw(KEY.map((c) => `${alias}.${c}`).join(', '));

/**
 * Counted samples, rows of (KEY…, bucket, n), as `vital_page_buckets` rows: per key, its lowest
 * bucket as `first` and the counts from there to its highest bucket, 0 where none fell. Used by
 * the fold, and by the read benchmark's loader to sum ISO weeks from day rows, so both pack alike.
 */
export function packedCounts(counts: Sql): Sql {
  return sql`
    WITH c AS (${counts}),
    r AS (SELECT ${columns('c')}, min(c.bucket) AS lo, max(c.bucket) AS hi FROM c GROUP BY ${columns('c')})
    SELECT ${columns('r')}, r.lo::int, array_agg(coalesce(c.n, 0)::int ORDER BY b)
    FROM r CROSS JOIN generate_series(r.lo, r.hi) b
      LEFT JOIN c ON ${raw(KEY.map((k) => `c.${k} = r.${k}`).join(' AND '))} AND c.bucket = b
    GROUP BY ${columns('r')}, r.lo`;
}

/**
 * `ON CONFLICT … DO UPDATE SET (first, counts) = (…)`: the stored row's counts plus the batch's,
 * over both rows' buckets (a subscript outside an array is NULL, so 0 here).
 */
export const addedCounts = sql`
  SELECT x.lo, array_agg(coalesce(t.counts[b - t.first + 1], 0) + coalesce(excluded.counts[b - excluded.first + 1], 0) ORDER BY b)
  FROM (SELECT least(t.first, excluded.first) AS lo,
          greatest(t.first + cardinality(t.counts), excluded.first + cardinality(excluded.counts)) - 1 AS hi) x
    CROSS JOIN generate_series(x.lo, x.hi) b
  GROUP BY x.lo`;

/**
 * A key's parts joined by NUL, which stored text never holds; \u0001 stands for null. Cheaper than
 * JSON.stringify over the hundreds of thousands of samples of a rebuild.
 */
const keyOf = (parts: readonly (string | number | null)[]) =>
  parts.map((p) => (p === null ? '\u0001' : p)).join('\u0000');

/** Items counted by a key: one of each key's items with how many there were. */
export function countBy<T>(
  items: readonly T[],
  key: (item: T) => (string | number | null)[],
): { s: T; n: number }[] {
  const out = new Map<string, { s: T; n: number }>();
  for (const s of items) {
    const k = keyOf(key(s));
    const row = out.get(k);
    if (row) row.n++;
    else out.set(k, { s, n: 1 });
  }
  return [...out.values()];
}

interface PageSample {
  h: { site: number; pathname: string };
  span: number;
  start: number;
  vital: string;
  bucket: number;
}

/** Samples as `vital_page_buckets` rows, packed as `packedCounts` packs them: lowest bucket, then counts. */
export function packedPages<S extends PageSample>(samples: readonly S[]) {
  const rows = new Map<string, { s: S; first: number; counts: number[] }>();
  for (const s of samples) {
    const k = keyOf([s.h.site, s.h.pathname, s.span, s.start, s.vital]);
    const row = rows.get(k);
    if (!row) rows.set(k, { s, first: s.bucket, counts: [1] });
    else if (s.bucket < row.first) {
      row.counts = [1, ...new Array<number>(row.first - s.bucket - 1).fill(0), ...row.counts];
      row.first = s.bucket;
    } else {
      const i = s.bucket - row.first;
      while (row.counts.length <= i) row.counts.push(0);
      row.counts[i]!++;
    }
  }
  return [...rows.values()];
}
