import { parseRetryAfter } from './backoff.js';
import { EDGE_SIGNATURE_HEADER } from './sign.js';

/** What one attempt came to, as far as the rows' fate is concerned. */
export type Answer =
  /** 2xx; or 409, which means this very signed request was already accepted. */
  | { kind: 'stored'; status: number }
  /** 429, 408, 5xx or a network failure: worth another attempt. */
  | { kind: 'retry'; status?: number; code?: string; detail?: string; retryAfterMs?: number; cause?: unknown }
  | { kind: 'too_large'; status: number }
  /** Any other 4xx (400 names the row in `field`; 401 is a key, site or clock problem). */
  | { kind: 'refused'; status: number; code?: string; field?: string; detail?: string }
  /** Cut off by `close()`'s deadline; the server may or may not have stored it. */
  | { kind: 'aborted'; cause?: unknown };

export interface Post {
  fetch: typeof fetch;
  url: string;
  timeoutMs: number;
  /** Aborted when `close()`'s deadline passes. */
  stop: AbortSignal;
}

/** Sends `body` once with its `x-service-signature` and classifies the answer. Never throws. */
export async function postSigned(p: Post, body: string, signature: string): Promise<Answer> {
  let res: Response;
  try {
    res = await p.fetch(p.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [EDGE_SIGNATURE_HEADER]: signature,
      },
      body,
      signal: AbortSignal.any([p.stop, AbortSignal.timeout(p.timeoutMs)]),
    });
  } catch (cause) {
    if (p.stop.aborted) return { kind: 'aborted', cause };
    return { kind: 'retry', detail: cause instanceof Error ? cause.message : String(cause), cause };
  }
  const status = res.status;
  // Read the whole answer either way, so the connection goes back to the pool.
  const error = await res.text().then(errorOf, () => ({}) as ErrorBody);
  if (status >= 200 && status < 300) return { kind: 'stored', status };
  if (status === 409) return { kind: 'stored', status };
  if (status === 413) return { kind: 'too_large', status };
  if (status === 429 || status === 408 || status >= 500) {
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
    return { kind: 'retry', status, code: error.code, detail: error.message, retryAfterMs };
  }
  return { kind: 'refused', status, code: error.code, field: error.field, detail: error.message };
}

interface ErrorBody {
  code?: string;
  message?: string;
  field?: string;
}

/** The error envelope's `error`, if the answer was one. */
function errorOf(text: string): ErrorBody {
  try {
    const e = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof e !== 'object' || e === null) return {};
    const { code, message, field } = e as Record<string, unknown>;
    return {
      code: typeof code === 'string' ? code : undefined,
      message: typeof message === 'string' ? message : undefined,
      field: typeof field === 'string' ? field : undefined,
    };
  } catch {
    return {};
  }
}
