import type { ZodError } from 'zod';

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

/** The one error type handlers throw; src/http/errors.ts renders it as the error envelope. */
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
