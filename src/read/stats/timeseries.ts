import { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { bucketStarts } from '../envelope/buckets.js';
import { eachWindow } from '../envelope/compare.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { ROLLUP_MINUTE_ANSWERS } from '../../../projections/rollup-minute/answers.js';
import { newestNeed } from '../plan/newest-hit.js';
import { type Source, sourceFor } from '../plan/planner.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { filterDimensions, HUMAN_DIMENSIONS } from '../envelope/filters.js';
import { sessionMatches } from '../envelope/filter-sql.js';
import type { HumanTotals } from './totals.js';
import { OVERVIEW_METRICS, overviewFigures } from './overview.js';
import { rollupTotals } from './rollup-totals.js';
import { inWindow } from '../envelope/in-window.js';

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
async function fromRaw(db: Db, q: Query, w: Window, metric: Metric): Promise<Map<number, HumanTotals>> {
  const unit = q.granularity;
  const hit = compileFilters(q.filters, HUMAN_DIMENSIONS, 'e');
  const hits = sql`site_id = ${q.site} AND ${inWindow('ts', w)} AND ${hit}`;
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
          WHERE site_id = ${q.site} AND ${inWindow('started_at', w)}
            AND ${sessionMatches(q.filters, sql`s.id`)}
          GROUP BY 1`)
      : none,
  ]);
  const out = new Map<number, HumanTotals>();
  for (const r of [...visitors.rows, ...pageviews.rows, ...sessions.rows]) {
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
  const totals =
    source === 'rollup' ? await fromRollups(db, q, starts, w, metric) : await fromRaw(db, q, w, metric);
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
