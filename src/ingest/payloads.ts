import { z } from 'zod';
import { HIT_KEY, HIT_KINDS } from '../../streams/events.js';

const int = z.number().int();
const dimension = int.min(0).max(100_000);

/** A hit key: the tracker's `k`, an edge row's `key`. */
export const HitKey = z.string().regex(HIT_KEY, '8-64 characters of A-Z, a-z, 0-9, _ and -');

/** The browser tracker payload (docs/api.md#hits); also the pixel's query keys. */
export const TrackPayload = z.object({
  s: int.positive(),
  t: z.enum(HIT_KINDS).default('pageview'),
  n: z.string().min(1).max(200).optional(),
  u: z.url({ protocol: /^https?$/ }).max(4096),
  r: z.string().max(4096).optional(),
  w: dimension.optional(),
  h: dimension.optional(),
  vw: dimension.optional(),
  vh: dimension.optional(),
  l: z.string().max(35).optional(),
  tz: z.string().max(64).optional(),
  d: int.min(0).max(86_400_000).optional(),
  sc: int.min(0).max(100).optional(),
  p: z.record(z.string().max(200), z.unknown()).optional(),
  id: z.string().min(1).max(256).optional(),
  v: z.string().max(32).optional(),
  e: z.record(z.string(), z.number()).optional(),
  /** Revenue of a custom event (`rv`, docs/api.md#hits). */
  rv: z
    .object({ amount: z.number().finite(), currency: z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code') })
    .optional(),
  /** The hit's key, the same on each retry of it: a retry is counted once (docs/api.md#hits). */
  k: HitKey.optional(),
});
export type TrackPayload = z.infer<typeof TrackPayload>;

/**
 * The same schema with zod's generated fast path (about twice as fast per hit, the URL check
 * aside); anything the fast path cannot decide goes to the runtime parser, so results are zod's.
 */
export const parseTrackPayload = z.compile(TrackPayload);
