import { errorGroups } from '../errors/errors.js';
import type { Report } from '../envelope/report.js';
import { variant } from '../envelope/report.js';
import { Paging } from '../envelope/paging.js';
import { performanceRows, performanceStats } from './performance.js';

/**
 * `/api/stats/performance` and `/api/stats/errors`, the `performance` and `errors` reports of
 * exports: what people's browsers measured and ran into. Web Vitals and script errors come from
 * people's page loads only, so both have a `human` variant alone (agent or all → `400` on
 * `audience`, docs/api.md#get-apistatsperformance).
 */
export const QUALITY_REPORTS: readonly Report[] = [
  { name: 'performance', variants: { human: variant(Paging, performanceStats, performanceRows) } },
  { name: 'errors', variants: { human: variant(Paging, errorGroups) } },
];
