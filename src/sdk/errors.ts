/** Rows by the array they travel in. */
export interface RowCounts {
  events: number;
  agentEvents: number;
}

/** Every error the SDK hands to `onError` (or, without one, to `process.emitWarning`). */
export class TwofoldError extends Error {
  override name = 'TwofoldError';
}

/** A `track()` or `agentFetch()` call whose input was not usable; the row was not queued. */
export class TwofoldInputError extends TwofoldError {
  override name = 'TwofoldInputError';

  constructor(
    readonly call: 'track' | 'agentFetch',
    /** The offending input property, e.g. `status`; empty when the input was not an object. */
    readonly field: string,
    detail: string,
  ) {
    super(`twofold: ${call}() ${field === '' ? 'input' : field}: ${detail}; the row was not queued`);
  }
}

/**
 * Why rows were lost:
 * - `rejected`: the server refused them (400 `validation_error`, `field` says where, or another 4xx);
 *   sending them again would not help.
 * - `unauthorized`: 401 — wrong ingest key or site id, or this machine's clock is more than five
 *   minutes off the server's.
 * - `too_large`: a single row over the 2 MB request limit.
 * - `retries_exhausted`: 429, 5xx or network failures on every one of `maxRetries + 1` attempts.
 * - `deadline`: `close()`'s deadline passed first (an attempt cut off in flight may have been stored).
 * - `queue_full`: the queue was at `maxQueue` and the oldest rows made room for new ones.
 * - `closed`: `track()` or `agentFetch()` after `close()`.
 */
export const LOSS_REASONS = [
  'rejected',
  'unauthorized',
  'too_large',
  'retries_exhausted',
  'deadline',
  'queue_full',
  'closed',
] as const;
export type LossReason = (typeof LOSS_REASONS)[number];

export interface DeliveryErrorDetails {
  reason: LossReason;
  rows: RowCounts;
  /** Requests made for these rows (0 when none was). */
  attempts?: number;
  /** The last HTTP status, when there was an answer. */
  status?: number;
  /** The server's error code (`validation_error`, `rate_limited`, …), when it sent one. */
  code?: string;
  /** The server's `field`, e.g. `events[3].status`, for a refused row. */
  field?: string;
  /** The server's message (human text) or the network error's. */
  detail?: string;
  cause?: unknown;
}

/** Rows that will not be stored. `rows` counts them; nothing is retried after this is reported. */
export class TwofoldDeliveryError extends TwofoldError {
  override name = 'TwofoldDeliveryError';
  readonly reason: LossReason;
  readonly rows: RowCounts;
  readonly attempts: number;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly field: string | undefined;

  constructor(d: DeliveryErrorDetails) {
    super(describe(d), d.cause === undefined ? undefined : { cause: d.cause });
    this.reason = d.reason;
    this.rows = d.rows;
    this.attempts = d.attempts ?? 0;
    this.status = d.status;
    this.code = d.code;
    this.field = d.field;
  }
}

const WHY: Record<LossReason, string> = {
  rejected: 'refused by the server',
  unauthorized: 'refused as unauthorized (check siteId, ingestKey and this machine clock)',
  too_large: 'a row is larger than a request may be',
  retries_exhausted: 'gave up after retrying',
  deadline: 'close() deadline passed before delivery',
  queue_full: 'queue full, oldest rows dropped',
  closed: 'tracked after close()',
};

function describe(d: DeliveryErrorDetails): string {
  const n = d.rows.events + d.rows.agentEvents;
  const parts = [
    `twofold: lost ${n} row${n === 1 ? '' : 's'} (${d.rows.events} events, ${d.rows.agentEvents} agent_events): ${WHY[d.reason]}`,
  ];
  if (d.attempts) parts.push(`${d.attempts} attempt${d.attempts === 1 ? '' : 's'}`);
  if (d.status !== undefined) parts.push(`last answer ${d.status}${d.code ? ` ${d.code}` : ''}`);
  if (d.field) parts.push(`field ${d.field}`);
  if (d.detail) parts.push(d.detail);
  return parts.join('; ');
}
