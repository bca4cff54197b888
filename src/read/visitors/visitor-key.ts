import { hash } from 'node:crypto';

/** Hex characters of an anonymous visitor's digest: 64 bits, so a site's visitors never collide in practice. */
const DIGEST_CHARS = 16;

/**
 * How a read names a visitor: the identify id when the visitor identified, else a short digest of
 * the daily visitor id. The daily id itself is never shown: while its day's salt exists (two days)
 * it could be matched against guessed addresses and user agents, and it is the key that joins a
 * person's hits. The digest is one-way, stable for the day (so the sessions and visitors reads
 * name a visitor alike) and, per site, different from any other site's.
 */
export function visitorName(site: number, identity: string | null, visitorId: string): string {
  if (identity !== null) return identity;
  return hash('sha256', `twofold-visitor:${site}:${visitorId}`, 'hex').slice(0, DIGEST_CHARS);
}
