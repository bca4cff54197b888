import { createPublicKey, sign as nodeSign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signatureAgents } from '../../../src/catalog/signature-agents.js';
import { CLOCK_SKEW_S, signatureChecker } from '../../../src/edge/bot-auth/check-signature.js';
import { jwkThumbprint } from '../../../src/edge/bot-auth/key-directory.js';
import type { SignedRequest } from '../../../src/edge/bot-auth/signature-input.js';
import { signRequest, testKey } from '../../support/bot-auth.js';

const CHATGPT = 'https://chatgpt.com';
const AGENT_HEADER = `"${CHATGPT}"`;
const TS = Date.UTC(2026, 10, 20, 10, 0, 0);
const S = 1000;

const key = await testKey();
const other = await testKey();
const known = signatureAgents([
  {
    origin: CHATGPT,
    operator: 'openai',
    agent_id: 'chatgpt-agent',
    purpose: 'user_action',
    sources: ['https://x.example/'],
  },
]);
const asked: string[] = [];
const checker = (reachable = true) =>
  signatureChecker(known, new Map(), {
    keys: async (url) => {
      asked.push(url);
      return reachable
        ? { ok: true, keys: new Map([[key.keyid, createPublicKey({ key: key.jwk, format: 'jwk' })]]) }
        : { ok: false, reason: 'down' };
    },
  });

async function request(
  over: Partial<Parameters<typeof signRequest>[0]> = {},
  row: Partial<SignedRequest> = {},
) {
  const signed = await signRequest({
    key,
    authority: 'docs.example',
    signatureAgent: AGENT_HEADER,
    created: TS - 5 * S,
    expires: TS + 60 * S,
    ...over,
  });
  return {
    authority: 'docs.example',
    method: 'GET',
    path: '/guide',
    signature: signed.signature,
    signatureInput: signed.signature_input,
    signatureAgent: over.signatureAgent === undefined ? AGENT_HEADER : over.signatureAgent,
    ...row,
  };
}

describe('Web Bot Auth signature check', () => {
  it('names keys by their RFC 7638 thumbprint as Cloudflare’s implementation does', () => {
    expect(jwkThumbprint(key.jwk)).toBe(key.keyid);
    expect(jwkThumbprint(other.jwk)).toBe(other.keyid);
  });

  it('accepts a web-bot-auth signature at the fetch’s own time, days before now, from the operator’s directory', async () => {
    asked.length = 0;
    expect(await checker().check(await request(), TS)).toEqual({ agent: CHATGPT, result: 'valid' });
    expect(asked).toEqual([`${CHATGPT}/.well-known/http-message-signatures-directory`]);
  });

  it('tolerates 60 s of clock skew either way and no more', async () => {
    expect(CLOCK_SKEW_S).toBe(60);
    const c = checker();
    const early = await request({ created: TS + 60 * S, expires: TS + 120 * S });
    expect((await c.check(early, TS)).result).toBe('valid');
    const late = await request({ created: TS - 120 * S, expires: TS - 60 * S });
    expect((await c.check(late, TS)).result).toBe('valid');
    expect(await c.check(await request({ created: TS + 61 * S, expires: TS + 120 * S }), TS)).toMatchObject({
      result: 'invalid',
      reason: 'created_in_future',
    });
    expect(await c.check(await request({ created: TS - 120 * S, expires: TS - 61 * S }), TS)).toMatchObject({
      result: 'invalid',
      reason: 'expired',
    });
  });

  it('refuses each forgery with its reason', async () => {
    const c = checker();
    const cases: [string, Awaited<ReturnType<typeof request>>][] = [
      ['bad_signature', await request({ key: other, keyid: key.keyid })],
      ['unknown_key', await request({ key: other })],
      ['bad_signature', await request({ authority: 'elsewhere.example' })],
      [
        'no_web_bot_auth_tag',
        await request().then((r) => ({
          ...r,
          signatureInput: r.signatureInput.replace(';tag="web-bot-auth"', ''),
        })),
      ],
      [
        'signature_agent_not_covered',
        await request({ signatureAgent: '' }).then((r) => ({ ...r, signatureAgent: AGENT_HEADER })),
      ],
      ['malformed', await request().then((r) => ({ ...r, signature: 'sig1=:not base64' }))],
    ];
    for (const [reason, r] of cases)
      expect(await c.check(r, TS), reason).toEqual({ agent: CHATGPT, result: 'invalid', reason });
  });

  it('leaves unchecked what it cannot judge: no agent, an unknown origin, an unreadable directory, an unbuildable component', async () => {
    asked.length = 0;
    const noAgent = await request({ signatureAgent: '' });
    expect(await checker().check({ ...noAgent, signatureAgent: undefined }, TS)).toEqual({
      agent: null,
      result: 'unchecked',
      reason: 'no_signature_agent',
    });
    const unknown = await request({ signatureAgent: '"https://bots.unknown.example"' });
    expect(await checker().check(unknown, TS)).toEqual({
      agent: 'https://bots.unknown.example',
      result: 'unchecked',
      reason: 'unknown_signature_agent',
    });
    expect(asked).toEqual([]);
    expect(await checker(false).check(await request(), TS)).toEqual({
      agent: CHATGPT,
      result: 'unchecked',
      reason: 'directory_unavailable',
    });
    const query = await request();
    const withQuery = {
      ...query,
      signatureInput: query.signatureInput.replace('("@authority"', '("@query" "@authority"'),
    };
    expect(await checker().check(withQuery, TS)).toMatchObject({
      result: 'unchecked',
      reason: 'component_unavailable',
    });
  });
});

