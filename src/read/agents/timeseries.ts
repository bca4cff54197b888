import { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { bucketStarts } from '../envelope/buckets.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import type { Source } from '../envelope/source.js';
import type { Point, Timeseries } from '../stats/timeseries.js';
import { AGENT_OVERVIEW_METRICS, agentFigures } from './overview.js';
import { type AgentTotals, agentTotalsBy, EMPTY_AGENT_TOTALS } from './totals.js';

export const AgentTimeseriesParams = z.object({
  metric: z
    .enum(AGENT_OVERVIEW_METRICS, { error: `metric must be one of ${AGENT_OVERVIEW_METRICS.join(', ')}` })
    .default('fetches'),
});
export type AgentTimeseriesParams = z.infer<typeof AgentTimeseriesParams>;

const iso = (d: Date) => d.toISOString();

async function series(db: Db, q: Query, w: Window, metric: AgentTimeseriesParams['metric'], source?: Source) {
  const rows = await agentTotalsBy(
    db,
    q.site,
    w,
    q.filters,
    (time) => sql`date_trunc(${q.granularity}, ${time}, ${q.tz})`,
    source,
  );
  const totals = new Map<number, AgentTotals>(rows.map(({ b, ...t }) => [b!.getTime(), t]));
  return bucketStarts(w, q.granularity, q.tz).map((b): Point => {
    const value = agentFigures(totals.get(b.getTime()) ?? EMPTY_AGENT_TOTALS)[metric];
    return value === undefined ? { t: iso(b) } : { t: iso(b), value };
  });
}

/** One agent metric per bucket (distinct agents exact per bucket) and the comparison series. */
export async function agentTimeseries(
  db: Db,
  q: Query,
  p: AgentTimeseriesParams,
  source?: Source,
): Promise<Timeseries> {
  const [now, before] = await Promise.all([
    series(db, q, q, p.metric, source),
    q.comparison ? series(db, q, q.comparison, p.metric, source) : undefined,
  ]);
  return before ? { series: now, comparison: before } : { series: now };
}
