import { raw, type Sql, sql } from '../../src/db/sql.js';

/** The key of a `vital_page_buckets` row (migration 0028). */
const KEY = ['site_id', 'pathname', 'span', 'start', 'vital'] as const;
const columns = (alias: string) => raw(KEY.map((c) => `${alias}.${c}`).join(', '));

/**
 * Counted samples, rows of (KEY…, bucket, n), as `vital_page_buckets` rows: per key, its lowest
 * bucket as `first` and the counts from there to its highest bucket, 0 where none fell. Used by
 * the read benchmark's loader to sum ISO weeks from day rows, packed as the fold packs them.
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
