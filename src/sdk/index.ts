/**
 * twofold's server SDK for Node: report what a server sees to a twofold installation's edge
 * endpoint (`POST /api/log/edge`), without ever slowing or breaking the host application.
 *
 * ```ts
 * import { createTwofold } from './src/sdk/index.js';
 *
 * const tf = createTwofold({ endpoint: 'https://analytics.example.com', siteId: 1, ingestKey: 'ik_…' });
 * tf.track({ ip, userAgent, hostname, pathname: '/pricing?utm_source=news', referrer, status: 200, durationMs: 12 });
 * tf.agentFetch({ ip, userAgent, method: 'GET', hostname, pathname: '/docs', status: 200, bytes: 5120,
 *                 durationMs: 8, contentType: 'text/html', conditional: false });
 * await tf.close(); // on shutdown: sends what is queued, within closeTimeoutMs
 * ```
 *
 * - `track()` (a pageview the server rendered for a person → an `events` row) and `agentFetch()`
 *   (a request by a crawler or assistant → an `agent_events` row) are synchronous and never throw:
 *   they check the input, stamp it with the time of the call and queue it in memory.
 * - A request leaves 200 ms (`flushIntervalMs`) after the first queued row, or as soon as 50
 *   (`maxBatch`) rows are queued. Both kinds travel in one request, at most 500 of each and 2 MB.
 * - One request is in flight at a time, signed (`x-service-signature`, see `signEdgeBody`); each
 *   attempt is signed afresh. `429` waits `Retry-After` (plus jitter, at most `maxBackoffMs`); `5xx`,
 *   `408` and network failures wait `baseBackoffMs · 2^attempt` with full jitter; after
 *   `maxRetries` retries the rows are reported lost. `400` drops the row the server names and sends
 *   the rest; `401` and other `4xx` drop the batch; `413` halves it; `409` means already stored.
 * - Nothing is lost silently: every lost row reaches `onError` as a `TwofoldDeliveryError` (with
 *   `reason`, row counts, the last status), bad input as a `TwofoldInputError`; without `onError`,
 *   they become process warnings. At most `maxQueue` (10,000) rows wait; beyond that the oldest go,
 *   reported with their count.
 * - Timers are unref'd, so the SDK never keeps the process alive; rows still queued when the
 *   process exits without `close()` are lost. `flush()`/`close()` keep it alive while awaited.
 *
 * More in docs/sdk.md.
 */
export { createTwofold } from './client.js';
export type { Twofold, TwofoldStats } from './client.js';
export type { TwofoldOptions } from './options.js';
export type { AgentFetchInput, AgentEventRow, EventRow, TrackInput } from './rows.js';
export {
  LOSS_REASONS,
  TwofoldDeliveryError,
  TwofoldError,
  TwofoldInputError,
  type LossReason,
  type RowCounts,
} from './errors.js';
export { EDGE_SIGNATURE_HEADER, signEdgeBody } from './sign.js';
