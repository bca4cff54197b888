import pLimit from 'p-limit';

/** The dashboard's one way to the API: same origin, the session cookie, errors as readable text. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly field?: string,
    /** Seconds the server asked the client to wait (`Retry-After`), when it named them. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

interface ErrorEnvelope {
  error?: { code?: unknown; message?: unknown; field?: unknown };
}

const FALLBACK: Record<number, string> = {
  401: 'Please log in again.',
  403: 'You do not have access to this.',
  404: 'Not found.',
  429: 'Too many attempts; wait a little and try again.',
};

/** The error envelope (docs/api.md#errors) as one sentence a person can act on. */
export function errorFromResponse(status: number, body: unknown, retryAfter?: number): ApiError {
  const e = (body as ErrorEnvelope | null)?.error;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const field = typeof e?.field === 'string' ? e.field : undefined;
  const text = typeof e?.message === 'string' && e.message ? e.message : undefined;
  const base = text ?? FALLBACK[status] ?? `The server answered ${status}.`;
  const message = field && text && !text.includes(field) ? `${field}: ${text}` : base;
  return new ApiError(message, status, code, field, retryAfter);
}

/** A string body goes as text/plain (the policy files), anything else as JSON. */
export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const text = typeof body === 'string';
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? {} : { 'content-type': text ? 'text/plain' : 'application/json' },
      body: body === undefined ? undefined : text ? body : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('Cannot reach the server; check the connection and try again.', 0);
  }
  const answer = await res.text();
  let parsed: unknown = null;
  try {
    parsed = answer ? JSON.parse(answer) : null;
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  const wait = Number(res.headers.get('retry-after') ?? NaN);
  if (!res.ok) throw errorFromResponse(res.status, parsed, Number.isFinite(wait) ? wait : undefined);
  return parsed as T;
}

const READ_TRIES = 3;

/**
 * Reads one dashboard page has in flight at once: the server's default READ_CONCURRENCY (its read
 * slots per signed-in account), so a tab of many panels queues its reads here instead of having
 * the server refuse some and waiting out `Retry-After`.
 */
export const READS_IN_FLIGHT = 8;

/** The page's reads, READS_IN_FLIGHT at a time, in the order they were asked for. */
export const readQueue = pLimit(READS_IN_FLIGHT);

/**
 * A read: its `data`, asked once one of the page's READS_IN_FLIGHT is free. A read still refused
 * for the account's read budget (`429`: several tabs loading at once, or a server with a lower
 * READ_CONCURRENCY) is asked again after the server's `Retry-After`, up to READ_TRIES in all.
 */
export async function getData<T>(path: string): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return (await readQueue(() => request<{ data: T }>('GET', path))).data;
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 429 || tries >= READ_TRIES) throw err;
      const seconds = Math.min(Math.max(err.retryAfter ?? 1, 0), 10);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  }
}
