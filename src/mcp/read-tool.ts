import { z } from 'zod';
import { parseInput } from '../input/parse-input.js';
import { answer, checkedRead, type ReadRequest } from '../read/envelope/handler.js';
import type { Report } from '../read/envelope/report.js';
import { inputSchemaOf, TOOL_ROW_CEILING } from './schema.js';
import { type Capped, type McpTool, READ_ONLY, type ToolEnvelope } from './tool.js';

/** A tool answered by one of the envelope reads, with the HTTP read's checks and figures. */
export interface ReadToolSpec<A extends z.ZodObject = z.ZodObject> {
  name: string;
  description: string;
  /** The reads that answer it: the first, unless `choose` picks another by the tool's own arguments. */
  reports: readonly Report[];
  /** Arguments of the tool's own, besides the envelope and the reads' parameters. */
  args?: A;
  /** Descriptions of arguments where the envelope's general ones would not do. */
  notes?: Readonly<Record<string, string>>;
  choose?: (args: z.infer<A>) => Report;
  /** Ranked lists in one answer (channels, sources, campaigns): they share the row ceiling. */
  lists?: number;
  /** A check of the request as understood, before anything is read. */
  check?: (r: ReadRequest, args: z.infer<A>) => void;
  /** The read's data as the tool answers it. */
  reshape?: (data: unknown, r: ReadRequest, args: z.infer<A>) => unknown;
  summary: (data: unknown, r: ReadRequest) => string;
}

/** `limit` no larger than the ceiling; the original, when it was larger. */
function capLimit(args: Record<string, unknown>, ceiling: number) {
  const asked = Number(args.limit);
  if (args.limit === undefined || !Number.isFinite(asked) || asked <= ceiling) return { input: args };
  const capped: Capped = { limit: ceiling, requested: asked };
  return { input: { ...args, limit: ceiling }, capped };
}

const takesLimit = (params: unknown) => typeof (params as { limit?: unknown }).limit === 'number';

export function readTool<A extends z.ZodObject>(spec: ReadToolSpec<A>): McpTool {
  const args = spec.args ?? z.object({});
  const ceiling = Math.floor(TOOL_ROW_CEILING / (spec.lists ?? 1));
  return {
    definition: {
      name: spec.name,
      description: spec.description,
      inputSchema: inputSchemaOf(spec.reports, args, spec.notes),
      annotations: READ_ONLY,
    },
    async call(pools, principal, given) {
      const startedAt = performance.now();
      const { input, capped } = capLimit(given, ceiling);
      const own = parseInput(args, input) as z.infer<A>;
      const r = await checkedRead(pools.db, principal, spec.choose?.(own) ?? spec.reports[0]!, input);
      spec.check?.(r, own);
      const envelope: ToolEnvelope = await answer(pools.readDb, r, startedAt);
      if (spec.reshape) envelope.data = spec.reshape(envelope.data, r, own);
      if (capped && takesLimit(r.params)) envelope.meta.capped = capped;
      return { envelope, summary: spec.summary(envelope.data, r) };
    },
  };
}
