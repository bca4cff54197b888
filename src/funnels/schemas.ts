import { z } from 'zod';
import { EventName, Name, PathPattern, SiteId } from '../goals/schemas.js';
import type { Target } from '../goals/target.js';

export const MIN_STEPS = 2;
export const MAX_STEPS = 8;
/** A funnel is evaluated per session, and a session hardly outlasts a day. */
export const MAX_WINDOW_MINUTES = 1440;

/** One step: `{"path": pattern}` or `{"event": name}`, as a goal's target. */
export const FunnelStep = z
  .object({ path: PathPattern.optional(), event: EventName.optional() }, { error: 'expected a step object' })
  .check((ctx) => {
    const s = ctx.value;
    if ((s.path === undefined) === (s.event === undefined))
      ctx.issues.push({ code: 'custom', message: 'a step has exactly one of path and event', input: s });
  })
  .transform((s): Target => (s.event !== undefined ? { event: s.event } : { path: s.path! }));

export const CreateFunnelBody = z.object({
  site: SiteId,
  name: Name,
  steps: z
    .array(FunnelStep, { error: 'expected an array of steps' })
    .min(MIN_STEPS, `a funnel has ${MIN_STEPS} to ${MAX_STEPS} steps`)
    .max(MAX_STEPS, `a funnel has ${MIN_STEPS} to ${MAX_STEPS} steps`),
  window_minutes: z
    .number({ error: 'window_minutes must be a whole number of minutes' })
    .int('window_minutes must be a whole number of minutes')
    .min(1, `window_minutes must be from 1 to ${MAX_WINDOW_MINUTES}`)
    .max(MAX_WINDOW_MINUTES, `window_minutes must be from 1 to ${MAX_WINDOW_MINUTES}`)
    .optional(),
});
export type CreateFunnelBody = z.infer<typeof CreateFunnelBody>;
