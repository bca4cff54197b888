import { createHmac } from 'node:crypto';

/** The request header that carries an edge request's signature. */
export const EDGE_SIGNATURE_HEADER = 'x-service-signature';

/**
 * The `x-service-signature` value for an edge request: `t=<unix seconds>,v1=<hex HMAC-SHA256>`,
 * keyed with the site's ingest key (its UTF-8 bytes, exactly as `POST /api/sites` returned it)
 * over `<t>.<body>`. Sign the exact bytes that will be sent, and sign every attempt afresh: the
 * server refuses a signature it has already accepted (409).
 */
export function signEdgeBody(
  body: string | Uint8Array,
  ingestKey: string,
  t: number = Math.floor(Date.now() / 1000),
): string {
  if (!Number.isSafeInteger(t) || t < 0) throw new RangeError(`t must be whole unix seconds, got ${t}`);
  const v1 = createHmac('sha256', ingestKey).update(`${t}.`).update(body).digest('hex');
  return `t=${t},v1=${v1}`;
}
