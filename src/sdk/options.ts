import { MAX_ROWS_PER_ARRAY } from './deliver.js';
import type { TwofoldError } from './errors.js';

export interface TwofoldOptions {
  /** The twofold installation, e.g. `https://analytics.example.com` (a path prefix is kept). */
  endpoint: string;
  siteId: number;
  /** The site's ingest key (`ik_…`), exactly as `POST /api/sites` returned it. */
  ingestKey: string;
  /** Receives every problem: bad input, lost rows. Default: `process.emitWarning`. */
  onError?: (err: TwofoldError) => void;
  /** Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** How long the first queued row waits for others before a request leaves. Default 200. */
  flushIntervalMs?: number;
  /** Queued rows that make a request leave at once, 1–500. Default 50. */
  maxBatch?: number;
  /** Rows held at most; beyond it the oldest are dropped (and reported). Default 10,000. */
  maxQueue?: number;
  /** Attempts after the first for a batch the server may take later (429, 5xx, network). Default 5. */
  maxRetries?: number;
  /** Backoff: `base · 2^attempt`, full jitter. Default 500. */
  baseBackoffMs?: number;
  /** Cap on any one wait, `Retry-After` included. Default 60,000 (the server's `Retry-After`). */
  maxBackoffMs?: number;
  /** One request's time limit. Default 10,000. */
  requestTimeoutMs?: number;
  /** How long `close()` may spend delivering what is queued. Default 10,000. */
  closeTimeoutMs?: number;
}

export interface ResolvedOptions extends Required<Omit<TwofoldOptions, 'onError' | 'endpoint'>> {
  url: string;
  onError: TwofoldOptions['onError'];
}

/** Checks options once, at start-up, where a mistake should stop the host (it throws `TypeError`). */
export function resolveOptions(o: TwofoldOptions): ResolvedOptions {
  if (typeof o !== 'object' || o === null) throw new TypeError('twofold: options must be an object');
  let url: URL;
  try {
    url = new URL(o.endpoint);
  } catch {
    throw new TypeError(
      `twofold: endpoint must be an absolute http(s) URL, got ${JSON.stringify(o.endpoint)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`twofold: endpoint must be http or https, got ${url.protocol}`);
  }
  if (!Number.isSafeInteger(o.siteId) || o.siteId <= 0) {
    throw new TypeError('twofold: siteId must be a positive integer');
  }
  if (typeof o.ingestKey !== 'string' || o.ingestKey === '') {
    throw new TypeError('twofold: ingestKey must be the site ingest key');
  }
  const fetchFn = o.fetch ?? globalThis.fetch;
  if (typeof fetchFn !== 'function') throw new TypeError('twofold: no fetch available; pass options.fetch');
  const n = (name: keyof TwofoldOptions, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
    const v = o[name] ?? fallback;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      throw new TypeError(`twofold: ${name} must be an integer ${min}-${max}, got ${String(v)}`);
    }
    return v;
  };
  return {
    url: `${url.origin}${url.pathname.replace(/\/+$/, '')}/api/log/edge`,
    siteId: o.siteId,
    ingestKey: o.ingestKey,
    onError: o.onError,
    fetch: fetchFn,
    flushIntervalMs: n('flushIntervalMs', 200, 0),
    maxBatch: n('maxBatch', 50, 1, MAX_ROWS_PER_ARRAY),
    maxQueue: n('maxQueue', 10_000, 1),
    maxRetries: n('maxRetries', 5, 0),
    baseBackoffMs: n('baseBackoffMs', 500, 0),
    maxBackoffMs: n('maxBackoffMs', 60_000, 0),
    requestTimeoutMs: n('requestTimeoutMs', 10_000, 1),
    closeTimeoutMs: n('closeTimeoutMs', 10_000, 0),
  };
}
