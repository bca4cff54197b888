import { ZodError } from 'zod';
import { POOL_WAIT_EXCEEDED } from '../db/pool.js';
import { isDatabaseUnreachable } from '../db/unreachable.js';
import { AppError, fromZod } from './app-error.js';

export const READ_TOO_LONG =
  'the read took too long and was cancelled; ask for a shorter window or fewer filters';
export const READS_QUEUED = 'every read connection stayed busy too long; retry shortly';

/** Any thrown error as the error envelope's code and status: the HTTP reads' and the tool endpoint's one mapping. */
export function toAppError(err: Error): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ZodError) return fromZod(err);
  // Fastify's refusals of a body are told by their codes and status, so this needs no Fastify.
  const fe = err as Error & { code?: unknown; statusCode?: unknown };
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
  if ((typeof pgCode === 'string' && /^57P/.test(pgCode)) || isDatabaseUnreachable(err))
    return new AppError('database_error', 'database unavailable');
  return new AppError('internal_error', 'internal error');
}
