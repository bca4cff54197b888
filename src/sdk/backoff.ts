export interface BackoffOptions {
  baseBackoffMs: number;
  maxBackoffMs: number;
}

/**
 * The wait before retry number `attempt + 1` when the server named no time: "full jitter", uniform
 * in [0, min(max, base · 2^attempt)), so that clients that failed together spread out instead of
 * returning together.
 */
export function backoffDelay(attempt: number, o: BackoffOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(o.maxBackoffMs, o.baseBackoffMs * 2 ** attempt);
  return Math.floor(random() * ceiling);
}

/**
 * The wait when the server sent `Retry-After`: that long, plus up to one base backoff of jitter (the
 * host's processes that were refused in the same window should not all return in the same
 * instant), capped at `maxBackoffMs`.
 */
export function retryAfterDelay(
  retryAfterMs: number,
  o: BackoffOptions,
  random: () => number = Math.random,
): number {
  return Math.min(o.maxBackoffMs, retryAfterMs + Math.floor(random() * o.baseBackoffMs));
}

/** `Retry-After` in milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // An HTTP date names its weekday and month; Date.parse alone would read "-5" as a year.
  const at = /^[a-z]{3}, /i.test(v) ? Date.parse(v) : NaN;
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
