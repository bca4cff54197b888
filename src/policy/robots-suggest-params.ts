import { z } from 'zod';
import { ROBOTS_VERDICTS, type RobotsVerdict } from './robots-builder.js';

/** Agents a request may name in `agents` (by robots token or catalog id). */
export const AGENT_OVERRIDES_MAX = 200;
const AGENT_ID_MAX = 64;

const Verdict = z.enum(ROBOTS_VERDICTS).default('allow');

const AgentOverride = z
  .string()
  .max(AGENT_ID_MAX + ':disallow'.length)
  .regex(
    /^[A-Za-z0-9._-]+:(?:allow|disallow)$/,
    'a robots token or an agent id and a verdict, like GPTBot:disallow',
  )
  .transform((pair) => {
    const colon = pair.lastIndexOf(':');
    return { agent: pair.slice(0, colon), verdict: pair.slice(colon + 1) as RobotsVerdict };
  });

const AgentOverrides = z
  .string()
  .max(AGENT_OVERRIDES_MAX * (AGENT_ID_MAX + ':disallow,'.length))
  .transform((list) => (list === '' ? [] : list.split(',')))
  .pipe(
    z
      .array(AgentOverride)
      .max(AGENT_OVERRIDES_MAX, `at most ${AGENT_OVERRIDES_MAX} agents`)
      .superRefine((pairs, ctx) => {
        const seen = new Set<string>();
        for (const [i, pair] of pairs.entries()) {
          // zod still runs this after an element failed its own check: such an element is no pair.
          const agent: unknown = (pair as { agent?: unknown }).agent;
          if (typeof agent !== 'string') continue;
          const key = agent.toLowerCase();
          if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `${agent} is named twice`, path: [i] });
          seen.add(key);
        }
      }),
  );

/** `GET /api/sites/:id/robots/suggest`: a verdict per purpose, and per agent over its purpose's. */
export const RobotsSuggestQuery = z.object({
  training: Verdict,
  search: Verdict,
  user_action: Verdict,
  other: Verdict,
  agents: AgentOverrides.default([]),
});
export type RobotsSuggestQuery = z.infer<typeof RobotsSuggestQuery>;
