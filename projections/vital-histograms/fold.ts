import { type Sql, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import { bucketIndex, VITALS } from './buckets.js';
import { addedCounts, countBy, packedPages } from './page-buckets.js';

const DAY_MS = 86_400_000;
/** 1970-01-05, the first Monday of the epoch: ISO weeks start 4 days after it plus whole weeks. */
const MONDAY_MS = 4 * DAY_MS;
const WEEK_MS = 7 * DAY_MS;

/** The periods a row is kept for (`span` days from `start`): its UTC day and its ISO week, UTC. */
export const SPANS = [1, 7] as const;
export const periodStart = (ts: number, span: (typeof SPANS)[number]) =>
  span === 1
    ? Math.floor(ts / DAY_MS) * DAY_MS
    : Math.floor((ts - MONDAY_MS) / WEEK_MS) * WEEK_MS + MONDAY_MS;

/** The `web_vitals` hits among a batch's hits: the only ones this projection counts. */
export const vitalHits = (hits: readonly HitRecorded[]) => hits.filter((h) => h.kind === 'web_vitals');

/**
 * Adds each `web_vitals` hit to its day's and its week's rows: the hit to `vital_hits` (by page and
 * device type), each vital it carries to its bucket in `vital_buckets` and its value in
 * `vital_values`, and per page to its bucket in `vital_page_buckets`; each vital once to
 * `vital_page_samples` (migrations 0028, 0033). Values go through `real`, as into `events`, so
 * both hold the same numbers. Like every rollup, run once per batch (the runner's claimed
 * sequence): a batch folded twice would count twice.
 */
export function foldVitalHistograms(hits: readonly HitRecorded[]): Sql[] {
  const rows = vitalHits(hits).flatMap((h) =>
    SPANS.map((span) => ({ h, span, start: periodStart(h.ts, span) })),
  );
  if (rows.length === 0) return [];
  // Each sample's bucket and value as the `real` columns store it, counted here by key: the
  // statements upsert one row per key instead of grouping and packing the samples in SQL.
  const samples = rows.flatMap((r) =>
    VITALS.flatMap((vital) => {
      const v = r.h.vitals?.[vital];
      return v === undefined ? [] : [{ ...r, vital, value: Math.fround(v), bucket: bucketIndex(vital, v) }];
    }),
  );
  // Days and weeks repeat across a batch's rows: each formatted once.
  const starts = new Map<number, string>();
  const iso = (ms: number) => {
    let text = starts.get(ms);
    if (text === undefined) starts.set(ms, (text = new Date(ms).toISOString()));
    return text;
  };
  const out: Sql[] = [
    sql`
    INSERT INTO vital_hits AS t (site_id, span, start, pathname, device, hits)
    SELECT site_id, span, start, pathname, device, count(*)
    FROM unnest(${rows.map((r) => r.h.site)}::bigint[], ${rows.map((r) => r.span)}::smallint[],
      ${rows.map((r) => iso(r.start))}::timestamptz[], ${rows.map((r) => r.h.pathname)}::text[],
      ${rows.map((r) => r.h.device ?? null)}::text[]) AS h(site_id, span, start, pathname, device)
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (site_id, span, start, pathname, device) DO UPDATE SET hits = t.hits + excluded.hits`,
  ];
  if (samples.length === 0) return out;
  const values = countBy(samples, (s) => [
    s.h.site,
    s.vital,
    s.bucket,
    s.span,
    s.start,
    s.h.device ?? null,
    s.value,
  ]);
  out.push(sql`
    INSERT INTO vital_values AS t (site_id, vital, bucket, span, start, device, value, samples)
    SELECT * FROM unnest(${values.map((r) => r.s.h.site)}::bigint[], ${values.map((r) => r.s.vital)}::text[],
      ${values.map((r) => r.s.bucket)}::int[], ${values.map((r) => r.s.span)}::smallint[],
      ${values.map((r) => iso(r.s.start))}::timestamptz[], ${values.map((r) => r.s.h.device ?? null)}::text[],
      ${values.map((r) => r.s.value)}::real[], ${values.map((r) => r.n)}::bigint[])
    ON CONFLICT (site_id, vital, bucket, span, start, device, value) DO UPDATE SET samples = t.samples + excluded.samples`);
  const buckets = countBy(samples, (s) => [s.h.site, s.span, s.start, s.vital, s.h.device ?? null, s.bucket]);
  out.push(sql`
    INSERT INTO vital_buckets AS t (site_id, span, start, vital, device, bucket, samples)
    SELECT * FROM unnest(${buckets.map((r) => r.s.h.site)}::bigint[], ${buckets.map((r) => r.s.span)}::smallint[],
      ${buckets.map((r) => iso(r.s.start))}::timestamptz[], ${buckets.map((r) => r.s.vital)}::text[],
      ${buckets.map((r) => r.s.h.device ?? null)}::text[], ${buckets.map((r) => r.s.bucket)}::int[],
      ${buckets.map((r) => r.n)}::bigint[])
    ON CONFLICT (site_id, span, start, vital, device, bucket) DO UPDATE SET samples = t.samples + excluded.samples`);
  const pages = packedPages(samples);
  out.push(sql`
    INSERT INTO vital_page_buckets AS t (site_id, pathname, span, start, vital, first, counts)
    SELECT site_id, pathname, span, start, vital, first, counts::int[]
    FROM unnest(${pages.map((p) => p.s.h.site)}::bigint[], ${pages.map((p) => p.s.h.pathname)}::text[],
      ${pages.map((p) => p.s.span)}::smallint[], ${pages.map((p) => iso(p.s.start))}::timestamptz[],
      ${pages.map((p) => p.s.vital)}::text[], ${pages.map((p) => p.first)}::int[],
      ${pages.map((p) => `{${p.counts.join(',')}}`)}::text[]) AS k(site_id, pathname, span, start, vital, first, counts)
    ON CONFLICT (site_id, pathname, span, start, vital) DO UPDATE SET (first, counts) = (${addedCounts})`);
  // Each sample once: its day's row (not its week's), its time as milliseconds into the day; a
  // row's samples in time order, so any batching of the same hits writes the same row.
  const once = samples.filter((s) => s.span === 1);
  out.push(sql`
    INSERT INTO vital_page_samples AS t (site_id, pathname, vital, bucket, day, ms, vals)
    SELECT site_id, pathname, vital, bucket, day, array_agg(ms ORDER BY ms, value), array_agg(value ORDER BY ms, value)
    FROM unnest(${once.map((s) => s.h.site)}::bigint[], ${once.map((s) => s.h.pathname)}::text[],
      ${once.map((s) => s.vital)}::text[], ${once.map((s) => s.bucket)}::int[],
      ${once.map((s) => iso(s.start))}::timestamptz[], ${once.map((s) => s.h.ts - s.start)}::int[],
      ${once.map((s) => s.value)}::real[])
      AS s(site_id, pathname, vital, bucket, day, ms, value)
    GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (site_id, pathname, vital, bucket, day) DO UPDATE SET (ms, vals) = (
      SELECT array_agg(m ORDER BY m, v), array_agg(v ORDER BY m, v)
      FROM unnest(t.ms || excluded.ms, t.vals || excluded.vals) AS u(m, v))`);
  return out;
}
