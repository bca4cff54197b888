import type { Db } from '../../db/sql.js';
import { eachWindow, withChange } from '../envelope/compare.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { ROLLUP_MINUTE_ANSWERS } from '../../../projections/rollup-minute/answers.js';
import { newestNeed } from '../plan/newest-hit.js';
import { type Source, sourceFor } from '../plan/planner.js';
import { humanTotals } from './human-totals.js';
import type { HumanTotals } from './totals.js';

export const OVERVIEW_METRICS = [
  'visitors',
  'sessions',
  'pageviews',
  'bounce_rate',
  'visit_duration',
  'views_per_session',
] as const;
export type OverviewMetric = (typeof OVERVIEW_METRICS)[number];
/** A metric that cannot be computed (e.g. bounce rate without sessions) is absent, never 0. */
export type OverviewFigures = Partial<Record<OverviewMetric, number>>;

export interface Overview extends OverviewFigures {
  comparison?: OverviewFigures;
  change?: OverviewFigures;
}

const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

/** The overview fields (docs/api.md#get-apistatsoverview) from a window's totals. */
export function overviewFigures(t: HumanTotals): OverviewFigures {
  const figures: OverviewFigures = { visitors: t.visitors, sessions: t.sessions, pageviews: t.pageviews };
  if (t.sessions > 0) {
    figures.bounce_rate = round((t.bounces / t.sessions) * 100, 1);
    figures.visit_duration = round(t.duration_ms / t.sessions / 1000, 1);
    figures.views_per_session = round(t.pageviews / t.sessions, 2);
  }
  return figures;
}

async function figuresOf(db: Db, q: Query, w: Window, source?: Source): Promise<OverviewFigures> {
  const planned =
    source ??
    sourceFor(w, q.filters, [], (await newestNeed(db, q.site, w, ROLLUP_MINUTE_ANSWERS.unitMs)).newest);
  return overviewFigures(await humanTotals(db, q.site, w, q.filters, planned, source === undefined));
}

/**
 * Visitors, sessions, pageviews, bounce rate (percent), visit duration (mean seconds) and views per
 * session; with `compare`, the other window's figures and the percent change of each, from the
 * same query run on that window. `source` forces the rollup or the raw path (tests, benchmarks);
 * unset, the planner picks per window.
 */
export async function overview(db: Db, q: Query, _p?: unknown, source?: Source): Promise<Overview> {
  const { now, before } = await eachWindow(q, (w) => figuresOf(db, q, w, source));
  return withChange(now, before, OVERVIEW_METRICS);
}
