import { z } from 'zod';

// A NUL cannot travel in a PostgreSQL text parameter: it would fail as a database error.
const noNul = (s: string) => !s.includes('\0');

/** The `site` of a JSON body. */
export const SiteId = z.number({ error: 'expected a site id' }).int().positive();

/** `?site=N` of a list request. */
export const SiteQuery = z.object({ site: z.coerce.number({ error: 'expected a site id' }).pipe(SiteId) });

/** `:id` of a route; anything else names no row (404, as an unknown id). */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

export const Name = z.string().trim().min(1).max(100).refine(noNul, 'must not contain a NUL character');

/** A custom event's name, exactly as the tracker sends it (`n`, at most 200 characters). */
export const EventName = z
  .string({ error: 'expected a custom event name' })
  .min(1)
  .max(200)
  .refine(noNul, 'must not contain a NUL character');

/** A pathname pattern: `*` stands for any characters (none included), everything else is literal. */
export const PathPattern = z
  .string({ error: 'expected a pathname pattern' })
  .max(2048)
  .regex(/^\//, 'a pathname pattern starts with /')
  .refine(noNul, 'must not contain a NUL character');

/** Three capital letters, as ingest takes a revenue's currency (docs/api.md#hits, `rv`). */
export const Currency = z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as EUR');

export const CreateGoalBody = z
  .object({
    site: SiteId,
    name: Name.optional(),
    event: EventName.optional(),
    path: PathPattern.optional(),
    currency: Currency.optional(),
  })
  .check((ctx) => {
    const b = ctx.value;
    if (b.event === undefined && b.path === undefined)
      ctx.issues.push({ code: 'custom', path: ['event'], message: 'give event or path', input: b });
    if (b.event !== undefined && b.path !== undefined)
      ctx.issues.push({ code: 'custom', path: ['path'], message: 'give event or path, not both', input: b });
    // Revenue travels only on custom events (`rv`), so a pageview goal would never have any.
    if (b.path !== undefined && b.currency !== undefined)
      ctx.issues.push({
        code: 'custom',
        path: ['currency'],
        message: 'only an event goal has revenue; a path goal takes no currency',
        input: b,
      });
  });
export type CreateGoalBody = z.infer<typeof CreateGoalBody>;
