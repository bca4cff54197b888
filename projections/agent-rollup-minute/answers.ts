import type { Answers } from '../answers.js';

/** The agent dimensions every agent rollup grain keys by. */
export const AGENT_ROLLUP_KEYS = ['agent_id', 'operator', 'purpose', 'verified', 'verified_by'] as const;

/**
 * Agents' fetches per minute (and hour and day) for windows of whole minutes, filtered or broken
 * down by the dimensions the rows key by.
 */
export const AGENT_ROLLUP_ANSWERS: Answers = {
  name: 'agent_rollup_minute',
  unitMs: 60_000,
  breakdowns: new Set(AGENT_ROLLUP_KEYS),
  filters: new Set(AGENT_ROLLUP_KEYS),
  metrics: new Set(['fetches']),
  visitorsFromMidnight: false,
};
