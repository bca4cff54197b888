/**
 * The grains the agent_rollup_minute projection keeps its counters at, coarsest first: every row
 * of a coarser grain is the sum of its minute rows (same key, the time truncated), so a long
 * window sums whole UTC days, whole hours at either end and minutes only at the ragged edges. A
 * day grain (where people's rollups stop at hours) because an hour holds hundreds of agent rows.
 */
export const AGENT_GRAINS = [
  { table: 'agent_rollup_day', column: 'day', ms: 86_400_000 },
  { table: 'agent_rollup_hour', column: 'hour', ms: 3_600_000 },
  { table: 'agent_rollup_minute', column: 'minute', ms: 60_000 },
] as const;

export type AgentGrain = (typeof AGENT_GRAINS)[number];
