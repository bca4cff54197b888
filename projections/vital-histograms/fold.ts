import type { Statement } from '../../src/db/copy.js';
import { Counters } from '../../src/db/counters.js';
import { sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import { BUCKETS, bucketIndex, VITALS, type Vital } from './buckets.js';
import { addedCounts } from './page-buckets.js';

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

/** A group's counts by value, and their sum. */
interface ValueCounts {
  site: number;
  vital: Vital;
  bucket: number;
  span: number;
  start: number;
  device: string | null;
  values: Map<number, number>;
  samples: number;
}

/** A page's samples of one vital, bucket and UTC day: times into the day and values. */
interface PageSamples {
  site: number;
  pathname: string;
  vital: Vital;
  bucket: number;
  day: number;
  samples: [ms: number, value: number][];
}

/** Numbers as a Postgres array literal (cast in SQL): one parameter instead of one per element. */
const arrayText = (values: readonly number[]) => `{${values.join(',')}}`;

/**
 * Adds each `web_vitals` hit to its day's and its week's rows: the hit to `vital_hits` (by page and
 * device type), each vital it carries to its bucket in `vital_buckets` and to its value's count in
 * its bucket's `vital_values` row, and per page to its bucket in `vital_page_buckets`; each vital
 * once to `vital_page_samples` (migrations 0028, 0033, 0037). Values go through `real`, as into
 * `events`, so both hold the same numbers. Everything is counted and packed here, keyed by maps
 * per hit and period, so each statement upserts one row per key. Like every rollup, run once per
 * batch (the runner's claimed sequence): a batch folded twice would count twice.
 */
export function foldVitalHistograms(hits: readonly HitRecorded[]): Statement[] {
  const vital = vitalHits(hits);
  if (vital.length === 0) return [];
  const hitRows = new Map<
    string,
    { site: number; span: number; start: number; pathname: string; device: string | null; hits: number }
  >();
  /** Per site, period and device: per vital and bucket (`vital · BUCKETS + bucket`), its values. */
  const groups = new Map<string, Map<number, ValueCounts>>();
  /** Per site, page and period: per vital, the bucket counts from the lowest bucket. */
  const pages = new Map<
    string,
    Map<
      Vital,
      {
        site: number;
        pathname: string;
        span: number;
        start: number;
        vital: Vital;
        first: number;
        counts: number[];
      }
    >
  >();
  /** Per site, page and UTC day: per vital and bucket, the samples. */
  const daySamples = new Map<string, Map<number, PageSamples>>();
  for (const h of vital) {
    const device = h.device ?? null;
    // Each vital's value as the `real` column stores it, and its bucket: the same for both periods.
    const reported: { vital: Vital; index: number; value: number; bucket: number }[] = [];
    VITALS.forEach((v, index) => {
      const value = h.vitals?.[v];
      if (value !== undefined)
        reported.push({ vital: v, index, value: Math.fround(value), bucket: bucketIndex(v, value) });
    });
    for (const span of SPANS) {
      const start = periodStart(h.ts, span);
      const hitKey = `${h.site}\0${span}\0${start}\0${h.pathname}\0${device ?? '\u0001'}`;
      const hitRow = hitRows.get(hitKey);
      if (hitRow) hitRow.hits++;
      else hitRows.set(hitKey, { site: h.site, span, start, pathname: h.pathname, device, hits: 1 });
      if (reported.length === 0) continue;
      const groupKey = `${h.site}\0${span}\0${start}\0${device ?? '\u0001'}`;
      let group = groups.get(groupKey);
      if (!group) groups.set(groupKey, (group = new Map()));
      const pageKey = `${h.site}\0${span}\0${start}\0${h.pathname}`;
      let page = pages.get(pageKey);
      if (!page) pages.set(pageKey, (page = new Map()));
      for (const r of reported) {
        const k = r.index * BUCKETS + r.bucket;
        let counts = group.get(k);
        if (!counts) {
          counts = {
            site: h.site,
            vital: r.vital,
            bucket: r.bucket,
            span,
            start,
            device,
            values: new Map(),
            samples: 0,
          };
          group.set(k, counts);
        }
        counts.values.set(r.value, (counts.values.get(r.value) ?? 0) + 1);
        counts.samples++;
        const packed = page.get(r.vital);
        if (!packed)
          page.set(r.vital, {
            site: h.site,
            pathname: h.pathname,
            span,
            start,
            vital: r.vital,
            first: r.bucket,
            counts: [1],
          });
        else if (r.bucket < packed.first) {
          packed.counts = [1, ...new Array<number>(packed.first - r.bucket - 1).fill(0), ...packed.counts];
          packed.first = r.bucket;
        } else {
          const i = r.bucket - packed.first;
          while (packed.counts.length <= i) packed.counts.push(0);
          packed.counts[i]!++;
        }
      }
      if (span !== 1) continue;
      const dayKey = `${h.site}\0${start}\0${h.pathname}`;
      let day = daySamples.get(dayKey);
      if (!day) daySamples.set(dayKey, (day = new Map()));
      for (const r of reported) {
        const k = r.index * BUCKETS + r.bucket;
        let samples = day.get(k);
        if (!samples) {
          samples = {
            site: h.site,
            pathname: h.pathname,
            vital: r.vital,
            bucket: r.bucket,
            day: start,
            samples: [],
          };
          day.set(k, samples);
        }
        samples.samples.push([h.ts - start, r.value]);
      }
    }
  }
  // Days and weeks repeat across a batch's rows: each formatted once.
  const starts = new Map<number, string>();
  const iso = (ms: number) => {
    let text = starts.get(ms);
    if (text === undefined) starts.set(ms, (text = new Date(ms).toISOString()));
    return text;
  };
  const hitList = [...hitRows.values()];
  const out: Statement[] = [
    new Counters(
      'vital_hits',
      [
        { name: 'site_id', type: 'bigint' },
        { name: 'span', type: 'smallint' },
        { name: 'start', type: 'timestamptz' },
        { name: 'pathname', type: 'text' },
        { name: 'device', type: 'text' },
        { name: 'hits', type: 'int', merge: 'add' },
      ],
      [
        hitList.map((r) => r.site),
        hitList.map((r) => r.span),
        hitList.map((r) => iso(r.start)),
        hitList.map((r) => r.pathname),
        hitList.map((r) => r.device),
        hitList.map((r) => r.hits),
      ],
    ),
  ];
  const counted = [...groups.values()].flatMap((g) => [...g.values()]);
  if (counted.length === 0) return out;
  // A row's values ascending, their counts in the same order: any batching writes the same arrays.
  const sorted = counted.map((c) => [...c.values].sort((a, b) => a[0] - b[0]));
  out.push(sql`
    INSERT INTO vital_values AS t (site_id, vital, bucket, span, start, device, vals, counts)
    SELECT site_id, vital, bucket, span, start, device, vals::real[], counts::int[]
    FROM unnest(${counted.map((c) => c.site)}::bigint[], ${counted.map((c) => c.vital)}::text[],
      ${counted.map((c) => c.bucket)}::int[], ${counted.map((c) => c.span)}::smallint[],
      ${counted.map((c) => iso(c.start))}::timestamptz[], ${counted.map((c) => c.device)}::text[],
      ${sorted.map((vc) => arrayText(vc.map(([v]) => v)))}::text[], ${sorted.map((vc) => arrayText(vc.map(([, n]) => n)))}::text[])
      AS k(site_id, vital, bucket, span, start, device, vals, counts)
    ON CONFLICT (site_id, vital, bucket, span, start, device) DO UPDATE SET (vals, counts) = (
      SELECT array_agg(v ORDER BY v), array_agg(n ORDER BY v)
      FROM (SELECT v, sum(n)::int AS n FROM unnest(t.vals || excluded.vals, t.counts || excluded.counts) AS u(v, n)
        GROUP BY v) s)`);
  out.push(
    new Counters(
      'vital_buckets',
      [
        { name: 'site_id', type: 'bigint' },
        { name: 'span', type: 'smallint' },
        { name: 'start', type: 'timestamptz' },
        { name: 'vital', type: 'text' },
        { name: 'device', type: 'text' },
        { name: 'bucket', type: 'int' },
        { name: 'samples', type: 'bigint', merge: 'add' },
      ],
      [
        counted.map((c) => c.site),
        counted.map((c) => c.span),
        counted.map((c) => iso(c.start)),
        counted.map((c) => c.vital),
        counted.map((c) => c.device),
        counted.map((c) => c.bucket),
        counted.map((c) => c.samples),
      ],
    ),
  );
  const packed = [...pages.values()].flatMap((p) => [...p.values()]);
  out.push(sql`
    INSERT INTO vital_page_buckets AS t (site_id, pathname, span, start, vital, first, counts)
    SELECT site_id, pathname, span, start, vital, first, counts::int[]
    FROM unnest(${packed.map((p) => p.site)}::bigint[], ${packed.map((p) => p.pathname)}::text[],
      ${packed.map((p) => p.span)}::smallint[], ${packed.map((p) => iso(p.start))}::timestamptz[],
      ${packed.map((p) => p.vital)}::text[], ${packed.map((p) => p.first)}::int[],
      ${packed.map((p) => arrayText(p.counts))}::text[]) AS k(site_id, pathname, span, start, vital, first, counts)
    ON CONFLICT (site_id, pathname, span, start, vital) DO UPDATE SET (first, counts) = (${addedCounts})`);
  // Each sample once: its day's row (not its week's), its time as milliseconds into the day; a
  // row's samples in time order (then value), so any batching of the same hits writes the same row.
  const once = [...daySamples.values()].flatMap((d) => [...d.values()]);
  for (const s of once) s.samples.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  out.push(sql`
    INSERT INTO vital_page_samples AS t (site_id, pathname, vital, bucket, day, ms, vals)
    SELECT site_id, pathname, vital, bucket, day, ms::int[], vals::real[]
    FROM unnest(${once.map((s) => s.site)}::bigint[], ${once.map((s) => s.pathname)}::text[],
      ${once.map((s) => s.vital)}::text[], ${once.map((s) => s.bucket)}::int[],
      ${once.map((s) => iso(s.day))}::timestamptz[], ${once.map((s) => arrayText(s.samples.map(([ms]) => ms)))}::text[],
      ${once.map((s) => arrayText(s.samples.map(([, v]) => v)))}::text[])
      AS s(site_id, pathname, vital, bucket, day, ms, vals)
    ON CONFLICT (site_id, pathname, vital, bucket, day) DO UPDATE SET (ms, vals) = (
      SELECT array_agg(m ORDER BY m, v), array_agg(v ORDER BY m, v)
      FROM unnest(t.ms || excluded.ms, t.vals || excluded.vals) AS u(m, v))`);
  return out;
}
