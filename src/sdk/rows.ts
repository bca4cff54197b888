import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { TwofoldInputError } from './errors.js';

type Instant = Date | string | number;

/** A pageview the host rendered for a person: one `events` row. */
export interface TrackInput {
  /** The visitor's address: the server derives country and ASN from it, then drops it. */
  ip: string;
  userAgent: string;
  hostname: string;
  /** The path; a `?query` on it is split off into `query` (unless `query` is given). */
  pathname: string;
  /** The query string, with or without its leading `?` (the server reads `utm_*` from it). */
  query?: string;
  referrer?: string;
  status?: number;
  /** Rounded to whole milliseconds. */
  durationMs?: number;
  /** An identify id, as `twofold.identify()` sets in the browser. */
  id?: string;
  /** When the page was served (Date, ISO-8601 text or epoch ms); default: the time of the call. */
  timestamp?: Instant;
  /**
   * The pageview's hit key, 8–64 characters of A–Z, a–z, 0–9, `_` and `-`: the server counts rows
   * with the same key once. Default: a random one, sent on every retry of the row.
   */
  key?: string;
}

/** A request an automated agent made: one `agent_events` row. */
export interface AgentFetchInput {
  ip: string;
  userAgent: string;
  method: string;
  hostname: string;
  /** The path; a `?query` on it is dropped (crawl records carry no query). */
  pathname: string;
  status: number;
  /** Response body bytes; rounded. */
  bytes: number;
  durationMs: number;
  /** The response's `Content-Type`; empty for a response without one (e.g. a 304). */
  contentType: string;
  /** Whether the request was conditional (`If-None-Match` / `If-Modified-Since`). */
  conditional?: boolean | 0 | 1;
  timestamp?: Instant;
  /**
   * The request's Web Bot Auth headers (`Signature`, `Signature-Input`, `Signature-Agent`), as
   * received; the server checks the signature. Dropped, all three, when one is longer than the
   * server takes: a cut signature would be a forged one.
   */
  signature?: string;
  signatureInput?: string;
  signatureAgent?: string;
}

/** An `events` row as the edge endpoint takes it. */
export interface EventRow {
  timestamp: string;
  user_agent: string;
  ip: string;
  hostname: string;
  pathname: string;
  query?: string;
  referrer?: string;
  status?: number;
  duration_ms?: number;
  id?: string;
  key: string;
}

/** An `agent_events` row as the edge endpoint takes it. */
export interface AgentEventRow {
  timestamp: string;
  user_agent: string;
  method: string;
  hostname: string;
  pathname: string;
  status: number;
  bytes: number;
  duration_ms: number;
  content_type: string;
  conditional: 0 | 1;
  ip: string;
  signature?: string;
  signature_input?: string;
  signature_agent?: string;
}

// The server refuses a whole request for one bad row, so rows are checked here, where the caller
// can be told which property was wrong, rather than there. Hand-written rather than zod: this runs
// on the host's request path and keeps the SDK free of dependencies.
const FUTURE_SLACK_MS = 5 * 60_000;
const METHOD = /^[A-Za-z]{1,16}$/;
// The server's hit key (docs/api.md#hits); the SDK imports nothing of the server's.
const HIT_KEY = /^[A-Za-z0-9_-]{8,64}$/;
// The server's longest accepted values. Free text longer than this is cut rather than refused:
// a client picks its user agent and path, and an absurdly long one must not make a visit vanish.
const MAX = {
  hostname: 253,
  pathname: 2048,
  user_agent: 1024,
  query: 4096,
  referrer: 4096,
  id: 256,
  content_type: 255,
  signature: 4096,
  signature_agent: 1024,
};

export function toEventRow(input: TrackInput, now = Date.now()): EventRow {
  const c = new Check('track', input);
  const [pathname, split] = c.path('pathname');
  const row: EventRow = {
    timestamp: c.instant('timestamp', now),
    user_agent: clip(c.text('userAgent', true), MAX.user_agent),
    ip: c.ip('ip'),
    hostname: c.hostname('hostname'),
    pathname,
    key: c.hitKey('key'),
  };
  const query = (c.optionalText('query') ?? split)?.replace(/^\?/, '');
  if (query) row.query = clip(query, MAX.query);
  const referrer = c.optionalText('referrer');
  if (referrer) row.referrer = clip(referrer, MAX.referrer);
  if (input.status !== undefined) row.status = c.int('status', 100, 599);
  if (input.durationMs !== undefined) row.duration_ms = c.amount('durationMs');
  const id = c.optionalText('id');
  // An id is an identity: cut, two users could become one.
  if (id && id.length > MAX.id) throw c.fail('id', `longer than ${MAX.id} characters`);
  if (id) row.id = id;
  return row;
}

