import { z } from 'zod';
import type { Db } from '../../db/sql.js';
import { siteFunnel } from '../../funnels/store.js';
import { AppError } from '../../errors/app-error.js';
import { eachWindow, withChange } from '../envelope/compare.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { type FunnelSource, type StepCount, stepCounts } from './step-counts.js';

/** `/funnel/:id`: the route's `id` (exports pass it as `id=`). */
export const FunnelParams = z.object({
  id: z.coerce
    .number({ error: 'id must be a funnel id' })
    .int('id must be a funnel id')
    .positive('id must be a funnel id')
    .max(Number.MAX_SAFE_INTEGER, 'id must be a funnel id'),
});
export type FunnelParams = z.infer<typeof FunnelParams>;

const FIGURES = ['visitors', 'sessions', 'dropoff', 'conversion_rate'] as const;
export type StepFigures = Partial<Record<(typeof FIGURES)[number], number>> & {
  visitors: number;
  sessions: number;
  dropoff: number;
};

export interface StepRow extends StepFigures {
  step: number;
  path: string | null;
  event: string | null;
  comparison?: StepFigures;
  change?: Partial<Record<(typeof FIGURES)[number], number>>;
}

export interface FunnelReport {
  id: number;
  name: string;
  window_minutes: number | null;
  steps: StepRow[];
}

/**
 * Each step's sessions and visitors, the sessions lost since the previous step (`dropoff`) and
 * the step's sessions as a percent of step 1's (one decimal; absent when step 1 has none).
 */
function stepFigures(counts: readonly StepCount[]): StepFigures[] {
  const first = counts[0]!.sessions;
  return counts.map((c, i) => ({
    visitors: c.visitors,
    sessions: c.sessions,
    dropoff: i === 0 ? 0 : counts[i - 1]!.sessions - c.sessions,
    ...(first > 0 ? { conversion_rate: Math.round((c.sessions / first) * 1000) / 10 } : {}),
  }));
}

/**
 * Funnel `id` of the site, evaluated per session over the window (docs/api.md#get-apistatsfunnelid; the plan
 * is in step-counts.ts). With `compare`, each step also holds the other window's figures and the percent
 * change of each. A funnel of another site is `404 not_found`, like a missing one. `source` forces where step
 * 1 is counted (tests, benchmarks); by default the projections when they can answer.
 */
export async function funnel(
  db: Db,
  q: Query,
  p: FunnelParams,
  source?: FunnelSource,
): Promise<FunnelReport> {
  const f = await siteFunnel(db, q.site, p.id);
  if (f === null) throw new AppError('not_found', 'no such funnel for this site', { field: 'id' });
  const figures = async (w: Window) =>
    stepFigures(await stepCounts(db, q.site, w, q.filters, f.steps, f.window_minutes, source));
  const { now, before } = await eachWindow(q, figures);
  const steps = f.steps.map((s, i): StepRow =>
    withChange(
      { step: i + 1, path: s.path ?? null, event: s.event ?? null, ...now[i]! },
      before?.[i],
      FIGURES,
    ),
  );
  return { id: f.id, name: f.name, window_minutes: f.window_minutes, steps };
}
