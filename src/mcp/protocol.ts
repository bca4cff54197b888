import {
  ErrorCode as RpcCode,
  JSONRPC_VERSION,
  type JSONRPCErrorResponse,
  JSONRPCNotificationSchema,
  JSONRPCRequestSchema,
  type JSONRPCResultResponse,
  type RequestId,
  RequestIdSchema,
  type Result,
} from '@modelcontextprotocol/sdk/types.js';
import { RpcError, toRpcError } from './rpc-error.js';

/** JSON-RPC 2.0 answers a request whose id it cannot read with `id: null`, which the SDK's type leaves out. */
export type ErrorReply = Omit<JSONRPCErrorResponse, 'id'> & { id: RequestId | null };
export type Reply = JSONRPCResultResponse | ErrorReply;

/** The HTTP answer: a reply or a batch's replies, or `202` with no body when nothing needed one. */
export type Outcome = { status: 200; body: Reply | Reply[] } | { status: 202 };

export type Dispatch = (method: string, params: Record<string, unknown> | undefined) => Promise<Result>;

/** Errors nobody anticipated, for the log; the caller still gets a JSON-RPC internal error. */
export type OnUnexpected = (err: unknown, method: string) => void;

export function errorReply(id: RequestId | null, e: RpcError): ErrorReply {
  return { jsonrpc: JSONRPC_VERSION, id, error: { code: e.rpcCode, message: e.message, data: e.data } };
}

const invalidRequest = (message: string) =>
  new RpcError(RpcCode.InvalidRequest, message, { code: 'bad_request' });

/** The id of a message too malformed to be a request, if it has a readable one. */
export function readableId(member: unknown): RequestId | null {
  if (typeof member !== 'object' || member === null || !('id' in member)) return null;
  const id = RequestIdSchema.safeParse(member.id);
  return id.success ? id.data : null;
}

/** One member of a body: a request gets its reply, a notification nothing. */
async function answerMember(
  member: unknown,
  dispatch: Dispatch,
  onUnexpected: OnUnexpected,
): Promise<Reply | undefined> {
  const request = JSONRPCRequestSchema.safeParse(member);
  if (!request.success) {
    if (JSONRPCNotificationSchema.safeParse(member).success) return undefined;
    // Well formed but for its params (an array, a string): the params are what is invalid.
    const paramsOnly = request.error.issues.every((i) => i.path[0] === 'params');
    const error = paramsOnly
      ? new RpcError(RpcCode.InvalidParams, 'params must be an object', {
          code: 'validation_error',
          field: 'params',
        })
      : invalidRequest('not a JSON-RPC 2.0 request: {"jsonrpc":"2.0","id","method","params"?}');
    return errorReply(readableId(member), error);
  }
  const { id, method, params } = request.data;
  try {
    return { jsonrpc: JSONRPC_VERSION, id, result: await dispatch(method, params) };
  } catch (err) {
    const error = toRpcError(err);
    if (error.rpcCode === RpcCode.InternalError) onUnexpected(err, method);
    return errorReply(id, error);
  }
}

/** Members a batch may hold; a larger batch is refused whole, before any member runs. */
export const MAX_BATCH = 50;

/**
 * A request body as JSON-RPC 2.0 answers it: one message or a batch (an array answered as an array
 * in the same order, without members for notifications) of at most MAX_BATCH members. Batch
 * members run one after another, so one body holds at most one of the read pool's connections
 * (and one read slot of its key, taken for the whole POST).
 */
export async function answerBody(
  text: string,
  dispatch: Dispatch,
  onUnexpected: OnUnexpected,
): Promise<Outcome> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const error = new RpcError(RpcCode.ParseError, 'the body is not valid JSON', { code: 'bad_request' });
    return { status: 200, body: errorReply(null, error) };
  }
  if (!Array.isArray(body)) {
    const reply = await answerMember(body, dispatch, onUnexpected);
    return reply === undefined ? { status: 202 } : { status: 200, body: reply };
  }
  if (body.length === 0) return { status: 200, body: errorReply(null, invalidRequest('an empty batch')) };
  if (body.length > MAX_BATCH)
    return {
      status: 200,
      body: errorReply(null, invalidRequest(`a batch holds at most ${MAX_BATCH} members`)),
    };
  const replies: Reply[] = [];
  for (const member of body) {
    const reply = await answerMember(member, dispatch, onUnexpected);
    if (reply !== undefined) replies.push(reply);
  }
  return replies.length === 0 ? { status: 202 } : { status: 200, body: replies };
}
