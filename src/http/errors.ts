import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { POOL_WAIT_EXCEEDED } from '../db/pool.js';

export const ERROR_CODES = [
  'not_found',
  'unauthorized',
  'forbidden',
  'conflict',
  'validation_error',
  'rate_limited',
  'bad_request',
  'database_error',
  'upstream_error',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const CODE_STATUS = {
  not_found: 404,
  unauthorized: 401,
  forbidden: 403,
  conflict: 409,
  validation_error: 400,
  rate_limited: 429,
  bad_request: 400,
  database_error: 503,
  upstream_error: 503,
  internal_error: 500,
} as const satisfies Record<ErrorCode, number>;

export interface ErrorOptions {
  field?: string;
  status?: number;
  headers?: Record<string, string>;
}

/** The one error type handlers throw; the renderer below turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly field: string | undefined;
  readonly headers: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    opts: ErrorOptions = {},
  ) {
    super(message);
    this.status = opts.status ?? CODE_STATUS[code];
    this.field = opts.field;
    this.headers = opts.headers ?? {};
  }
}

export function errorBody(code: ErrorCode, message: string, field?: string) {
  return { error: field === undefined ? { code, message } : { code, message, field } };
}

/** Dotted path of the first zod issue, e.g. `agent_events[3].status`. */
export function zodField(err: ZodError, prefix?: string): string | undefined {
  const path = err.issues[0]?.path ?? [];
  let out = prefix ?? '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out === '' ? String(p) : `.${String(p)}`;
  return out === '' ? undefined : out;
}

export function fromZod(err: ZodError, prefix?: string): AppError {
  const issue = err.issues[0];
  const field = zodField(err, prefix);
  return new AppError('validation_error', issue ? issue.message : 'invalid input', field ? { field } : {});
}

export const READ_TOO_LONG =
  'the read took too long and was cancelled; ask for a shorter window or fewer filters';
export const READS_QUEUED = 'every read connection stayed busy too long; retry shortly';

/** Any thrown error as the error envelope's code and status: the HTTP reads' and the tool endpoint's one mapping. */
export function toAppError(err: FastifyError | Error): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZod(err);
  const fe = err as FastifyError;
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new AppError('bad_request', 'body too large', { status: 413 });
  if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    return new AppError('bad_request', 'unsupported content type', { status: 415 });
  if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return new AppError('bad_request', 'body is not valid JSON');
  if (err instanceof SyntaxError) return new AppError('bad_request', 'body is not valid JSON');
  if (fe.statusCode === 429) return new AppError('rate_limited', 'too many requests');
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500)
    return new AppError('bad_request', fe.message, { status: fe.statusCode });
  const pgCode = (err as { code?: unknown }).code;
  // query_canceled: only the read pool sets a statement timeout (READ_TIMEOUT_MS), and a wait.
  if (pgCode === '57014') return new AppError('database_error', READ_TOO_LONG);
  if (err.message === POOL_WAIT_EXCEEDED) return new AppError('database_error', READS_QUEUED);
  if (typeof pgCode === 'string' && /^(08|57P)/.test(pgCode))
    return new AppError('database_error', 'database unavailable');
  return new AppError('internal_error', 'internal error');
}

export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const e = toAppError(err as Error);
    if (e.status >= 500) req.log.error({ err }, 'request failed');
    reply
      .status(e.status)
      .headers(e.headers)
      .send(errorBody(e.code, e.message, e.field));
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(errorBody('not_found', `no route for ${req.method} ${req.url.split('?')[0]}`));
  });
}
