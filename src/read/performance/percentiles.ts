import { VITALS, type Vital } from '../../../projections/vital-histograms/buckets.js';
import { type Db, join, raw, type Sql, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { type FilterTree, HUMAN_DIMENSIONS } from '../envelope/filters.js';
import { type Paging, pageOf, pageSlice } from '../envelope/paging.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { ALL, deviceGroup, histogramPercentiles, rankedHits } from './histograms.js';
import { pagePercentiles } from './page-histograms.js';
import { inWindow } from '../envelope/in-window.js';
import { VITAL_HISTOGRAMS_ANSWERS } from '../../../projections/vital-histograms/answers.js';
import { sourceOf } from '../plan/planner.js';

export { VITALS, type Vital };

/** Where the figures come from: the `vital_histograms` projection, or the `web_vitals` hits themselves. */
export type VitalSource = 'vital_histograms' | 'raw';

/** The vitals from the projection when it answers the window and filters, else from the hits. */
export const vitalSource = (w: Window, filters: FilterTree): VitalSource =>
  sourceOf({ window: w, filters, metrics: ['vitals'] }, VITAL_HISTOGRAMS_ANSWERS) === 'rollup'
    ? 'vital_histograms'
    : 'raw';

/** The percentiles reported, as `percentile_disc` fractions. */
export const PERCENTILES = { p50: 0.5, p75: 0.75, p95: 0.95 } as const;
const FRACTIONS = Object.values(PERCENTILES);

/** A vital's percentiles (in its unit: ms, CLS unitless) and the samples they are taken from. */
export interface Percentiles {
  p50: number;
  p75: number;
  p95: number;
  samples: number;
}

/** `samples`: the `web_vitals` hits; a vital none of them reported is absent (rule 1), never 0. */
export type VitalFigures = { samples: number } & Partial<Record<Vital, Percentiles>>;

/** What the figures are broken down by: the whole window, or a column of the hit. */
export const GROUP_COLUMN = { overall: undefined, pages: 'pathname', devices: 'device' } as const;
export type Grouping = keyof typeof GROUP_COLUMN;

export interface GroupOptions {
  /** The page of ranked groups (most samples first, then by key); none: every group. */
  page?: Paging;
  /** Only these keys (a comparison window's figures for the groups already listed). */
  keys?: readonly string[];
}

type Row = { key: string | null; samples: number } & Record<string, number | number[] | null>;

/**
 * Per vital, `percentile_disc` over its non-NULL values: the first value (in ascending order)
 * whose position is at least p × n, i.e. the value at rank ⌈p·n⌉: the nearest-rank percentile,
 * the smallest value with at least p % of the values at or below it. Exact, from the raw hits.
 */
function aggregates() {
  return VITALS.map((v) => {
    const c = raw(`e.${v}`);
    return sql`count(${c}) AS ${raw(`${v}_n`)},
      percentile_disc(${FRACTIONS}::float8[]) WITHIN GROUP (ORDER BY ${c}) AS ${raw(v)}`;
  });
}

function figuresOf(row: Row): VitalFigures {
  const out: VitalFigures = { samples: row.samples };
  for (const v of VITALS) {
    const n = row[`${v}_n`] as number;
    const values = row[v] as number[] | null;
    if (n > 0 && values) out[v] = { p50: values[0]!, p75: values[1]!, p95: values[2]!, samples: n };
  }
  return out;
}

/** The window's `web_vitals` hits that match the filters, as a condition on `events e`. */
function vitalHits(q: Query, w: Window): Sql {
  return sql`e.site_id = ${q.site} AND e.kind = 'web_vitals' AND ${inWindow('e.ts', w)}
    AND ${compileFilters(q.filters, HUMAN_DIMENSIONS, 'e')}`;
}

/**
 * The statement for one grouping. Pages: the window's matching hits are read once (the
 * `events_web_vitals` index carries the dimensions a filter on the `sessions` row's names, migration
 * 0064), ranked, then only the listed pages' rows sorted for their percentiles.
 */
function statement(hits: Sql, grouping: Grouping, opts: GroupOptions): Sql {
  const aggs = join(aggregates(), ', ');
  const column = GROUP_COLUMN[grouping];
  if (column === undefined)
    return sql`SELECT NULL::text AS key, count(*) AS samples, ${aggs} FROM events e WHERE ${hits}`;
  const key = raw(`e.${column}`);
  const only = opts.keys ? sql`AND ${key} = ANY(${opts.keys}::text[])` : sql``;
  if (grouping === 'devices')
    return sql`SELECT ${key} AS key, count(*) AS samples, ${aggs} FROM events e WHERE ${hits} ${only}
      GROUP BY 1 ORDER BY 2 DESC, 1 ASC NULLS LAST ${pageOf(opts.page)}`;
  return sql`
    WITH e AS MATERIALIZED (
      SELECT e.pathname, ${raw(VITALS.map((v) => `e.${v}`).join(', '))} FROM events e WHERE ${hits} ${only}),
    ranked AS (
      SELECT pathname AS key, count(*) AS samples FROM e
      GROUP BY 1 ORDER BY 2 DESC, 1 ASC NULLS LAST ${pageOf(opts.page)})
    SELECT r.key, r.samples, ${raw(VITALS.flatMap((v) => [`v.${v}_n`, `v.${v}`]).join(', '))}
    FROM ranked r
    JOIN (SELECT e.pathname, ${aggs} FROM e WHERE e.pathname IN (SELECT key FROM ranked) GROUP BY 1) v
      ON v.pathname = r.key
    ORDER BY r.samples DESC, r.key ASC NULLS LAST`;
}

/** The figures from the `vital_histograms` projection (no filters): same as from the hits. */
async function fromHistograms(
  db: Db,
  q: Query,
  w: Window,
  grouping: Grouping,
  opts: GroupOptions,
): Promise<({ key: string | null } & VitalFigures)[]> {
  if (grouping === 'pages') {
    const ranked = await rankedHits(db, q.site, w, 'pathname', opts);
    const pages = await pagePercentiles(
      db,
      q.site,
      w,
      ranked.map((r) => r.key!),
      FRACTIONS,
    );
    return ranked.map(({ key, samples }) => ({ key, ...histogramFigures(pages.get(key!), samples) }));
  }
  if (grouping === 'devices') return (await overallAndDevices(db, q, w, opts)).devices;
  // Without the device types' percentiles (a comparison window's overall row).
  const [ranked, percentiles] = await Promise.all([
    rankedHits(db, q.site, w, null),
    histogramPercentiles(db, q.site, w, false, FRACTIONS),
  ]);
  return [{ key: null, ...histogramFigures(percentiles.get(ALL), ranked[0]?.samples ?? 0) }];
}

function histogramFigures(
  vitals: Awaited<ReturnType<typeof histogramPercentiles>> extends Map<string, infer V>
    ? V | undefined
    : never,
  samples: number,
): VitalFigures {
  const out: VitalFigures = { samples };
  for (const v of VITALS) {
    const f = vitals?.[v];
    if (f) out[v] = { p50: f.values[0]!, p75: f.values[1]!, p95: f.values[2]!, samples: f.samples };
  }
  return out;
}

/**
 * The overall row and the device types' rows from one read of the `vital_histograms` projection:
 * all hits' counts are the device types' summed. Device types are few: all are ranked, then paged
 * or picked here.
 */
export async function overallAndDevices(
  db: Db,
  q: Query,
  w: Window,
  opts: GroupOptions,
): Promise<{ overall: VitalFigures; devices: ({ key: string | null } & VitalFigures)[] }> {
  const [ranked, percentiles] = await Promise.all([
    rankedHits(db, q.site, w, 'device'),
    histogramPercentiles(db, q.site, w, true, FRACTIONS),
  ]);
  const listed = opts.keys
    ? ranked.filter((r) => r.key !== null && opts.keys!.includes(r.key))
    : pageSlice(ranked, opts.page);
  return {
    overall: histogramFigures(
      percentiles.get(ALL),
      ranked.reduce((s, r) => s + r.samples, 0),
    ),
    devices: listed.map(({ key, samples }) => ({
      key,
      ...histogramFigures(percentiles.get(deviceGroup(key)), samples),
    })),
  };
}

/**
 * The window's `web_vitals` hits (matching the filters), overall or per page or device type. Groups
 * rank by samples, then key. From the `vital_histograms` projection unless `source` is `raw`
 * (filters need the hits), else on the partial index of `web_vitals` rows by time (migrations 0016, 0064).
 */
export async function vitalGroups(
  db: Db,
  q: Query,
  w: Window,
  grouping: Grouping,
  opts: GroupOptions = {},
  source: VitalSource = vitalSource(q, q.filters),
): Promise<({ key: string | null } & VitalFigures)[]> {
  if (source === 'vital_histograms') return fromHistograms(db, q, w, grouping, opts);
  const { rows } = await db.query<Row>(statement(vitalHits(q, w), grouping, opts));
  return rows.map((r) => ({ key: r.key, ...figuresOf(r) }));
}
