import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Readable prefixes tell a leaked secret's kind at a glance (and let secret scanners match it). */
export const TOKEN_PREFIXES = {
  apiKey: 'tf_',
  ingestKey: 'ik_',
  share: 'sh_',
  session: '',
  passwordReset: '',
  shareUnlock: '',
  invitation: 'inv_',
} as const;
export type TokenKind = keyof typeof TOKEN_PREFIXES;

const TOKEN_BYTES = 32;
/** 32 random bytes in base64url, unpadded. */
const BODY = /^[A-Za-z0-9_-]{43}$/;

export function randomToken(kind: TokenKind): string {
  return TOKEN_PREFIXES[kind] + randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * Whether a presented value could be a token of this kind at all. Rejecting garbage here spares
 * a database round trip; it reveals nothing, since the format is public.
 */
export function looksLikeToken(kind: TokenKind, value: string): boolean {
  const prefix = TOKEN_PREFIXES[kind];
  return value.startsWith(prefix) && BODY.test(value.slice(prefix.length));
}

/**
 * What is stored instead of the token. A plain SHA-256 suffices: the input has 256 random bits,
 * so neither salt nor a slow hash would add anything, and the digest can be looked up directly.
 */
export function tokenDigest(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Compares two secrets without leaking, through timing, how long a prefix they share. */
export function secretsEqual(a: Buffer | string, b: Buffer | string): boolean {
  const x = typeof a === 'string' ? Buffer.from(a, 'utf8') : a;
  const y = typeof b === 'string' ? Buffer.from(b, 'utf8') : b;
  return x.length === y.length && timingSafeEqual(x, y);
}
