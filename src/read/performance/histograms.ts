import { bucketOf, VITALS, type Vital } from '../../../projections/vital-histograms/buckets.js';
import { periodStart } from '../../../projections/vital-histograms/fold.js';
import { type Db, join, raw, type Sql, sql } from '../../db/sql.js';
import { type Paging, pageOf } from '../envelope/paging.js';
import type { Window } from '../envelope/range.js';
import { dayCover } from '../goals/path-visitors.js';
import { inWindow } from '../envelope/in-window.js';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** The figures of one group of hits: per vital the nearest-rank percentiles asked for, and the hits. */
export interface HistogramFigures {
  samples: number;
  /** Per vital reported: its samples and the value at each fraction of `fractions`, in order. */
  vitals: Partial<Record<Vital, { samples: number; values: number[] }>>;
}

/**
 * The window's rows of the projection: its whole ISO weeks (UTC) from `vital_*` rows of span 7,
 * its other whole UTC days from rows of span 1, and the parts of days at its edges from the hits
 * (a condition on `events e` per edge: read one by one, each is an index range; an OR of both
 * would leave the index no range of time and filter every hit of the site or page).
 */
export function histogramCover(w: Window): { periods: Sql[]; edges: Sql[] } {
  const { days, edges } = dayCover(w);
  const parts: [number, number, number][] = [];
  if (days) {
    const [first, last] = days;
    const monday = periodStart(first + 6 * DAY_MS, 7);
    const weeksEnd = monday + Math.floor((last - monday) / WEEK_MS) * WEEK_MS;
    if (weeksEnd > monday) parts.push([1, first, monday], [7, monday, weeksEnd], [1, weeksEnd, last]);
    else parts.push([1, first, last]);
  }
  const periods = parts
    .filter(([, a, b]) => a < b)
    .map(([span, a, b]) => sql`(span = ${span} AND ${inWindow('start', { start: a, end: b })})`);
  return { periods, edges: edges.map(([a, b]) => sql`(${inWindow('e.ts', { start: a, end: b })})`) };
}

/**
 * `select(period)` for each period, as one UNION ALL: each branch one index range (an OR of the
 * periods would read every period of the key and filter). None: a statement without rows.
 */
export function perPeriod(periods: readonly Sql[], select: (period: Sql) => Sql): Sql {
  return periods.length > 0 ? join(periods.map(select), ' UNION ALL ') : sql`${select(sql`false`)}`;
}

/**
 * The edge hits' vitals (only those on `pages`, when given), one row per value reported, as the
 * projection's rows: per edge and vital one index range of the hits (a row per hit and vital
 * from a lateral VALUES costs a third more).
 */
export function edgeValues(site: number, edges: readonly Sql[], pages?: readonly string[]): Sql {
  const on = pages ? sql`AND e.pathname = ANY(${pages}::text[])` : sql``;
  return join(
    edges.flatMap((edge) =>
      VITALS.map((v) => {
        const value = raw(`e.${v}`);
        return sql`
    SELECT e.pathname, e.device, ${v}::text AS vital, ${bucketOf(sql`${v}::text`, value)} AS bucket, ${value} AS value
    FROM events e
    WHERE e.site_id = ${site} AND e.kind = 'web_vitals' AND ${edge} ${on} AND ${value} IS NOT NULL`;
      }),
    ),
    ' UNION ALL ',
  );
}

/**
 * `web_vitals` hits per group over the window: per page or device type (`by`), ranked by hits then
 * key as the raw path ranks them, paged, or only `keys`.
 */
export async function rankedHits(
  db: Db,
  site: number,
  w: Window,
  by: 'pathname' | 'device' | null,
  opts: { page?: Paging; keys?: readonly string[] } = {},
): Promise<{ key: string | null; samples: number }[]> {
  const { periods, edges } = histogramCover(w);
  const key = by === null ? sql`NULL::text` : raw(by);
  const parts = [
    perPeriod(
      periods,
      (p) => sql`SELECT ${key} AS key, hits FROM vital_hits WHERE site_id = ${site} AND ${p}`,
    ),
  ];
  for (const edge of edges)
    parts.push(sql`
      SELECT ${by === null ? sql`NULL::text` : raw(`e.${by}`)}, 1 FROM events e
      WHERE e.site_id = ${site} AND e.kind = 'web_vitals' AND ${edge}`);
  const only = opts.keys ? sql`WHERE key = ANY(${opts.keys}::text[])` : sql``;
  const { rows } = await db.query<{ key: string | null; samples: number }>(sql`
    SELECT key, sum(hits)::int AS samples FROM (${join(parts, ' UNION ALL ')}) h ${only}
    GROUP BY 1 ORDER BY 2 DESC, 1 ASC NULLS LAST ${pageOf(opts.page)}`);
  return rows;
}

/** The value at rank `rank` (from 1) of counted values sorted ascending. */
function valueAtRank(counts: Map<number, number>, rank: number): number {
  let seen = 0;
  for (const value of [...counts.keys()].sort((a, b) => a - b)) {
    seen += counts.get(value)!;
    if (seen >= rank) return value;
  }
  throw new Error(`rank ${rank} beyond the ${seen} values counted`);
}

/**
 * Per fraction p, the bucket holding rank ⌈p·n⌉ (the rank `percentile_disc` takes, in the same
 * float8 arithmetic) of the counted values and the rank within that bucket, from `[bucket, count]`
 * in bucket (so value) order; n is the values counted.
 */
