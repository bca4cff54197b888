import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../auth/guards.js';
import type { Envelope } from '../read/envelope/respond.js';
import type { ReadPools } from '../read/read-deps.js';

/** A call's `limit` brought down to the tool's ceiling, and what was asked for. */
export interface Capped {
  limit: number;
  requested: number;
}

/** The response envelope of the HTTP reads; `meta.capped` when the row ceiling cut `limit` down. */
export type ToolEnvelope = Envelope<unknown> & { meta: Envelope<unknown>['meta'] & { capped?: Capped } };

/** What a tool answers: the envelope, and the one line an assistant can quote. */
export interface ToolAnswer {
  envelope: ToolEnvelope;
  summary: string;
}

/** One tool of the endpoint: what `tools/list` shows of it, and how a call runs. */
export interface McpTool {
  definition: Tool;
  call(pools: ReadPools, principal: Principal, args: Record<string, unknown>): Promise<ToolAnswer>;
}

/** Every tool only reads the service's own data. */
export const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

/** MCP content: the summary, then the same envelope as JSON text and as structured content. */
export function toolResult({ envelope, summary }: ToolAnswer): CallToolResult {
  return {
    content: [
      { type: 'text', text: summary },
      { type: 'text', text: JSON.stringify(envelope) },
    ],
    structuredContent: envelope as unknown as Record<string, unknown>,
  };
}
