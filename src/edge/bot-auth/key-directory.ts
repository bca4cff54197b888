import { createHash, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { guardedGet, type Resolve } from '../../policy/guarded-get.js';

/** Caps on one directory read (docs/operations.md#web-bot-auth). */
export const DIRECTORY_LIMITS = {
  maxBytes: 64 * 1024,
  timeoutMs: 2_000,
  maxKeys: 32,
  /** Directory reads in flight at once; a claim arriving when all are busy is left unchecked. */
  maxInFlight: 4,
  /** How long a directory is kept: its Cache-Control max-age, within these bounds. */
  minTtlMs: 5 * 60_000,
  maxTtlMs: 24 * 3_600_000,
  defaultTtlMs: 3_600_000,
  /** How long a directory that could not be read is not asked again. */
  failureTtlMs: 60_000,
} as const;

export const DIRECTORY_MEDIA_TYPE = 'application/http-message-signatures-directory+json';

const Jwks = z.object({
  keys: z.array(z.object({ kty: z.string(), crv: z.string().optional(), x: z.string().optional() }).loose()),
});

/** The Ed25519 keys of a directory by their JWK SHA-256 thumbprint (RFC 7638), the `keyid` signers use. */
export type DirectoryKeys = ReadonlyMap<string, KeyObject>;

export type DirectoryLookup = { ok: true; keys: DirectoryKeys } | { ok: false; reason: string };

export interface KeyDirectoryOptions {
  /** `POLICY_FETCH_PRIVATE`: the policy fetcher's address guard, the same setting. */
  allowPrivate: boolean;
  resolve?: Resolve;
  now?: () => number;
  limits?: Partial<typeof DIRECTORY_LIMITS>;
}

/** RFC 7638 thumbprint of an Ed25519 JWK: SHA-256 of its required members in lexical order. */
export function jwkThumbprint(jwk: { crv: string; kty: string; x: string }): string {
  const canonical = JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x });
  return createHash('sha256').update(canonical).digest('base64url');
}

/** The Ed25519 keys of a JWKS text (others are skipped: the profile signs with Ed25519). */
export function parseDirectory(text: string, maxKeys: number): DirectoryKeys {
  const jwks = Jwks.parse(JSON.parse(text));
  const keys = new Map<string, KeyObject>();
  for (const k of jwks.keys.slice(0, maxKeys)) {
    if (k.kty !== 'OKP' || k.crv !== 'Ed25519' || typeof k.x !== 'string' || k.x.length !== 43) continue;
    const jwk = { kty: 'OKP', crv: 'Ed25519', x: k.x };
    keys.set(jwkThumbprint(jwk), createPublicKey({ key: jwk, format: 'jwk' }));
  }
  return keys;
}

/** max-age of a Cache-Control value, in ms, within the bounds. */
function ttlOf(cacheControl: string | undefined, l: typeof DIRECTORY_LIMITS): number {
  const m = /(?:^|,)\s*max-age\s*=\s*"?(\d{1,10})"?/i.exec(cacheControl ?? '');
  const ms = m ? Number(m[1]) * 1000 : l.defaultTtlMs;
  return Math.min(l.maxTtlMs, Math.max(l.minTtlMs, ms));
}

/**
 * Operators' key directories, read over the policy fetcher's guard (public addresses only unless
 * POLICY_FETCH_PRIVATE), each at most once at a time, kept for their max-age (bounded), and a
 * failed read remembered briefly so that a burst of claims does not hammer it.
 */
export class KeyDirectories {
  private readonly cache = new Map<string, { until: number; lookup: DirectoryLookup }>();
  private readonly inFlight = new Map<string, Promise<DirectoryLookup>>();
  private readonly limits: typeof DIRECTORY_LIMITS;
  private readonly now: () => number;

  constructor(private readonly options: KeyDirectoryOptions) {
    this.limits = { ...DIRECTORY_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
  }

  async keys(url: string): Promise<DirectoryLookup> {
    const cached = this.cache.get(url);
    if (cached && cached.until > this.now()) return cached.lookup;
    const pending = this.inFlight.get(url);
    if (pending) return pending;
    if (this.inFlight.size >= this.limits.maxInFlight) return { ok: false, reason: 'directory_busy' };
    const read = this.read(url).finally(() => this.inFlight.delete(url));
    this.inFlight.set(url, read);
    return read;
  }

  private async read(url: string): Promise<DirectoryLookup> {
    let lookup: DirectoryLookup;
    let ttl: number = this.limits.failureTtlMs;
    try {
      const res = await guardedGet(url, {
        allowPrivate: this.options.allowPrivate,
        ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
        timeoutMs: this.limits.timeoutMs,
        maxRedirects: 2,
        headers: { accept: `${DIRECTORY_MEDIA_TYPE}, application/json;q=0.9`, 'user-agent': 'twofold' },
      });
      if (res.status !== 200) {
        res.discard();
        lookup = { ok: false, reason: `directory answered ${res.status}` };
      } else {
        const body = await res.readAll(this.limits.maxBytes);
        lookup = { ok: true, keys: parseDirectory(body.toString('utf8'), this.limits.maxKeys) };
        ttl = ttlOf(res.headers['cache-control'], this.limits);
      }
    } catch (err) {
      lookup = { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
    // Bounded: the URLs are the shipped list's and the setting's, never a row's.
    this.cache.set(url, { until: this.now() + ttl, lookup });
    return lookup;
  }
}
