import { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { bucketStarts } from '../envelope/buckets.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { type Source, sourceFor } from '../envelope/source.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS } from '../envelope/filters.js';
import { type HumanTotals, sessionMatches } from './human-totals.js';
import { OVERVIEW_METRICS, overviewFigures } from './overview.js';

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
type BucketRow = { b: Date } & Partial<HumanTotals>;

/**
 * Sums per local bucket from the minute rollups (minute-aligned windows) or the raw tables; both
 * bucket with Postgres' `date_trunc(unit, ts, tz)`, so a +05:45 zone's days start at 18:15 UTC
 * either way. Visitors per bucket are distinct visitor ids with a hit in the bucket, counted from
 * the raw hits on both paths: exact, never summed across buckets.
 */
async function bucketTotals(db: Db, q: Query, w: Window, source: Source): Promise<Map<number, HumanTotals>> {
  const unit = q.granularity;
  const hit = compileFilters(q.filters, HUMAN_DIMENSIONS, 'e');
  const sums =
    source === 'rollup'
      ? sql`
        SELECT date_trunc(${unit}, minute, ${q.tz}) AS b, sum(pageviews) AS pageviews, sum(sessions) AS sessions,
               sum(bounces) AS bounces, sum(duration_ms) AS duration_ms
        FROM rollup_minute
        WHERE site_id = ${q.site} AND audience = 'human' AND minute >= ${iso(w.start)} AND minute < ${iso(w.end)}
        GROUP BY 1`
      : sql`
        SELECT coalesce(p.b, s.b) AS b, coalesce(p.pageviews, 0) AS pageviews, coalesce(s.sessions, 0) AS sessions,
               coalesce(s.bounces, 0) AS bounces, coalesce(s.duration_ms, 0) AS duration_ms
        FROM (SELECT date_trunc(${unit}, ts, ${q.tz}) AS b, count(*) AS pageviews FROM events e
              WHERE site_id = ${q.site} AND kind = 'pageview' AND ts >= ${iso(w.start)} AND ts < ${iso(w.end)}
                AND ${hit}
              GROUP BY 1) p
        FULL JOIN (SELECT date_trunc(${unit}, started_at, ${q.tz}) AS b, count(*) AS sessions,
                     count(*) FILTER (WHERE pageviews = 1 AND interactive = 0) AS bounces,
                     sum(extract(epoch FROM last_seen_at - started_at) * 1000)::bigint AS duration_ms
                   FROM sessions s
                   WHERE site_id = ${q.site} AND started_at >= ${iso(w.start)} AND started_at < ${iso(w.end)}
                     AND ${sessionMatches(q.filters, sql`s.id`)}
                   GROUP BY 1) s ON s.b = p.b`;
  const visitors = sql`
    SELECT date_trunc(${unit}, ts, ${q.tz}) AS b, count(DISTINCT visitor_id) AS visitors FROM events e
    WHERE site_id = ${q.site} AND ts >= ${iso(w.start)} AND ts < ${iso(w.end)} AND ${hit} GROUP BY 1`;
  const [s, v] = await Promise.all([db.query<BucketRow>(sums), db.query<BucketRow>(visitors)]);
  const out = new Map<number, HumanTotals>();
  const at = (b: Date) => {
    let row = out.get(b.getTime());
    if (!row) {
      row = { visitors: 0, sessions: 0, pageviews: 0, bounces: 0, duration_ms: 0 };
      out.set(b.getTime(), row);
    }
    return row;
  };
  for (const r of s.rows) {
    const row = at(r.b);
    row.pageviews = r.pageviews ?? 0;
    row.sessions = r.sessions ?? 0;
    row.bounces = r.bounces ?? 0;
    row.duration_ms = r.duration_ms ?? 0;
  }
  for (const r of v.rows) at(r.b).visitors = r.visitors ?? 0;
  return out;
}

async function series(db: Db, q: Query, w: Window, metric: TimeseriesParams['metric'], source?: Source) {
  const totals = await bucketTotals(db, q, w, source ?? sourceFor(w, q.filters));
  const empty: HumanTotals = { visitors: 0, sessions: 0, pageviews: 0, bounces: 0, duration_ms: 0 };
  return bucketStarts(w, q.granularity, q.tz).map((b): Point => {
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
  const [now, before] = await Promise.all([
    series(db, q, q, p.metric, source),
    q.comparison ? series(db, q, q.comparison, p.metric, source) : undefined,
  ]);
  return before ? { series: now, comparison: before } : { series: now };
}
