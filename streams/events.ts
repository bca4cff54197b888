import { z } from 'zod';
import { messageText } from './message-codec.js';

/** Tracker hit kinds (`t` in docs/api.md#hits). */
export const HIT_KINDS = [
  'pageview',
  'custom',
  'outbound',
  'file_download',
  'form',
  'error',
  'web_vitals',
  'engagement',
] as const;
export type HitKind = (typeof HIT_KINDS)[number];

export const HIT_SOURCES = ['tracker', 'pixel', 'edge'] as const;

/** A hit key (`k`, docs/api.md#hits): long enough to be unique per client, short enough to keep cheaply. */
export const HIT_KEY = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * A human hit, enriched at ingest. It holds no address and no raw user agent: only the visitor
 * digest and what was derived from them. Classification that may change later (channel, source)
 * is derived when projecting, from the referrer and query kept here.
 */
export const HitRecorded = z.object({
  type: z.literal('HitRecorded'),
  id: z.uuid(),
  site: z.number().int().positive(),
  /** Epoch milliseconds: receive time for tracker hits, the row's timestamp for edge logs. */
  ts: z.number().int(),
  kind: z.enum(HIT_KINDS),
  source: z.enum(HIT_SOURCES),
  name: z.string().optional(),
  hostname: z.string(),
  pathname: z.string(),
  query: z.string().optional(),
  referrer: z.string().optional(),
  /** Hex digest of (daily salt, site, address, user agent). */
  visitor: z.string(),
  /** From the user agent, which itself is not kept. */
  browser: z.string().optional(),
  browser_version: z.string().optional(),
  os: z.string().optional(),
  os_version: z.string().optional(),
  device: z.string().optional(),
  /** From the screen width `w`. */
  screen: z.string().optional(),
  /** From the address, which itself is not kept. */
  country: z.string().optional(),
  region: z.string().optional(),
  city: z.string().optional(),
  asn: z.number().int().optional(),
  lang: z.string().optional(),
  /** Engagement (ms) and maximum scroll (%) of the page before this one, or of this page for `engagement`. */
  d: z.number().int().optional(),
  sc: z.number().int().optional(),
  props: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  /** The identify id (`twofold.identify`), on the identify hit and every later hit of the page session. */
  identity: z.string().optional(),
  sdk: z.string().optional(),
  vitals: z.partialRecord(z.enum(['lcp', 'cls', 'inp', 'fcp', 'ttfb']), z.number()).optional(),
  revenue: z.object({ amount: z.number(), currency: z.string() }).optional(),
  /** A server-rendered pageview's response status and time, from an edge `events` row. */
  status: z.number().int().optional(),
  duration_ms: z.number().int().optional(),
  /**
   * The client's key of the hit (`k`, docs/api.md#hits), the same on each of its retries: a hit
   * whose key an earlier message of the site carried is not folded again
   * (src/projector/repeated-hits.ts).
   */
  key: z.string().optional(),
});
export type HitRecorded = z.infer<typeof HitRecorded>;

/**
 * An automated agent's fetch, from a signed edge log row. It keeps what classifying it again needs
 * (the raw user agent, the ranges the address matched, ASN, country, the address digest): agent,
 * operator, purpose and verification are decided when projecting, so a catalog change plus a
 * rebuild re-classifies history.
 */
export const SIGNATURE_RESULTS = ['valid', 'invalid', 'unchecked'] as const;

/**
 * A fetch's Web Bot Auth claim as ingest judged it (docs/architecture.md#agent-verification):
 * `agent` is the origin its Signature-Agent named (null: none usable); `reason` says why a claim
 * is not `valid`.
 */
export const FetchSignature = z.object({
  agent: z.string().nullable(),
  result: z.enum(SIGNATURE_RESULTS),
  reason: z.string().optional(),
});
export type FetchSignature = z.infer<typeof FetchSignature>;

export const FetchRecorded = z.object({
  type: z.literal('FetchRecorded'),
  id: z.uuid(),
  site: z.number().int().positive(),
  /** Epoch milliseconds of the row's `timestamp`. */
  ts: z.number().int(),
  user_agent: z.string(),
  method: z.string(),
  hostname: z.string(),
  pathname: z.string(),
  status: z.number().int(),
  bytes: z.number().int(),
  duration_ms: z.number().int(),
  content_type: z.string(),
  conditional: z.union([z.literal(0), z.literal(1)]),
  /** Keyed digest of the address (hex); the address itself is not kept. */
  address: z.string(),
  country: z.string().optional(),
  asn: z.number().int().optional(),
  /** Operators' published ranges that contained the address at ingest. */
  ranges: z.array(z.object({ family: z.string(), operator: z.string(), cidr: z.string() })),
  /** Present when the request carried a signature; events written before it decode without. */
  signature: FetchSignature.optional(),
});
export type FetchRecorded = z.infer<typeof FetchRecorded>;

/**
 * Forward-confirmed reverse DNS tied an address to an agent's operator (src/verify/): its PTR name
 * lay under one of the operator's `rdns_domains` and that name's forward records held the address.
 * It vouches for the operator's fetches from the address on the site's UTC `day`, before and after
 * it in the stream alike. Only confirmations are events; failed checks are counted, not appended.
 */
export const AddressVerified = z.object({
  type: z.literal('AddressVerified'),
  id: z.uuid(),
  site: z.number().int().positive(),
  /** Epoch milliseconds of the check. */
  ts: z.number().int(),
  /** The UTC day (YYYY-MM-DD) of the fetch that asked for the check. */
  day: z.iso.date(),
  /** Keyed digest of the address (hex), as FetchRecorded carries it; the address itself is not kept. */
  address: z.string(),
  operator: z.string(),
  /** The operator's suffix the PTR name ended with; not the name, which often spells the address. */
  domain: z.string(),
});
export type AddressVerified = z.infer<typeof AddressVerified>;

export const StreamEvent = z.discriminatedUnion('type', [HitRecorded, FetchRecorded, AddressVerified]);
export type StreamEvent = z.infer<typeof StreamEvent>;

/** One stream message: the events of one append, which the stream acknowledged together. */
export const EventBatch = z.object({ v: z.literal(1), events: z.array(StreamEvent).min(1) });
export type EventBatch = z.infer<typeof EventBatch>;

export function assertNever(x: never): never {
  throw new Error(`unhandled event: ${JSON.stringify(x)}`);
}

/**
 * Parses one stream message, deflated or JSON as older versions wrote it (message-codec.ts); null
 * for a message this version cannot read (it is skipped and counted).
 */
export function decodeBatch(data: Uint8Array | string): StreamEvent[] | null {
  try {
    const text = messageText(data);
    if (text === null) return null;
    const parsed = EventBatch.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.events : null;
  } catch {
    return null;
  }
}
