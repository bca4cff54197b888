import { isbot } from 'isbot';
import type { Twofold } from '../src/sdk/index.js';

/** What a server knows about a request once it has answered it, whatever the framework. */
export interface ResponseFacts {
  ip: string;
  method: string;
  hostname: string;
  /** The request target, query included (the SDK splits it off). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  status: number;
  contentType: string;
  /** Response body bytes, from `Content-Length` (0 when the response was streamed without one). */
  bytes: number;
  durationMs: number;
}

const header = (h: ResponseFacts['headers'], name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * A crawler's request (by its user agent) becomes a crawl record, whatever it fetched; a person's
 * `GET` of an HTML page becomes a pageview. Everything else (assets, API calls, prefetches) is not
 * reported. If the pages also carry the browser tracker, leave `track` out: it would count twice.
 */
export function reportResponse(tf: Twofold, r: ResponseFacts): void {
  const userAgent = header(r.headers, 'user-agent') ?? '';
  if (isbot(userAgent)) {
    tf.agentFetch({
      ip: r.ip,
      userAgent,
      method: r.method,
      hostname: r.hostname,
      pathname: r.url,
      status: r.status,
      bytes: r.bytes,
      durationMs: r.durationMs,
      contentType: r.contentType,
      conditional: r.headers['if-none-match'] !== undefined || r.headers['if-modified-since'] !== undefined,
    });
    return;
  }
  const prefetch = /prefetch|prerender/i.test(
    header(r.headers, 'sec-purpose') ?? header(r.headers, 'purpose') ?? '',
  );
  if (r.method !== 'GET' || prefetch || !r.contentType.startsWith('text/html')) return;
  tf.track({
    ip: r.ip,
    userAgent,
    hostname: r.hostname,
    pathname: r.url,
    referrer: header(r.headers, 'referer'),
    status: r.status,
    durationMs: r.durationMs,
  });
}

/** A header value as text (Node gives numbers for some and arrays for repeated ones). */
export function headerText(v: number | string | string[] | undefined): string {
  return Array.isArray(v) ? v.join(', ') : v === undefined ? '' : String(v);
}
