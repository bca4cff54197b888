import { createHmac, timingSafeEqual } from 'node:crypto';

/** docs/api.md#edge-logs: `t` more than five minutes from the server clock is refused. */
export const SIGNATURE_TOLERANCE_S = 300;

export type SignatureCheck = { ok: true; digest: Buffer } | { ok: false; reason: string };

const HEADER = /^t=(\d{1,12}),v1=([0-9a-f]{64})$/;

/**
 * Verifies `x-service-signature: t=<unix>,v1=<hex>`: HMAC-SHA256 keyed with the ingest key over
 * `<t>.<raw body>`, the bytes exactly as received, compared in constant time.
 */
export function verifySignature(
  header: string | undefined,
  rawBody: Buffer,
  ingestKey: string,
  nowMs = Date.now(),
): SignatureCheck {
  const m = HEADER.exec(header?.trim() ?? '');
  if (!m) return { ok: false, reason: 'missing or malformed x-service-signature (t=<unix>,v1=<hex>)' };
  const t = Number(m[1]);
  if (Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_S)
    return { ok: false, reason: 'signature timestamp is more than five minutes from the server clock' };
  const expected = createHmac('sha256', ingestKey).update(`${m[1]}.`).update(rawBody).digest();
  const given = Buffer.from(m[2]!, 'hex');
  if (!timingSafeEqual(expected, given)) return { ok: false, reason: 'signature does not match the body' };
  return { ok: true, digest: given };
}
