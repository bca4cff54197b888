import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import type { AgentRankRow } from '../read/agents/breakdown.js';
import { AGENT_OVERVIEW_METRICS } from '../read/agents/overview.js';
import type { AllRankRow } from '../read/all/breakdown.js';
import { ALL_OVERVIEW_METRICS } from '../read/all/overview.js';
import type { Audience } from '../read/envelope/query.js';
import type { Report } from '../read/envelope/report.js';
import type { BreakdownRow } from '../read/stats/breakdown.js';
import { OVERVIEW_METRICS } from '../read/stats/overview.js';
import { type ReadToolSpec, readTool } from './read-tool.js';
import { DIMENSION_NOTE } from './schema.js';
import { listSummary, rowPhrase, totalsSummary } from './summaries.js';

/** The figures run_query may pick: the overview's without a dimension, the breakdown rows' with one. */
export const QUERY_METRICS = {
  totals: { human: OVERVIEW_METRICS, agent: AGENT_OVERVIEW_METRICS, all: ALL_OVERVIEW_METRICS },
  rows: {
    human: ['visitors', 'pageviews', 'share'] as const satisfies readonly (keyof BreakdownRow)[],
    agent: ['fetches', 'bytes', 'share'] as const satisfies readonly (keyof AgentRankRow)[],
    all: ['pageviews', 'share'] as const satisfies readonly (keyof AllRankRow)[],
  },
} as const satisfies Record<'totals' | 'rows', Record<Audience, readonly string[]>>;

export const RunQueryArgs = z.object({
  dimension: z.string({ error: 'dimension must be a string' }).min(1).optional(),
  metrics: z
    .array(z.string({ error: 'metrics must be an array of metric names' }), {
      error: 'metrics must be an array of metric names',
    })
    .min(1, 'name at least one metric, or leave metrics out for all of them')
    .optional(),
});
type RunQueryArgs = z.infer<typeof RunQueryArgs>;

const list = (names: readonly string[]) => names.join(', ');

/** The metrics asked for, each one the audience's read has; all of them when none are named. */
function chosenMetrics(args: RunQueryArgs, audience: Audience): readonly string[] {
  const allowed: readonly string[] =
    QUERY_METRICS[args.dimension === undefined ? 'totals' : 'rows'][audience];
  const unknown = args.metrics?.find((m) => !allowed.includes(m));
  if (unknown !== undefined)
    throw new AppError(
      'validation_error',
      `unknown metric ${JSON.stringify(unknown)} for audience=${audience} ${args.dimension === undefined ? 'totals' : 'rows'}; one of ${list(allowed)}`,
      { field: 'metrics' },
    );
  return args.metrics ?? allowed;
}

const pick = (o: object, keys: readonly string[]) =>
  Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));

/** The overview's figures (and their comparison and change) or each row's value and figures, restricted. */
function restrict(data: unknown, keys: readonly string[], dimension: string | undefined): unknown {
  if (dimension !== undefined) return (data as object[]).map((row) => pick(row, ['value', ...keys]));
  const { comparison, change, ...now } = data as { comparison?: object; change?: object };
  return {
    ...pick(now, keys),
    ...(comparison ? { comparison: pick(comparison, keys) } : {}),
    ...(change ? { change: pick(change, keys) } : {}),
  };
}

const DESCRIPTION = `Any figure by any dimension, for questions the other tools do not answer directly. With \`dimension\`: ranked rows of that dimension's values, each with the chosen \`metrics\` (people: ${list(QUERY_METRICS.rows.human)}; agents: ${list(QUERY_METRICS.rows.agent)}; all: ${list(QUERY_METRICS.rows.all)}; share is percent of the window's total). Without a dimension: the window's totals (people: ${list(QUERY_METRICS.totals.human)}; agents: ${list(QUERY_METRICS.totals.agent)}; all: ${list(QUERY_METRICS.totals.all)}), with comparison and change when \`compare\` is set. bounce_rate, verified_share and share are percents, visit_duration seconds, bytes bytes. Combine with \`filters\` to ask e.g. "visitors from channel answer_engine by pathname".`;

export function runQueryTool(reports: { breakdown: Report; overview: Report }) {
  const spec: ReadToolSpec<typeof RunQueryArgs> = {
    name: 'run_query',
    description: DESCRIPTION,
    reports: [reports.breakdown, reports.overview],
    args: RunQueryArgs,
    notes: {
      dimension: `The dimension to rank by; leave it out for the totals. ${DIMENSION_NOTE}`,
      metrics:
        "The figures to return (all of the read's by default); see the tool description for each audience's.",
    },
    choose: (args) => (args.dimension === undefined ? reports.overview : reports.breakdown),
    check: (r, args) => void chosenMetrics(args, r.q.audience),
    reshape: (data, r, args) => restrict(data, chosenMetrics(args, r.q.audience), args.dimension),
    summary: (data, r) => {
      const keys = Object.keys((Array.isArray(data) ? data[0] : data) ?? {}).filter((k) => k !== 'value');
      return Array.isArray(data)
        ? listSummary(
            data as object[],
            r.q,
            `${(r.params as { dimension: string }).dimension} values`,
            (row) => rowPhrase((row as { value: unknown }).value, row, keys),
          )
        : totalsSummary(data as object, r.q, keys);
    },
  };
  return readTool(spec);
}
