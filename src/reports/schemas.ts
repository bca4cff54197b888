import { z } from 'zod';
import { SUBSCRIPTION_KINDS } from './kinds.js';

/** The largest count an hour a spike or flood threshold may name. */
export const MAX_COUNT_THRESHOLD = 1_000_000_000;

/** `:id` of a route; anything else names no row (404, as an unknown id). */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * A subscription: `threshold` is visitors in an hour (spike), unverified fetches of one agent in
 * an hour (agent_flood), both whole numbers from 1; for drop the share the hour's visitors fell
 * by against the same hour a week earlier, above 0 and at most 1 (0.5 = by half). Weekly and
 * monthly take none.
 */
export const SubscriptionBody = z
  .strictObject({
    kind: z.enum(SUBSCRIPTION_KINDS, { error: `kind must be one of ${SUBSCRIPTION_KINDS.join(', ')}` }),
    threshold: z.number({ error: 'threshold must be a number' }).finite().optional(),
  })
  .check((ctx) => {
    const { kind, threshold } = ctx.value;
    const issue = (message: string) =>
      ctx.issues.push({ code: 'custom', path: ['threshold'], message, input: ctx.value });
    if (kind === 'weekly' || kind === 'monthly') {
      if (threshold !== undefined) issue(`${kind} takes no threshold`);
    } else if (threshold === undefined) issue(`${kind} needs a threshold`);
    else if (kind === 'drop') {
      if (!(threshold > 0 && threshold <= 1))
        issue('the threshold of drop is a share above 0 and at most 1 (0.5 = by half)');
    } else if (!Number.isInteger(threshold) || threshold < 1 || threshold > MAX_COUNT_THRESHOLD)
      issue(`the threshold of ${kind} is a whole number from 1 to ${MAX_COUNT_THRESHOLD}`);
  });
export type SubscriptionBody = z.infer<typeof SubscriptionBody>;
