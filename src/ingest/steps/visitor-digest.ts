import { createHash } from 'node:crypto';

/**
 * The visitor: a digest of (daily salt, site, address, user agent). Without cookies it is stable
 * for a day and unlinkable after the salt is deleted; the address goes no further than here.
 */
export function visitorDigest(salt: Buffer, site: number, address: string, userAgent: string): string {
  return createHash('sha256')
    .update(salt)
    .update(`\u0000${site}\u0000${address}\u0000${userAgent}`)
    .digest('hex')
    .slice(0, 32);
}
