import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { type RequestId, ErrorCode as RpcCode } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { type ErrorCode, ERROR_CODES } from '../errors/app-error.js';
import { errorReply, readableId } from './protocol.js';
import { RpcError, SERVICE_ERROR } from './rpc-error.js';

/**
 * `twofold mcp`: for assistants that only speak MCP over stdio. Each line of stdin is one
 * JSON-RPC message (or batch), POSTed as is to `<url>/api/mcp` with the API key; each answer is
 * one line of stdout. Lines are forwarded one at a time, so answers keep the order of requests.
 * stdout carries nothing but the protocol: every diagnostic goes to `log` (stderr).
 */
export const BridgeOptions = z.object({
  url: z.url({
    error: 'the service URL (--url or TWOFOLD_URL) must be an http(s) URL such as http://127.0.0.1:8080',
  }),
  key: z.string({ error: 'an API key is required: --key or TWOFOLD_API_KEY' }).min(1, 'the API key is empty'),
});
export type BridgeOptions = z.infer<typeof BridgeOptions>;

export interface Bridge extends BridgeOptions {
  input: Readable;
  output: Writable;
  log: (line: string) => void;
}

/** The parsed text, or undefined when it is not JSON (which no JSON text parses to). */
function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const ErrorEnvelope = z.object({ error: z.object({ code: z.enum(ERROR_CODES), message: z.string() }) });

/** The ids a message's requests carry, so each can be answered when the service could not be. */
function requestIds(line: string): (RequestId | null)[] {
  const message = safeJson(line);
  if (message === undefined) return [null];
  // A member without an id is a notification: nothing answers it.
  const idOf = (m: unknown) => (typeof m === 'object' && m !== null && 'id' in m ? readableId(m) : undefined);
  const ids = (Array.isArray(message) ? message : [message]).map(idOf);
  return ids.filter((id) => id !== undefined);
}

/** A JSON-RPC error for each request of the line, as one line; nothing when it held only notifications. */
function failed(line: string, error: RpcError): string | undefined {
  const replies = requestIds(line).map((id) => errorReply(id, error));
  if (replies.length === 0) return undefined;
  return JSON.stringify(line.trimStart().startsWith('[') ? replies : replies[0]);
}

async function forward(endpoint: string, b: Bridge, line: string): Promise<string | undefined> {
  let res: Response;
  try {
    res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${b.key}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: line,
    });
  } catch (err) {
    b.log(`twofold mcp: ${endpoint} is unreachable: ${(err as Error).message}`);
    return failed(
      line,
      new RpcError(RpcCode.InternalError, `${endpoint} is unreachable`, { code: 'upstream_error' }),
    );
  }
  const text = await res.text();
  if (res.status === 202) return undefined;
  // Re-serialised so that an answer is exactly one line.
  if (res.status === 200) return JSON.stringify(JSON.parse(text));
  b.log(`twofold mcp: ${endpoint} answered HTTP ${res.status}: ${text}`);
  const envelope = ErrorEnvelope.safeParse(safeJson(text));
  const code: ErrorCode = envelope.success ? envelope.data.error.code : 'upstream_error';
  const message = envelope.success ? envelope.data.error.message : `HTTP ${res.status}`;
  return failed(line, new RpcError(SERVICE_ERROR, message, { code }));
}

/** Runs until stdin ends. */
export async function runStdioBridge(b: Bridge): Promise<void> {
  const endpoint = `${b.url.replace(/\/+$/, '')}/api/mcp`;
  b.log(`twofold mcp: forwarding stdin to ${endpoint}`);
  for await (const line of createInterface({ input: b.input, crlfDelay: Infinity })) {
    if (line.trim() === '') continue;
    const answer = await forward(endpoint, b, line);
    if (answer !== undefined) b.output.write(`${answer}\n`);
  }
}
