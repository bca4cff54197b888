import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIRECTORY_LIMITS,
  DIRECTORY_MEDIA_TYPE,
  KeyDirectories,
} from '../../../src/edge/bot-auth/key-directory.js';
import { signatureAgents } from '../../../src/catalog/signature-agents.js';
import { signatureChecker } from '../../../src/edge/bot-auth/check-signature.js';
import { signRequest, testKey } from '../../support/bot-auth.js';

const key = await testKey();
const JWKS = JSON.stringify({ keys: [key.jwk, { kty: 'RSA', n: 'x', e: 'AQAB' }] });
let server: Server;
let base: string;
const hits = new Map<string, number>();

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.set(req.url!, (hits.get(req.url!) ?? 0) + 1);
    if (req.url === '/slow') return void setTimeout(() => res.end(JWKS), 3_000);
    if (req.url === '/missing') return void res.writeHead(404).end();
    const body = req.url === '/big' ? ' '.repeat(DIRECTORY_LIMITS.maxBytes) + JWKS : JWKS;
    res.writeHead(200, { 'content-type': DIRECTORY_MEDIA_TYPE, 'cache-control': 'max-age=30' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('Web Bot Auth key directories', () => {
  it('reads the Ed25519 keys by thumbprint and keeps them for max-age raised to 5 minutes', async () => {
    let now = 1_000_000;
    const dirs = new KeyDirectories({ allowPrivate: true, now: () => now });
    const first = await dirs.keys(`${base}/dir`);
    expect(first.ok && [...first.keys.keys()]).toEqual([key.keyid]);
    now += 299_000;
    await dirs.keys(`${base}/dir`);
    expect(hits.get('/dir')).toBe(1);
    now += 2_000;
    await dirs.keys(`${base}/dir`);
    expect(hits.get('/dir')).toBe(2);
  });

  it('refuses a private address without POLICY_FETCH_PRIVATE, as the policy fetcher does', async () => {
    const before = hits.get('/dir') ?? 0;
    const r = await new KeyDirectories({ allowPrivate: false }).keys(`${base}/dir`);
    expect(r).toEqual({ ok: false, reason: 'refused: 127.0.0.1 is a loopback address, not a public one' });
    expect(hits.get('/dir') ?? 0).toBe(before);
  });

  it('refuses a directory over 64 KiB and one slower than 2 s, and remembers the failure for a minute', async () => {
    let now = 0;
    const dirs = new KeyDirectories({ allowPrivate: true, now: () => now });
    expect(await dirs.keys(`${base}/big`)).toEqual({ ok: false, reason: 'body larger than 65536 bytes' });
    const started = Date.now();
    expect(await dirs.keys(`${base}/slow`)).toEqual({ ok: false, reason: 'no answer within 2000 ms' });
    expect(Date.now() - started).toBeLessThan(2_900);
    expect(await dirs.keys(`${base}/missing`)).toEqual({ ok: false, reason: 'directory answered 404' });
    now += 59_000;
    await dirs.keys(`${base}/missing`);
    expect(hits.get('/missing')).toBe(1);
    now += 2_000;
    await dirs.keys(`${base}/missing`);
    expect(hits.get('/missing')).toBe(2);
  });

  it('reads a directory once for concurrent claims and leaves claims unchecked past 4 reads in flight', async () => {
    const dirs = new KeyDirectories({ allowPrivate: true });
    const urls = ['a', 'b', 'c', 'd', 'e'].map((p) => `${base}/dir?${p}`);
    const results = await Promise.all([urls[0]!, ...urls].map((u) => dirs.keys(u)));
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true, false]);
    expect(results[5]).toEqual({ ok: false, reason: 'directory_busy' });
    expect(hits.get('/dir?a')).toBe(1);
  });

  it('holds a signed fetch no longer than the 2 s cap when its directory stalls: the claim is left unchecked', async () => {
    const checker = signatureChecker(
      signatureAgents([]),
      new Map([['https://slow.example', `${base}/slow`]]),
      new KeyDirectories({ allowPrivate: true }),
    );
    const ts = Date.now();
    const signed = await signRequest({
      key,
      authority: 'docs.example',
      signatureAgent: '"https://slow.example"',
      created: ts,
      expires: ts + 60_000,
    });
    const started = Date.now();
    const verdict = await checker.check(
      {
        authority: 'docs.example',
        method: 'GET',
        path: '/',
        signature: signed.signature,
        signatureInput: signed.signature_input,
        signatureAgent: '"https://slow.example"',
      },
      ts,
    );
    expect(verdict).toEqual({
      agent: 'https://slow.example',
      result: 'unchecked',
      reason: 'directory_unavailable',
    });
    expect(Date.now() - started).toBeLessThan(2_900);
  });
});
