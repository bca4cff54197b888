import type { z } from 'zod';
import { loadConfig } from '../../src/config.js';
import { mcpTools } from '../../src/mcp/tools.js';
import { AGENT_REPORTS } from '../../src/read/agents/reports.js';
import { citationReports } from '../../src/read/citation-gap/reports.js';
import { contentReports } from '../../src/read/content/reports.js';
import type { Report } from '../../src/read/envelope/report.js';
import { exportFamilies } from '../../src/read/export/families.js';
import { exportables } from '../../src/read/export/request.js';
import { GOAL_REPORTS } from '../../src/read/goals/reports.js';
import { QUALITY_REPORTS } from '../../src/read/performance/reports.js';
import { POLICY_REPORTS } from '../../src/read/policy/reports.js';
import { STATS_REPORTS } from '../../src/read/stats/reports.js';
import { VISIT_REPORTS } from '../../src/read/visits/reports.js';
import type { World } from './world.js';

const config = loadConfig({});

/** Every read route, as app.ts registers the report families (so a new read is fuzzed unasked). */
const READ_FAMILIES: readonly (readonly [string, readonly Report[]])[] = [
  ['/api/stats', STATS_REPORTS],
  ['/api/stats', QUALITY_REPORTS],
  ['/api/stats', GOAL_REPORTS],
  ['/api/stats', VISIT_REPORTS],
  ['/api/agents', AGENT_REPORTS],
  ['/api', citationReports(config)],
  ['/api', contentReports(config)],
  ['/api', POLICY_REPORTS],
];
const ENVELOPE_KEYS = [
  'site',
  'range',
  'start',
  'end',
  'tz',
  'compare',
  'granularity',
  'filters',
  'segment',
  'audience',
];
const shapeKeys = (s: z.ZodType | undefined) =>
  Object.keys((s as { shape?: object } | undefined)?.shape ?? {});

export const READS = READ_FAMILIES.flatMap(([prefix, reports]) =>
  reports.map((r) => ({
    path: `${prefix}${r.path ?? `/${r.name}`}`,
    keys: [
      ...new Set([
        ...ENVELOPE_KEYS,
        ...shapeKeys(r.ownKeys),
        ...Object.values(r.variants).flatMap((v) => shapeKeys(v.params)),
      ]),
    ],
  })),
);
export const EXPORT_REPORTS = [...exportables(exportFamilies(config)).keys()];
export const MCP_TOOLS = mcpTools(config).map((t) => t.definition.name);

/** A read's path with its `:id` filled: account a's funnel, or a session id no session has. */
export const withId = (path: string, w: World) =>
  path.replace(
    ':id',
    path.includes('funnel') ? String(w.a.funnelId) : '00000000-0000-4000-8000-000000000000',
  );
/** A read's valid query on `site`: the window, and the parameters a read requires. */
export const readQuery = (path: string, site: number): Record<string, string> => ({
  site: String(site),
  range: '7d',
  ...(path.endsWith('breakdown') ? { dimension: 'pathname' } : {}),
});
