import type { Db } from '../db/sql.js';
import { rankFetches } from '../read/agents/breakdown.js';
import { overview } from '../read/stats/overview.js';
import { queryOf } from './digest.js';
import type { AlertKind } from './kinds.js';
import type { Periods } from './periods.js';

/** An alert's hour judged: whether its condition held, and the figures that say why. */
export interface AlertVerdict {
  held: boolean;
  /** Visitors in the hour (spike, drop), or the top unverified agent's fetches (agent_flood). */
  value: number;
  /** drop: visitors in the same hour a week earlier. */
  baseline?: number;
  /** agent_flood: the agent with the most unverified fetches in the hour. */
  agent?: string;
}

/**
 * spike: visitors in the hour > threshold. drop: visitors in the hour ≤ (1 − threshold) × those of
 * the same local hour a week earlier, i.e. fell by at least the share (never from no visitors). agent_flood: one agent's
 * unverified fetches in the hour > threshold. Figures from the reads `/api/stats/overview` and
 * `/api/agents/breakdown?dimension=agent_id` run.
 */
export async function judgeAlert(
  db: Db,
  site: { id: number; timezone: string },
  kind: AlertKind,
  threshold: number,
  { period, before }: Periods,
): Promise<AlertVerdict> {
  if (kind === 'agent_flood') {
    const q = {
      ...queryOf(site.id, site.timezone, 'agent', period, null),
      filters: { dimension: 'verified', op: 'is' as const, value: false },
    };
    const [top] = await rankFetches(db, q, { dimension: 'agent_id', limit: 1, page: 1 });
    const value = top?.fetches ?? 0;
    return { held: value > threshold, value, ...(top ? { agent: String(top.value) } : {}) };
  }
  const visitors = async (w: typeof period) =>
    (await overview(db, queryOf(site.id, site.timezone, 'human', w, null))).visitors ?? 0;
  if (kind === 'spike') {
    const value = await visitors(period);
    return { held: value > threshold, value };
  }
  const [value, baseline] = await Promise.all([visitors(period), visitors(before)]);
  // The tolerance keeps a fall of exactly the share (10 → 5 at 0.5) from missing by a rounding.
  return { held: baseline > 0 && value <= (1 - threshold) * baseline + 1e-9, value, baseline };
}