export function toAgentEventRow(input: AgentFetchInput, now = Date.now()): AgentEventRow {
  const c = new Check('agentFetch', input);
  const method = c.text('method');
  if (!METHOD.test(method)) throw c.fail('method', `not an HTTP method: ${JSON.stringify(method)}`);
  const conditional = input.conditional ?? false;
  if (![true, false, 0, 1].includes(conditional)) throw c.fail('conditional', 'must be a boolean, 0 or 1');
  const row: AgentEventRow = {
    timestamp: c.instant('timestamp', now),
    user_agent: clip(c.text('userAgent', true), MAX.user_agent),
    method: method.toUpperCase(),
    hostname: c.hostname('hostname'),
    pathname: c.path('pathname')[0],
    status: c.int('status', 100, 599),
    bytes: c.amount('bytes'),
    duration_ms: c.amount('durationMs'),
    content_type: clip(c.text('contentType', true), MAX.content_type),
    conditional: conditional === true || conditional === 1 ? 1 : 0,
    ip: c.ip('ip'),
  };
  const signature = c.optionalText('signature');
  const signatureInput = c.optionalText('signatureInput');
  const signatureAgent = c.optionalText('signatureAgent');
  const fits =
    (signature?.length ?? 0) <= MAX.signature &&
    (signatureInput?.length ?? 0) <= MAX.signature &&
    (signatureAgent?.length ?? 0) <= MAX.signature_agent;
  if (fits && signature) row.signature = signature;
  if (fits && signatureInput) row.signature_input = signatureInput;
  if (fits && signatureAgent) row.signature_agent = signatureAgent;
  return row;
}

class Check {
  private readonly input: Record<string, unknown>;

  constructor(
    private readonly call: 'track' | 'agentFetch',
    input: unknown,
  ) {
    if (typeof input !== 'object' || input === null) throw this.fail('', 'must be an object');
    this.input = input as Record<string, unknown>;
  }

  fail(field: string, detail: string): TwofoldInputError {
    return new TwofoldInputError(this.call, field, detail);
  }

  text(field: string, emptyAllowed = false): string {
    const v = this.input[field];
    if (typeof v !== 'string') throw this.fail(field, `must be a string, got ${kind(v)}`);
    if (!emptyAllowed && v.trim() === '') throw this.fail(field, 'must not be empty');
    return v;
  }

  optionalText(field: string): string | undefined {
    return this.input[field] === undefined || this.input[field] === null ? undefined : this.text(field, true);
  }

  /** The given hit key, else a random one: 128 bits, base64url (22 characters). */
  hitKey(field: string): string {
    const v = this.optionalText(field);
    if (v === undefined) return randomBytes(16).toString('base64url');
    if (!HIT_KEY.test(v))
      throw this.fail(field, `must be 8-64 characters of A-Z, a-z, 0-9, _ and -, got ${kind(v)}`);
    return v;
  }

  /** The path without its query or fragment, and the query it carried. */
  path(field: string): [string, string | undefined] {
    const v = this.text(field);
    if (!v.startsWith('/')) throw this.fail(field, `must start with "/", got ${JSON.stringify(v)}`);
    const noFragment = v.split('#', 1)[0]!;
    const q = noFragment.indexOf('?');
    const [path, query] =
      q === -1 ? [noFragment, undefined] : [noFragment.slice(0, q), noFragment.slice(q + 1)];
    return [clip(path, MAX.pathname), query];
  }

  /** A host name, without the port a `Host` header may carry. */
  hostname(field: string): string {
    const v = this.text(field).replace(/^([^:]+|\[[^\]]+\]):\d+$/, '$1');
    if (v.length > MAX.hostname || /[\s/?#@]/.test(v)) throw this.fail(field, `not a host name: ${kind(v)}`);
    return v;
  }

  ip(field: string): string {
    const v = this.text(field).trim();
    if (isIP(v) === 0) throw this.fail(field, `not an IP address: ${JSON.stringify(v)}`);
    return v;
  }

  int(field: string, min: number, max: number): number {
    const v = this.input[field];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      throw this.fail(field, `must be an integer ${min}-${max}, got ${kind(v)}`);
    }
    return v;
  }

  /** A non-negative count or duration, rounded (Fastify's `elapsedTime` has fractions). */
  amount(field: string): number {
    const v = this.input[field];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > Number.MAX_SAFE_INTEGER) {
      throw this.fail(field, `must be a non-negative number, got ${kind(v)}`);
    }
    return Math.round(v);
  }

  instant(field: string, now: number): string {
    const v = this.input[field];
    if (v === undefined || v === null) return new Date(now).toISOString();
    const d =
      v instanceof Date ? v : typeof v === 'string' || typeof v === 'number' ? new Date(v) : undefined;
    if (d === undefined || Number.isNaN(d.getTime())) throw this.fail(field, `not a time: ${kind(v)}`);
    // The server refuses a row more than five minutes ahead of its clock; ours is all we have.
    if (d.getTime() > now + FUTURE_SLACK_MS) throw this.fail(field, 'more than five minutes in the future');
    return d.toISOString();
  }
}

function clip(v: string, max: number): string {
  return v.length > max ? v.slice(0, max) : v;
}

function kind(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return v === null ? 'null' : typeof v;
}
