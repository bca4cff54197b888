import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signEdgeBody } from '../../src/sdk/index.js';

const KEY = 'ik_Zm9vYmFy_ünïcode';

function expected(t: number, body: Buffer, key = KEY): string {
  return createHmac('sha256', Buffer.from(key, 'utf8'))
    .update(Buffer.concat([Buffer.from(`${t}.`), body]))
    .digest('hex');
}

describe('signEdgeBody', () => {
  it('answers t=<unix seconds>,v1=<64 hex digits>, an HMAC-SHA256 over "<t>.<body>" keyed with the key bytes', () => {
    const body = '{"site_id":1,"events":[{"pathname":"/é"}]}';
    const header = signEdgeBody(body, KEY, 1_750_000_000);
    expect(header).toBe(`t=1750000000,v1=${expected(1_750_000_000, Buffer.from(body, 'utf8'))}`);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  });

  it('signs bytes and the same text alike', () => {
    const body = '{"x":"日本"}';
    expect(signEdgeBody(Buffer.from(body), KEY, 5)).toBe(signEdgeBody(body, KEY, 5));
  });

  it('takes t from the clock by default', () => {
    const before = Math.floor(Date.now() / 1000);
    const t = Number(/^t=(\d+)/.exec(signEdgeBody('{}', KEY))![1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(before + 1);
  });

  it('gives a different signature for another t, body or key', () => {
    const base = signEdgeBody('{}', KEY, 100).split('v1=')[1];
    expect(signEdgeBody('{}', KEY, 101).split('v1=')[1]).not.toBe(base);
    expect(signEdgeBody('{ }', KEY, 100).split('v1=')[1]).not.toBe(base);
    expect(signEdgeBody('{}', `${KEY}x`, 100).split('v1=')[1]).not.toBe(base);
  });

  it('refuses a t that is not whole seconds', () => {
    expect(() => signEdgeBody('{}', KEY, 1.5)).toThrow(RangeError);
    expect(() => signEdgeBody('{}', KEY, Date.now() / 1000)).toThrow(RangeError);
  });
});
