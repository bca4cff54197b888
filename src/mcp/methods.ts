import { readFileSync } from 'node:fs';
import {
  CallToolRequestParamsSchema,
  type CallToolResult,
  ErrorCode as RpcCode,
  type InitializeResult,
  InitializeRequestParamsSchema,
  type ListToolsResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../auth/guards.js';
import { parseInput } from '../input/parse-input.js';
import type { ReadPools } from '../read/read-deps.js';
import type { Dispatch } from './protocol.js';
import { RpcError } from './rpc-error.js';
import { type McpTool, toolResult } from './tool.js';

/** docs/api.md#versioning: the one revision spoken, whatever newer one a client asks for. */
export const PROTOCOL_VERSION = '2024-11-05';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

export const SERVER_INFO = { name: 'twofold', version } as const;

const INSTRUCTIONS =
  'Read-only web analytics of two readerships: people (audience=human) and automated agents such as crawlers and AI assistants (audience=agent). Call list_sites first for the site id; every other tool takes it as `site`, with a window (`range` such as 7d or 30d, or `start`/`end`). Each result is a one-line summary and the JSON {data, meta}.';

function initialize(params: unknown): InitializeResult {
  // Checked for its shape only: a client asking for a newer revision still gets ours (§9).
  parseInput(InitializeRequestParamsSchema, params);
  return {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: { tools: {} },
    serverInfo: SERVER_INFO,
    instructions: INSTRUCTIONS,
  };
}

/**
 * The methods of docs/api.md#post-apimcp-the-tool-endpoint for one authenticated principal; every one of them
 * only reads.
 */
export function mcpMethods(pools: ReadPools, tools: readonly McpTool[]): (principal: Principal) => Dispatch {
  const byName = new Map(tools.map((t) => [t.definition.name, t]));
  const listed: ListToolsResult = { tools: tools.map((t) => t.definition) };

  async function callTool(principal: Principal, params: unknown): Promise<CallToolResult> {
    const { name, arguments: args = {} } = parseInput(CallToolRequestParamsSchema, params);
    const tool = byName.get(name);
    if (tool === undefined)
      throw new RpcError(
        RpcCode.InvalidParams,
        `unknown tool ${JSON.stringify(name)}; tools/list names them`,
        {
          code: 'not_found',
          field: 'name',
        },
      );
    return toolResult(await tool.call(pools, principal, args));
  }

  return (principal) => async (method, params) => {
    switch (method) {
      case 'initialize':
        return initialize(params ?? {});
      case 'ping':
        return {};
      case 'tools/list':
        return listed;
      case 'tools/call':
        return callTool(principal, params ?? {});
      default:
        throw new RpcError(RpcCode.MethodNotFound, `unknown method ${JSON.stringify(method)}`, {
          code: 'not_found',
          field: 'method',
        });
    }
  };
}