export function ranksInBuckets(
  counts: Iterable<readonly [number, number]>,
  fractions: readonly number[],
): { n: number; ranks: { bucket: number; rank: number }[] } {
  const rows = [...counts];
  const n = rows.reduce((s, [, c]) => s + c, 0);
  const ranks = fractions.map((p) => {
    let rank = Math.max(1, Math.ceil(p * n));
    for (const [bucket, c] of rows) {
      if (rank <= c) return { bucket, rank };
      rank -= c;
    }
    throw new Error(`rank ${rank} beyond the ${n} values counted`);
  });
  return { n, ranks };
}

/** A group's key in maps: '' for all hits, else `d:` and the device type (NUL for none). */
export const ALL = '';
export const deviceGroup = (device: string | null) => `d:${device ?? '\u0000'}`;

interface Target {
  group: string;
  vital: Vital;
  bucket: number;
  /** The rank within the bucket. */
  rank: number;
  /** Which fraction of the vital's list this target answers. */
  index: number;
}

/**
 * Exact nearest-rank percentiles over the window, for all hits (group ALL) and, with `byDevice`,
 * per device type too (deviceGroup), from the
 * `vital_histograms` projection: the value at rank ⌈p·n⌉ (the rank `percentile_disc` takes, in the
 * same float8 arithmetic) is found by summing the bucket counts in value order to the bucket that
 * holds that rank, then the value counts of that bucket alone to the value. Same figures as sorting
 * the hits, without reading them (test/read/performance-histograms.int.test.ts).
 */
export async function histogramPercentiles(
  db: Db,
  site: number,
  w: Window,
  byDevice: boolean,
  fractions: readonly number[],
): Promise<Map<string, Partial<Record<Vital, { samples: number; values: number[] }>>>> {
  const { periods, edges } = histogramCover(w);
  const device = (alias: string) => raw(`${alias}device`);
  // All hits' counts are the device types' summed: one read serves both.
  const groupsOf = (d: string | null) => (byDevice ? [ALL, deviceGroup(d)] : [ALL]);
  const coarse = [
    perPeriod(
      periods,
      (p) =>
        sql`SELECT ${device('')} AS device, vital, bucket, samples FROM vital_buckets WHERE site_id = ${site} AND ${p}`,
    ),
  ];
  if (edges.length > 0)
    coarse.push(sql`SELECT ${device('x.')}, x.vital, x.bucket, 1 FROM (${edgeValues(site, edges)}) x`);
  const buckets = await db.query<{
    device: string | null;
    vital: Vital;
    bucket: number;
    samples: number;
  }>(sql`
    SELECT device, vital, bucket, sum(samples)::int AS samples FROM (${join(coarse, ' UNION ALL ')}) b
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`);

  // Per group and vital, its buckets in value order; then per fraction the bucket holding its rank.
  const perVital = new Map<string, { group: string; vital: Vital; counts: Map<number, number> }>();
  for (const r of buckets.rows)
    for (const group of groupsOf(r.device)) {
      const k = `${group}\u0001${r.vital}`;
      if (!perVital.has(k)) perVital.set(k, { group, vital: r.vital, counts: new Map() });
      const counts = perVital.get(k)!.counts;
      counts.set(r.bucket, (counts.get(r.bucket) ?? 0) + r.samples);
    }
  const out = new Map<string, Partial<Record<Vital, { samples: number; values: number[] }>>>();
  const targets: Target[] = [];
  for (const { group, vital, counts } of perVital.values()) {
    const { n, ranks } = ranksInBuckets(
      [...counts].sort((a, b) => a[0] - b[0]),
      fractions,
    );
    if (!out.has(group)) out.set(group, {});
    out.get(group)![vital] = { samples: n, values: [] };
    ranks.forEach((r, index) => targets.push({ group, vital, ...r, index }));
  }
  if (targets.length === 0) return out;

  // The value counts of just the buckets holding a rank asked for.
  const wanted = [...new Map(targets.map((t) => [`${t.vital}\u0001${t.bucket}`, t])).values()];
  const fine = [
    sql`SELECT ${device('v.')} AS device, t.vital, t.bucket, v.value, v.samples
      FROM unnest(${wanted.map((t) => t.vital)}::text[], ${wanted.map((t) => t.bucket)}::int[]) AS t(vital, bucket)
      CROSS JOIN LATERAL (${perPeriod(
        periods,
        (p) => sql`SELECT device, u.value, u.samples
          FROM vital_values CROSS JOIN LATERAL unnest(vals, counts) AS u(value, samples)
          WHERE site_id = ${site} AND vital = t.vital AND bucket = t.bucket AND ${p}`,
      )}) v`,
  ];
  if (edges.length > 0)
    fine.push(sql`
      SELECT ${device('x.')}, x.vital, x.bucket, x.value, 1 FROM (${edgeValues(site, edges)}) x
      WHERE (x.vital, x.bucket) IN (SELECT * FROM unnest(${wanted.map((t) => t.vital)}::text[], ${wanted.map((t) => t.bucket)}::int[]))`);
  const values = await db.query<{
    device: string | null;
    vital: Vital;
    bucket: number;
    value: number;
    samples: number;
  }>(sql`
    SELECT device, vital, bucket, value, sum(samples)::int AS samples FROM (${join(fine, ' UNION ALL ')}) f
    GROUP BY 1, 2, 3, 4`);
  const counts = new Map<string, Map<number, number>>();
  for (const r of values.rows)
    for (const group of groupsOf(r.device)) {
      const k = `${group}\u0001${r.vital}\u0001${r.bucket}`;
      if (!counts.has(k)) counts.set(k, new Map());
      const c = counts.get(k)!;
      c.set(r.value, (c.get(r.value) ?? 0) + r.samples);
    }
  for (const t of targets)
    out.get(t.group)![t.vital]!.values[t.index] = valueAtRank(
      counts.get(`${t.group}\u0001${t.vital}\u0001${t.bucket}`)!,
      t.rank,
    );
  return out;
}
