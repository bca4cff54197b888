import { isIP } from 'node:net';
import { z } from 'zod';
import { HitKey } from '../ingest/payloads.js';

/** docs/api.md#edge-logs: what the server establishes itself; a client sending one is refused. */
export const SERVER_ONLY_KEYS = [
  'agent_id',
  'operator',
  'purpose',
  'verified',
  'verified_by',
  'signature_forged',
  'asn',
  'country',
  'ip_hash',
  'robots_allowed',
  'llms_listed',
] as const;

export const MAX_ROWS = 500;
/** Bounds of the Web Bot Auth headers a row may carry (docs/api.md#edge-logs). */
export const MAX_SIGNATURE_CHARS = 4096;
export const MAX_SIGNATURE_AGENT_CHARS = 1024;
const FUTURE_TOLERANCE_MS = 5 * 60_000;

const timestamp = z.iso
  .datetime({ offset: true })
  .refine((v) => Date.parse(v) <= Date.now() + FUTURE_TOLERANCE_MS, 'timestamp is in the future');
const ip = z.string().refine((v) => isIP(v) !== 0, 'not an IP address');
const pathname = z.string().startsWith('/').max(2048);
const hostname = z.string().min(1).max(253);
const userAgent = z.string().max(1024);
const int = z.number().int();

export const AgentEventRow = z.strictObject({
  timestamp,
  user_agent: userAgent,
  method: z.string().regex(/^[A-Z]{1,16}$/, 'an HTTP method in capitals'),
  hostname,
  pathname,
  status: int.min(100).max(599),
  bytes: int.min(0),
  duration_ms: int.min(0),
  content_type: z.string().max(255),
  conditional: z.union([z.literal(0), z.literal(1)]),
  ip,
  /** The request's Signature, Signature-Input and Signature-Agent headers: checked, never stored. */
  signature: z.string().min(1).max(MAX_SIGNATURE_CHARS).optional(),
  signature_input: z.string().min(1).max(MAX_SIGNATURE_CHARS).optional(),
  signature_agent: z.string().min(1).max(MAX_SIGNATURE_AGENT_CHARS).optional(),
});
export type AgentEventRow = z.infer<typeof AgentEventRow>;

export const HumanEventRow = z.strictObject({
  timestamp,
  user_agent: userAgent,
  ip,
  hostname,
  pathname,
  query: z.string().max(4096).optional(),
  referrer: z.string().max(4096).optional(),
  status: int.min(100).max(599).optional(),
  duration_ms: int.min(0).optional(),
  id: z.string().min(1).max(256).optional(),
  /** The row's hit key, as the tracker's `k`: a shipment retried after an unanswered attempt counts it once. */
  key: HitKey.optional(),
});
export type HumanEventRow = z.infer<typeof HumanEventRow>;

/** The body's envelope; rows are checked one by one after it, so errors name the row. */
export const EdgeBody = z.object({
  site_id: int.positive(),
  agent_events: z.array(z.unknown()).default([]),
  events: z.array(z.unknown()).default([]),
});
