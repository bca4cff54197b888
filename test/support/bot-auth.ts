import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { jwkToKeyID, signatureHeaders } from 'web-bot-auth';
import { helpers } from 'web-bot-auth/crypto';

/** An Ed25519 key as a Web Bot Auth signer holds it: its public JWK and its thumbprint (`keyid`). */
export interface TestKey {
  privateKey: KeyObject;
  jwk: { kty: string; crv: string; x: string };
  keyid: string;
}

export async function testKey(): Promise<TestKey> {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' }) as TestKey['jwk'];
  // The thumbprint as Cloudflare's implementation computes it, independently of twofold's.
  const keyid = await jwkToKeyID(jwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);
  return { privateKey, jwk, keyid };
}

export interface SignOptions {
  key: TestKey;
  /** The keyid the signature claims (default the key's own). */
  keyid?: string;
  authority: string;
  path?: string;
  /** The Signature-Agent header as sent (an sf-string: `"https://…"`); none when undefined. */
  signatureAgent?: string;
  created: number;
  expires: number;
}

/** Signature and Signature-Input headers, signed by web-bot-auth (Cloudflare's implementation). */
export async function signRequest(o: SignOptions): Promise<{ signature: string; signature_input: string }> {
  const signer = {
    alg: 'ed25519' as const,
    keyid: o.keyid ?? o.key.keyid,
    sign: async (data: string) => new Uint8Array(sign(null, Buffer.from(data), o.key.privateKey)),
  };
  const headers: Record<string, string> = o.signatureAgent ? { 'signature-agent': o.signatureAgent } : {};
  const h = await signatureHeaders(
    { method: 'GET', url: `https://${o.authority}${o.path ?? '/'}`, headers },
    signer,
    { created: new Date(o.created), expires: new Date(o.expires) },
  );
  return { signature: h.Signature, signature_input: h['Signature-Input'] };
}
