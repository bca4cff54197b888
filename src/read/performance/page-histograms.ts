import { BUCKETS, type Vital } from '../../../projections/vital-histograms/buckets.js';
import { type Db, join, sql } from '../../db/sql.js';
import type { Window } from '../envelope/range.js';
import { edgeValues, histogramCover, perPeriod, ranksInBuckets } from './histograms.js';
import { inWindow } from '../envelope/in-window.js';

const DAY_MS = 86_400_000;

/** Per vital a page reported: its samples and the value at each fraction asked for, in order. */
export type PageVitals = Partial<Record<Vital, { samples: number; values: number[] }>>;

/**
 * Each page's bucket counts per vital over the window: its rows of `vital_page_buckets` for the
 * window's whole weeks and days, and its edge hits' values counted per bucket (as rows of one
 * bucket), summed in dense arrays indexed by bucket. The arrays travel as text: node-pg's array
 * parser costs more than the rest of the read on a few hundred thousand counts.
 */
async function bucketCounts(db: Db, site: number, w: Window, pages: readonly string[]) {
  const { periods, edges } = histogramCover(w);
  const parts = [
    perPeriod(
      periods,
      (p) => sql`SELECT pathname, vital, first, array_to_string(counts, ',') AS counts FROM vital_page_buckets
        WHERE site_id = ${site} AND pathname = ANY(${pages}::text[]) AND ${p}`,
    ),
  ];
  if (edges.length > 0)
    parts.push(sql`
      SELECT x.pathname, x.vital, x.bucket, count(*)::text FROM (${edgeValues(site, edges, pages)}) x
      GROUP BY 1, 2, 3`);
  const { rows } = await db.query<{ pathname: string; vital: Vital; first: number; counts: string }>(
    join(parts, ' UNION ALL '),
  );
  const sums = new Map<string, { pathname: string; vital: Vital; counts: Float64Array }>();
  for (const r of rows) {
    const k = `${r.pathname}\u0001${r.vital}`;
    if (!sums.has(k))
      sums.set(k, { pathname: r.pathname, vital: r.vital, counts: new Float64Array(BUCKETS) });
    const counts = sums.get(k)!.counts;
    r.counts.split(',').forEach((c, i) => (counts[r.first + i]! += Number(c)));
  }
  return sums.values();
}

/**
 * Exact nearest-rank percentiles of each page's vitals over the window, from the `vital_histograms`
 * projection's per-page rows (migration 0028): the bucket holding each rank from the page's bucket
 * counts (ranksInBuckets, as for the whole site), then the value at that rank within the bucket
 * from the page's samples in that bucket and window, one index range of day rows each (edges
 * included: each sample carries its time in its day). Same figures as `percentile_disc` over the page's hits
 * (test/read/performance-pages.int.test.ts).
 */
export async function pagePercentiles(
  db: Db,
  site: number,
  w: Window,
  pages: readonly string[],
  fractions: readonly number[],
): Promise<Map<string, PageVitals>> {
  const out = new Map<string, PageVitals>();
  if (pages.length === 0) return out;
  const targets: { pathname: string; vital: Vital; bucket: number; rank: number; index: number }[] = [];
  for (const { pathname, vital, counts } of await bucketCounts(db, site, w, pages)) {
    const nonEmpty = [...counts.entries()].filter(([, c]) => c > 0);
    const { n, ranks } = ranksInBuckets(nonEmpty, fractions);
    if (!out.has(pathname)) out.set(pathname, {});
    out.get(pathname)![vital] = { samples: n, values: [] };
    ranks.forEach((r, index) => targets.push({ pathname, vital, ...r, index }));
  }
  if (targets.length === 0) return out;
  // One scan per distinct (page, vital, bucket, rank): p75 and p95 of few samples often share one.
  const keyOf = (t: (typeof targets)[number]) =>
    `${t.pathname}\u0001${t.vital}\u0001${t.bucket}\u0001${t.rank}`;
  const distinct = [...new Map(targets.map((t) => [keyOf(t), t])).values()];
  const firstDay = new Date(Math.floor(w.start.getTime() / DAY_MS) * DAY_MS);
  const { rows } = await db.query<{ i: string; value: number }>(sql`
    SELECT t.i, v.value
    FROM unnest(${distinct.map((t) => t.pathname)}::text[], ${distinct.map((t) => t.vital)}::text[],
      ${distinct.map((t) => t.bucket)}::int[], ${distinct.map((t) => t.rank)}::int[]) WITH ORDINALITY
      AS t(pathname, vital, bucket, rank, i)
    CROSS JOIN LATERAL (
      SELECT u.value FROM vital_page_samples s CROSS JOIN LATERAL unnest(s.ms, s.vals) AS u(ms, value)
      WHERE s.site_id = ${site} AND s.pathname = t.pathname AND s.vital = t.vital AND s.bucket = t.bucket
        AND ${inWindow('s.day', { start: firstDay, end: w.end })}
        AND ${inWindow(sql`s.day + u.ms * interval '1 millisecond'`, w)}
      ORDER BY u.value OFFSET t.rank - 1 LIMIT 1) v`);
  const values = new Map(rows.map((r) => [keyOf(distinct[Number(r.i) - 1]!), r.value]));
  for (const t of targets) out.get(t.pathname)![t.vital]!.values[t.index] = values.get(keyOf(t))!;
  return out;
}