describe('Web Bot Auth with a dictionary Signature-Agent (the member a covered `key` names)', () => {
  // Built by hand as RFC 9421 §2.1.2 defines it: the component's value is the member, serialized.
  const signed = (agentHeader: string, member: string) => {
    const params = `("@authority" "signature-agent";key="agent2");created=${TS / S - 5};keyid="${key.keyid}";alg="ed25519";expires=${TS / S + 60};tag="web-bot-auth"`;
    const base = [
      `"@authority": docs.example`,
      `"signature-agent";key="agent2": ${member}`,
      `"@signature-params": ${params}`,
    ].join('\n');
    const sig = nodeSign(null, Buffer.from(base), key.privateKey).toString('base64');
    return {
      authority: 'docs.example',
      method: 'GET',
      path: '/',
      signature: `sig1=:${sig}:`,
      signatureInput: `sig1=${params}`,
      signatureAgent: agentHeader,
    };
  };

  it('judges the claim of the member the signature covers', async () => {
    const header = 'agent1="https://other.example", agent2="https://chatgpt.com"';
    expect(await checker().check(signed(header, '"https://chatgpt.com"'), TS)).toEqual({
      agent: CHATGPT,
      result: 'valid',
    });
  });

  it('refuses a signature over another member than the header holds under that key', async () => {
    const r = signed('agent2="https://chatgpt.com"', '"https://elsewhere.example"');
    expect(await checker().check(r, TS)).toEqual({
      agent: CHATGPT,
      result: 'invalid',
      reason: 'bad_signature',
    });
  });
});

describe('Web Bot Auth on hostile headers', () => {
  it('never throws: every malformed claim on a known origin is a verdict', async () => {
    const good = await request();
    const hostile: Partial<SignedRequest>[] = [
      { signatureInput: '' },
      { signature: '' },
      { signatureInput: 'sig1=' },
      { signatureInput: 'sig1=(' + '"@authority" '.repeat(300) + ');tag="web-bot-auth"' },
      { signatureInput: 'sig1=("@authority");tag="web-bot-auth";created=1;expires=99999999999;keyid=?1' },
      { signatureInput: good.signatureInput.replace('"@authority"', '"@authority";req') },
      { signature: 'sig1=?1' },
      { signature: 'sig1=("x")' },
      { signatureInput: '\u0000\uffff', signature: '\ud800' },
      { signatureAgent: '"https://chatgpt.com' },
      { signatureAgent: 'a=' + '('.repeat(100) },
    ];
    for (const h of hostile) {
      const v = await checker().check({ ...good, ...h }, TS);
      expect(['invalid', 'unchecked'], JSON.stringify(h).slice(0, 80)).toContain(v.result);
    }
  });
});
