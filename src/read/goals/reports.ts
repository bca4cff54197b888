import type { Report } from '../envelope/report.js';
import { variant } from '../envelope/report.js';
import { FunnelParams, funnel } from '../funnels/funnel.js';
import { NoParams } from '../stats/reports.js';
import { goals } from './goals.js';

/**
 * Goals and funnels under `/api/stats/`, each the `report` of the same name in exports
 * (`report=funnel&id=N`). Both describe people's visits only: `agent` and `all` have no variant,
 * so they are a `400` on `audience`.
 */
export const GOAL_REPORTS: readonly Report[] = [
  { name: 'goals', variants: { human: variant(NoParams, goals) } },
  {
    name: 'funnel',
    path: '/funnel/:id',
    variants: { human: variant(FunnelParams, funnel, (d) => d.steps.length) },
  },
];
