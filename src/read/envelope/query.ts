import { z } from 'zod';
import { AppError } from '../../errors/app-error.js';
import type { Site } from '../../sites/sites.js';
import { type Compare, COMPARES, comparisonWindow } from './compare.js';
import {
  AGENT_DIMENSIONS,
  ALL_DIMENSIONS,
  type DimensionCatalog,
  type FilterTree,
  filtersSchema,
  HUMAN_DIMENSIONS,
  mergeFilters,
  parseFilters,
} from './filters.js';
import {
  bucketCount,
  defaultGranularity,
  type Granularity,
  GRANULARITIES,
  MAX_BUCKETS,
} from './granularity.js';
import { isTimeZone, RANGES, resolveRange, type Window } from './range.js';

const instant = z.iso.datetime({ offset: true });

export const AUDIENCES = ['human', 'agent', 'all'] as const;
export type Audience = (typeof AUDIENCES)[number];

/** The dimensions `filters` may name, per readership. */
export const DIMENSIONS_OF: Readonly<Record<Audience, DimensionCatalog>> = {
  human: HUMAN_DIMENSIONS,
  agent: AGENT_DIMENSIONS,
  all: ALL_DIMENSIONS,
};

/** The shared query envelope (docs/api.md#query-envelope), as the query string carries it. */
export const QueryEnvelope = z
  .object({
    site: z.coerce.number().int().positive(),
    range: z.enum(RANGES, { error: `range must be one of ${RANGES.join(', ')}` }).optional(),
    start: instant.optional(),
    end: instant.optional(),
    tz: z.string().refine(isTimeZone, 'tz must be an IANA time zone name').optional(),
    compare: z.enum(COMPARES, { error: `compare must be one of ${COMPARES.join(', ')}` }).default('none'),
    granularity: z
      .enum(GRANULARITIES, { error: `granularity must be one of ${GRANULARITIES.join(', ')}` })
      .optional(),
    // Checked by its own schema (filters.ts), whose errors all name `filters` as the field.
    filters: z.unknown().optional(),
    /** A saved segment of the site, merged into `filters`. */
    segment: z.coerce.number({ error: 'segment must be a segment id' }).int().positive().optional(),
    // Absent: the read's own readership (people under /api/stats, agents under /api/agents).
    audience: z.enum(AUDIENCES, { error: `audience must be one of ${AUDIENCES.join(', ')}` }).optional(),
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
  audience: Audience;
  range?: QueryEnvelope['range'];
  compare: Compare;
  /** The window `compare` runs the same query on; null for `none`. */
  comparison: Window | null;
  granularity: Granularity;
  filters: FilterTree;
  /** The saved segment merged into `filters`, if the envelope named one. */
  segment?: number;
}

/** The query as understood; `segment` is the saved segment's tree when the envelope names one. */
export function understand(
  env: QueryEnvelope & { audience: Audience },
  site: Site,
  now: Date = new Date(),
  segment?: FilterTree,
): Query {
  const tz = env.tz ?? site.timezone;
  const range = env.start === undefined ? (env.range ?? DEFAULT_RANGE) : undefined;
  const window: Window = range
    ? resolveRange(range, tz, now)
    : { start: new Date(env.start!), end: env.end !== undefined ? new Date(env.end) : now };
  const granularity = env.granularity ?? defaultGranularity(window);
  if (bucketCount(window, granularity) > MAX_BUCKETS)
    throw new AppError(
      'validation_error',
      `granularity ${granularity} would cut this window into more than ${MAX_BUCKETS} buckets`,
      { field: 'granularity' },
    );
  const catalog = DIMENSIONS_OF[env.audience];
  const request = parseFilters(env.filters, catalog);
  // Segments are saved for people's hits; one that names a dimension this audience lacks is
  // refused here rather than halfway through a read.
  if (segment && !filtersSchema(catalog).safeParse(segment).success)
    throw new AppError(
      'validation_error',
      `${env.segment === undefined ? "the shared link's segment" : `segment ${env.segment}`} filters on dimensions that audience=${env.audience} does not have`,
      { field: 'segment' },
    );
  return {
    site: site.id,
    tz,
    audience: env.audience,
    ...(range ? { range } : {}),
    ...window,
    compare: env.compare,
    comparison: comparisonWindow(window, env.compare, tz),
    granularity,
    filters: segment ? mergeFilters(segment, request) : request,
    ...(env.segment !== undefined ? { segment: env.segment } : {}),
  };
}
