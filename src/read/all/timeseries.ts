import { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { bucketStarts } from '../envelope/buckets.js';
import { eachWindow } from '../envelope/compare.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import type { Source } from '../plan/planner.js';
import type { Point, Timeseries } from '../stats/timeseries.js';
import { ALL_OVERVIEW_METRICS } from './overview.js';
import { pageReadsBy } from './page-reads.js';

export const AllTimeseriesParams = z.object({
  metric: z
    .enum(ALL_OVERVIEW_METRICS, {
      error: `metric must be one of ${ALL_OVERVIEW_METRICS.join(', ')} with audience=all`,
    })
    .default('pageviews'),
});

const iso = (d: Date) => d.toISOString();

async function series(db: Db, q: Query, w: Window, source?: Source): Promise<Point[]> {
  const rows = await pageReadsBy(
    db,
    q.site,
    w,
    q.filters,
    (time) => sql`date_trunc(${q.granularity}, ${time}, ${q.tz})`,
    source,
  );
  const byBucket = new Map(rows.map((r) => [r.b!.getTime(), r.pageviews]));
  return bucketStarts(w, q.granularity, q.tz).map((b) => ({
    t: iso(b),
    value: byBucket.get(b.getTime()) ?? 0,
  }));
}

/** Page reads of both readerships per bucket, and the comparison series. */
export async function allTimeseries(db: Db, q: Query, _p?: unknown, source?: Source): Promise<Timeseries> {
  const { now, before } = await eachWindow(q, (w) => series(db, q, w, source));
  return before ? { series: now, comparison: before } : { series: now };
}
