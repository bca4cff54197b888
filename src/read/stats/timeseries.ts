import { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { bucketStarts } from '../envelope/buckets.js';
import { eachWindow } from '../envelope/compare.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { ROLLUP_MINUTE_ANSWERS } from '../../../projections/rollup-minute/answers.js';
import { newestNeed } from '../plan/newest-hit.js';
import { type Metric as PlannedMetric, type Source, sourceFor } from '../plan/planner.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { filterDimensions, HUMAN_DIMENSIONS } from '../envelope/filters.js';
import { sessionMatches } from '../envelope/filter-sql.js';
import { addTotals, type HumanTotals } from './totals.js';
import { OVERVIEW_METRICS, overviewFigures } from './overview.js';
import { rollupTotals } from './rollup-totals.js';
import { inWindows } from '../envelope/in-window.js';
import { PAIR_CODES } from '../../pairs/dimensions.js';
import { type PairPlan, pairRows, planPairRead } from './dimension-pairs.js';

export const TimeseriesParams = z.object({
  metric: z
    .enum(OVERVIEW_METRICS, { error: `metric must be one of ${OVERVIEW_METRICS.join(', ')}` })
    .default('visitors'),
});
export type TimeseriesParams = z.infer<typeof TimeseriesParams>;

/** One bucket: its start, and the value where it can be computed (rule 1: absent, never 0). */
export interface Point {
  t: string;
  value?: number;
}

export interface Timeseries {
  series: Point[];
  comparison?: Point[];
}

const iso = (d: Date) => d.toISOString();
type Metric = TimeseriesParams['metric'];
type BucketRow = { b: Date } & Partial<HumanTotals>;

/** What each metric asks of a source. */
const PAIR_METRICS: Record<Metric, PlannedMetric[]> = {
  visitors: ['visitors'],
  sessions: ['sessions'],
  pageviews: ['pageviews'],
  bounce_rate: ['sessions', 'bounces'],
  visit_duration: ['sessions', 'duration'],
  views_per_session: ['pageviews', 'sessions'],
};

/** What each metric is computed from, so a series reads only what it shows. */
const NEEDS: Record<Metric, { visitors?: true; pageviews?: true; sessions?: true }> = {
  visitors: { visitors: true },
  sessions: { sessions: true },
  pageviews: { pageviews: true },
  bounce_rate: { sessions: true },
  visit_duration: { sessions: true },
  views_per_session: { pageviews: true, sessions: true },
};

/**
 * The window's buckets from the minute rollups: each bucket clipped to the window, summed over its
 * minutes. Visitors are exact per bucket (rollup-totals.ts), never summed across buckets.
 */
async function fromRollups(db: Db, q: Query, starts: Date[], w: Window, metric: Metric) {
  const clipped = starts.map((b, i) => ({
    start: new Date(Math.max(b.getTime(), w.start.getTime())),
    end: new Date(Math.min(starts[i + 1]?.getTime() ?? Infinity, w.end.getTime())),
  }));
  const sums = await rollupTotals(db, q.site, clipped, { visitors: metric === 'visitors' });
  return new Map(starts.map((b, i) => [b.getTime(), { ...sums[i]!, visitors: sums[i]!.visitors ?? 0 }]));
}

/**
 * The window's buckets from the raw tables, with Postgres' `date_trunc(unit, ts, tz)`, which gives
 * the same bucket starts as bucketStarts (a +05:45 zone's days start at 18:15 UTC). Visitors per
 * bucket are distinct visitor ids with a hit in the bucket; sessions belong to their start's bucket.
 */
async function fromRaw(
  db: Db,
  q: Query,
  w: Window | readonly Window[],
  metric: Metric,
): Promise<Map<number, HumanTotals>> {
  const unit = q.granularity;
  const windows = 'start' in w ? [w] : w;
  const hit = compileFilters(q.filters, HUMAN_DIMENSIONS, 'e');
  const hits = sql`site_id = ${q.site} AND ${inWindows('ts', windows)} AND ${hit}`;
  const needs = NEEDS[metric];
  const none = Promise.resolve({ rows: [] as BucketRow[] });
  const [visitors, pageviews, sessions] = await Promise.all([
    needs.visitors
      ? db.query<BucketRow>(sql`
          SELECT date_trunc(${unit}, ts, ${q.tz}) AS b, count(DISTINCT visitor_id) AS visitors FROM events e
          WHERE ${hits} GROUP BY 1`)
      : none,
    needs.pageviews
      ? db.query<BucketRow>(sql`
          SELECT date_trunc(${unit}, ts, ${q.tz}) AS b, count(*) AS pageviews FROM events e
          WHERE kind = 'pageview' AND ${hits} GROUP BY 1`)
      : none,
    needs.sessions
      ? db.query<BucketRow>(sql`
          SELECT date_trunc(${unit}, started_at, ${q.tz}) AS b, count(*) AS sessions,
                 count(*) FILTER (WHERE pageviews = 1 AND interactive = 0) AS bounces,
                 sum(extract(epoch FROM last_seen_at - started_at) * 1000)::bigint AS duration_ms
          FROM sessions s
          WHERE site_id = ${q.site} AND ${inWindows('started_at', windows)}
            AND ${sessionMatches(q.filters, 's')}
          GROUP BY 1`)
      : none,
  ]);
  return byBucket([...visitors.rows, ...pageviews.rows, ...sessions.rows]);
}

/**
 * Buckets under one filter value: each counted UTC day that lies inside one bucket from the pair
 * rollups (its `all` row, in the bucket of its start), the rest of the window from the raw tables.
 */
async function fromPairs(db: Db, q: Query, plan: PairPlan, metric: Metric) {
  const [counted, rest] = await Promise.all([
    db.query<BucketRow>(sql`
      SELECT date_trunc(${q.granularity}, p.day::timestamp AT TIME ZONE 'UTC', ${q.tz}) AS b,
             sum(p.visitors) AS visitors, sum(p.pageviews) AS pageviews, sum(p.sessions) AS sessions,
             sum(p.bounces) AS bounces, sum(p.duration_ms) AS duration_ms
      FROM ${pairRows(q.site, plan, [PAIR_CODES.all])} GROUP BY 1`),
    plan.rest.length > 0 ? fromRaw(db, q, plan.rest, metric) : new Map<number, HumanTotals>(),
  ]);
  const out = byBucket(counted.rows);
  for (const [b, r] of rest) {
    const c = out.get(b);
    out.set(b, c ? addTotals(c, r) : r);
  }
  return out;
}

/** Rows of figures by bucket start, merged into one total a bucket (missing figures 0). */
function byBucket(rows: readonly BucketRow[]): Map<number, HumanTotals> {
  const out = new Map<number, HumanTotals>();
  for (const r of rows) {
    const { b, ...figures } = r;
    const row = out.get(b.getTime()) ?? {
      visitors: 0,
      sessions: 0,
      pageviews: 0,
      bounces: 0,
      duration_ms: 0,
    };
    out.set(b.getTime(), { ...row, ...figures });
  }
  return out;
}

async function series(db: Db, q: Query, w: Window, metric: Metric, forced?: Source) {
  const starts = bucketStarts(w, q.granularity, q.tz);
  const source =
    forced ??
    sourceFor(w, q.filters, starts, (await newestNeed(db, q.site, w, ROLLUP_MINUTE_ANSWERS.unitMs)).newest);
  if (source === 'rollup' && filterDimensions(q.filters).size > 0)
    throw new Error('the rollups cannot answer a filtered query');
  const pairs =
    source === 'raw' && forced === undefined
      ? await planPairRead(
          db,
          q.site,
          { window: w, filters: q.filters, metrics: PAIR_METRICS[metric] },
          starts,
        )
      : undefined;
  const totals =
    source === 'rollup'
      ? await fromRollups(db, q, starts, w, metric)
      : pairs
        ? await fromPairs(db, q, pairs, metric)
        : await fromRaw(db, q, w, metric);
  const empty: HumanTotals = { visitors: 0, sessions: 0, pageviews: 0, bounces: 0, duration_ms: 0 };
  return starts.map((b): Point => {
    const value = overviewFigures(totals.get(b.getTime()) ?? empty)[metric];
    return value === undefined ? { t: iso(b) } : { t: iso(b), value };
  });
}

/** One metric per bucket of the window and, with `compare`, of the comparison window. */
export async function timeseries(
  db: Db,
  q: Query,
  p: TimeseriesParams,
  source?: Source,
): Promise<Timeseries> {
  const { now, before } = await eachWindow(q, (w) => series(db, q, w, p.metric, source));
  return before ? { series: now, comparison: before } : { series: now };
}
