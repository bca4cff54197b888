import { z } from 'zod';
import { type Db, type Sql, sql } from '../../db/sql.js';
import { bucketStarts } from '../envelope/buckets.js';
import { eachWindow } from '../envelope/compare.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import type { Source } from '../plan/planner.js';
import type { Point, Timeseries } from '../stats/timeseries.js';
import { rankFetches } from './breakdown.js';
import { AGENT_OVERVIEW_METRICS, agentFigures } from './overview.js';
import { type AgentTotals, agentTotalsBy, EMPTY_AGENT_TOTALS } from './totals.js';

export const AgentTimeseriesParams = z.object({
  metric: z
    .enum(AGENT_OVERVIEW_METRICS, { error: `metric must be one of ${AGENT_OVERVIEW_METRICS.join(', ')}` })
    .default('fetches'),
});
export type AgentTimeseriesParams = z.infer<typeof AgentTimeseriesParams>;

/** Agents with a series of their own in `/api/agents/timeseries`; the rest are `other`. */
export const TOP_AGENTS = 5;
export const OTHER = 'other';

export interface CrawlTimeseries extends Timeseries {
  /** The window's top agents by fetches, each with its own series, then `other` if any. */
  agents: { agent_id: string; series: Point[] }[];
}

const iso = (d: Date) => d.toISOString();

/** Series per group (one group, `null`, without `group`), each point the metric of its bucket. */
async function seriesBy(
  db: Db,
  q: Query,
  w: Window,
  metric: AgentTimeseriesParams['metric'],
  source?: Source,
  group?: (agentId: Sql) => Sql,
): Promise<Map<string | null, Point[]>> {
  const rows = await agentTotalsBy(
    db,
    q.site,
    w,
    q.filters,
    { bucket: (time) => sql`date_trunc(${q.granularity}, ${time}, ${q.tz})`, ...(group ? { group } : {}) },
    source,
  );
  const totals = new Map<string | null, Map<number, AgentTotals>>();
  for (const { b, g, ...t } of rows) {
    if (!totals.has(g)) totals.set(g, new Map());
    totals.get(g)!.set(b!.getTime(), t);
  }
  if (!group) totals.set(null, totals.get(null) ?? new Map());
  const starts = bucketStarts(w, q.granularity, q.tz);
  return new Map(
    [...totals].map(([g, byBucket]) => [
      g,
      starts.map((b): Point => {
        const value = agentFigures(byBucket.get(b.getTime()) ?? EMPTY_AGENT_TOTALS)[metric];
        return value === undefined ? { t: iso(b) } : { t: iso(b), value };
      }),
    ]),
  );
}

const series = async (
  db: Db,
  q: Query,
  w: Window,
  metric: AgentTimeseriesParams['metric'],
  source?: Source,
) => (await seriesBy(db, q, w, metric, source)).get(null)!;

/** One agent metric per bucket (distinct agents exact per bucket) and the comparison series. */
export async function agentTimeseries(
  db: Db,
  q: Query,
  p: AgentTimeseriesParams,
  source?: Source,
): Promise<Timeseries> {
  const { now, before } = await eachWindow(q, (w) => series(db, q, w, p.metric, source));
  return before ? { series: now, comparison: before } : { series: now };
}

/**
 * Crawl volume over time: the metric per bucket for all agents (and the comparison window), and
 * per agent for the window's top agents by fetches, the rest together as `other`.
 */
export async function crawlTimeseries(
  db: Db,
  q: Query,
  p: AgentTimeseriesParams,
  source?: Source,
): Promise<CrawlTimeseries> {
  const top = (await rankFetches(db, q, { dimension: 'agent_id', limit: TOP_AGENTS, page: 1 })).map((r) =>
    String(r.value),
  );
  const [total, perAgent] = await Promise.all([
    agentTimeseries(db, q, p, source),
    seriesBy(
      db,
      q,
      q,
      p.metric,
      source,
      (agentId) => sql`CASE WHEN ${agentId} = ANY(${top}::text[]) THEN ${agentId} ELSE ${OTHER}::text END`,
    ),
  ]);
  const order = [...top, OTHER];
  const agents = [...perAgent]
    .map(([g, s]) => ({ agent_id: g!, series: s }))
    .sort((a, b) => order.indexOf(a.agent_id) - order.indexOf(b.agent_id));
  return { ...total, agents };
}
