/** The dashboard's one way to the API: same origin, the session cookie, errors as readable text. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly field?: string,
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

/** The error envelope (interface.md §2.4) as one sentence a person can act on. */
export function errorFromResponse(status: number, body: unknown): ApiError {
  const e = (body as ErrorEnvelope | null)?.error;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  const field = typeof e?.field === 'string' ? e.field : undefined;
  const text = typeof e?.message === 'string' && e.message ? e.message : undefined;
  const base = text ?? FALLBACK[status] ?? `The server answered ${status}.`;
  const message = field && text && !text.includes(field) ? `${field}: ${text}` : base;
  return new ApiError(message, status, code, field);
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
  if (!res.ok) throw errorFromResponse(res.status, parsed);
  return parsed as T;
}

/** A read: its `data`. */
export async function getData<T>(path: string): Promise<T> {
  return (await request<{ data: T }>('GET', path)).data;
}
