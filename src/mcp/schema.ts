import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  AGENT_DIMENSIONS,
  type DimensionCatalog,
  FilterNode,
  HUMAN_DIMENSIONS,
} from '../read/envelope/filters.js';
import { QueryEnvelope } from '../read/envelope/query.js';
import type { Report } from '../read/envelope/report.js';

export type InputSchema = Tool['inputSchema'];
type Shape = Record<string, z.ZodType>;

/** At most this many rows per tool call (docs/api.md#limits: a larger `limit` is capped, not refused). */
export const TOOL_ROW_CEILING = 1_000;

const names = (c: DimensionCatalog) =>
  Object.keys(c)
    .map((k) => (k.endsWith('.*') ? `${k.slice(0, -1)}<key>` : k))
    .join(', ');

export const DIMENSION_NOTE = `People (audience=human): ${names(HUMAN_DIMENSIONS)}. Agents (audience=agent): ${names(AGENT_DIMENSIONS)}.`;

/** What an assistant needs to know of the envelope's fields, which the zod schemas do not say. */
const FIELD_NOTES: Readonly<Record<string, string>> = {
  site: 'The site id, from list_sites.',
  range:
    'A named window in the time zone: today, yesterday, 24h, 7d, 30d (the default), 90d, 12mo, mtd, ytd, all. Give range or start/end, not both.',
  start: 'Window start, an ISO-8601 instant with offset (2026-11-01T00:00:00Z); the window is [start, end).',
  end: 'Window end (exclusive), an ISO-8601 instant; now when absent. Needs start.',
  tz: "IANA time zone for day boundaries and buckets; the site's own by default.",
  compare:
    'none, previous (the same span just before) or year (a year earlier): adds data.comparison and data.change (percent change of each figure).',
  granularity:
    'Bucket size of a series: minute, hour, day, week or month; chosen from the window when absent.',
  filters: `Narrows the hits or fetches: an array of {"dimension","op","value"} (all must match), or a group {"and":[…]}, {"or":[…]}, {"not":…}. value may be an array (any of). ${DIMENSION_NOTE}`,
  segment: 'A saved segment id of the site, merged into filters.',
  audience:
    'Whose reads: human (people), agent (crawlers and AI agents) or all (both, summed where that means something).',
  limit: `Rows per list, 100 by default. A call returns at most ${TOOL_ROW_CEILING.toLocaleString('en-US')} rows: a larger limit is capped (meta.capped says so), never refused.`,
  page: 'Page of rows, from 1, at `limit` rows a page.',
  metric:
    "The figure per bucket, one of the audience's (see the tool description): visitors for people, fetches for agents and pageviews for all by default.",
  dimension: `The dimension to rank by. ${DIMENSION_NOTE}`,
  sort: 'The order of the rows (see the tool description).',
  verdict: 'Only the URLs of this verdict.',
};

function shapeOf(schema: z.ZodType, where: string): Shape {
  if (!(schema instanceof z.ZodObject)) throw new Error(`${where}: a tool's parameters must be a zod object`);
  return schema.shape as Shape;
}

/** Each key's schemas among the reads' variants; a key two variants check differently takes either. */
function paramsShape(reports: readonly Report[]): Shape {
  const byKey = new Map<string, z.ZodType[]>();
  for (const report of reports)
    for (const [audience, variant] of Object.entries(report.variants))
      for (const [key, schema] of Object.entries(shapeOf(variant.params, `${report.name} (${audience})`))) {
        const seen = byKey.get(key) ?? [];
        if (!seen.includes(schema)) byKey.set(key, [...seen, schema]);
      }
  return Object.fromEntries(
    [...byKey].map(([key, [first, ...rest]]) => [
      key,
      rest.length === 0 ? first! : z.union([first!, ...rest] as [z.ZodType, z.ZodType, ...z.ZodType[]]),
    ]),
  );
}

/**
 * A tool's arguments as JSON Schema, from the zod schemas that check them: the query envelope,
 * narrowed by the reads' own parameters, then by the tool's own arguments. `filters` is shown as
 * the parsed value a tool call carries (the query string's JSON text is accepted too).
 */
export function inputSchemaOf(
  reports: readonly Report[],
  args: z.ZodObject = z.object({}),
  notes: Readonly<Record<string, string>> = {},
): InputSchema {
  const shape: Shape = {
    ...shapeOf(QueryEnvelope, 'the query envelope'),
    filters: z.union([z.array(FilterNode), FilterNode]).optional(),
    ...paramsShape(reports),
    ...shapeOf(args, 'tool arguments'),
  };
  const { $schema: _, ...json } = z.toJSONSchema(z.object(shape), { io: 'input', unrepresentable: 'any' });
  const properties = (json.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [key, property] of Object.entries(properties)) {
    const note = notes[key] ?? FIELD_NOTES[key];
    if (note !== undefined && property.description === undefined) property.description = note;
  }
  // Over the ceiling is capped rather than refused, so no maximum is advertised.
  if (properties.limit) delete properties.limit.maximum;
  return json as InputSchema;
}

/** A tool without arguments. */
export const NO_ARGUMENTS: InputSchema = { type: 'object', properties: {} };
