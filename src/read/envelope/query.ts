import { z } from 'zod';
import type { Site } from '../../sites/sites.js';
import { isTimeZone, RANGES, resolveRange, type Window } from './range.js';

const instant = z.iso.datetime({ offset: true });

/** The shared query envelope (interface.md §2.2), as the query string carries it. */
export const QueryEnvelope = z
  .object({
    site: z.coerce.number().int().positive(),
    range: z.enum(RANGES, { error: `range must be one of ${RANGES.join(', ')}` }).optional(),
    start: instant.optional(),
    end: instant.optional(),
    tz: z.string().refine(isTimeZone, 'tz must be an IANA time zone name').optional(),
  })
  .check((ctx) => {
    const v = ctx.value;
    if (v.range !== undefined && (v.start !== undefined || v.end !== undefined))
      ctx.issues.push({
        code: 'custom',
        path: ['range'],
        message: 'give range or start/end, not both',
        input: v,
      });
    if (v.end !== undefined && v.start === undefined)
      ctx.issues.push({ code: 'custom', path: ['start'], message: 'end needs start', input: v });
    if (v.start !== undefined && v.end !== undefined && Date.parse(v.end) <= Date.parse(v.start))
      ctx.issues.push({ code: 'custom', path: ['end'], message: 'end must be after start', input: v });
  });
export type QueryEnvelope = z.infer<typeof QueryEnvelope>;

export const DEFAULT_RANGE = '30d' as const;

/** The query as understood: what `meta.query` reports and what every read runs on. */
export interface Query extends Window {
  site: number;
  tz: string;
  range?: QueryEnvelope['range'];
}

export function understand(env: QueryEnvelope, site: Site, now: Date = new Date()): Query {
  const tz = env.tz ?? site.timezone;
  if (env.start !== undefined) {
    const end = env.end !== undefined ? new Date(env.end) : now;
    return { site: site.id, tz, start: new Date(env.start), end };
  }
  const range = env.range ?? DEFAULT_RANGE;
  return { site: site.id, tz, range, ...resolveRange(range, tz, now) };
}
