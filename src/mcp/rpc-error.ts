import { ErrorCode as RpcCode } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorCode } from '../errors/app-error.js';
import { toAppError } from '../errors/to-app-error.js';

/** `error.data` of every JSON-RPC error: the error envelope's stable code, and its field. */
export interface RpcErrorData {
  code: ErrorCode;
  field?: string;
}

/** A failure with its JSON-RPC code decided; anything else thrown becomes one in `toRpcError`. */
export class RpcError extends Error {
  constructor(
    readonly rpcCode: number,
    message: string,
    readonly data: RpcErrorData,
  ) {
    super(message);
  }
}

/**
 * JSON-RPC reserves -32000 to -32099 for the server's own errors: one of them says "the request
 * was well formed and the service refused it" (a site the key may not read, a missing segment);
 * clients branch on `error.data.code`, never on this number.
 */
export const SERVICE_ERROR = -32000;

/**
 * Arguments the service refuses are invalid params, as MCP reports an unknown tool; failures of
 * the service itself are JSON-RPC's internal error.
 */
const RPC_CODE = {
  validation_error: RpcCode.InvalidParams,
  bad_request: RpcCode.InvalidParams,
  not_found: SERVICE_ERROR,
  unauthorized: SERVICE_ERROR,
  forbidden: SERVICE_ERROR,
  conflict: SERVICE_ERROR,
  rate_limited: SERVICE_ERROR,
  database_error: RpcCode.InternalError,
  upstream_error: RpcCode.InternalError,
  internal_error: RpcCode.InternalError,
} as const satisfies Record<ErrorCode, number>;

/** Any thrown error as a JSON-RPC error, by the same mapping as the HTTP reads' error envelope. */
export function toRpcError(err: unknown): RpcError {
  if (err instanceof RpcError) return err;
  const app = toAppError(err instanceof Error ? err : new Error(String(err)));
  const data: RpcErrorData =
    app.field === undefined ? { code: app.code } : { code: app.code, field: app.field };
  return new RpcError(RPC_CODE[app.code], app.message, data);
}
