import { hash } from 'node:crypto';

/**
 * The visitor: a digest of (daily salt, site, address, user agent). Without cookies it is stable
 * for a day and unlinkable after the salt is deleted; the address goes no further than here.
 */
export function visitorDigest(salt: Buffer, site: number, address: string, userAgent: string): string {
  // One-shot hash() over the same bytes as a Hash object fed salt then text: no native object per hit.
  const text = Buffer.from(`\u0000${site}\u0000${address}\u0000${userAgent}`);
  return hash('sha256', Buffer.concat([salt, text]), 'hex').slice(0, 32);
}
