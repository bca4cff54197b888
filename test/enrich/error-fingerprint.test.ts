import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorGroup, maskMessage } from '../../src/enrich/error-fingerprint.js';

const frame = (fn: string, file = 'https://shop.example/app.js?v=1') =>
  `TypeError: x\n    at ${fn} (${file}:10:5)`;

describe('maskMessage', () => {
  it.each([
    ['numbers', 'Request 42 failed after 3.5 s', 'Request <num> failed after <num> s'],
    [
      'quoted strings',
      `Cannot read properties of undefined (reading 'price')`,
      'Cannot read properties of undefined (reading <str>)',
    ],
    ['double quotes and backticks', 'Unknown key "a b" in `tpl 7`', 'Unknown key <str> in <str>'],
    ['an apostrophe is no quote', "Can't find variable: cart3", "Can't find variable: cart<num>"],
    ['UUIDs', 'Order 3F2504E0-4F89-11D3-9A0C-0305E82C3301 not found', 'Order <uuid> not found'],
    ['hex ids', 'Object 507f1f77bcf86cd799439011 at 0x7ffd5c3a gone', 'Object <hex> at <hex> gone'],
    ['hex-looking words without a digit stay', 'facade decade', 'facade decade'],
  ])('masks %s', (_what, message, masked) => {
    expect(maskMessage(message)).toBe(masked);
  });
});

describe('errorGroup', () => {
  const base = errorGroup({ message: `Order 17 for 'alice' failed (id 9b2e4c1a)`, stack: frame('checkout') });

  it('is the first 64 bits of SHA-256 over the masked message, file without query string, and function', () => {
    const digest = createHash('sha256')
      .update(
        ['Order <num> for <str> failed (id <hex>)', 'https://shop.example/app.js', 'checkout'].join('\n'),
      )
      .digest('hex');
    expect(base.fingerprint).toBe(digest.slice(0, 16));
    expect(base.frame).toEqual({
      file: 'https://shop.example/app.js',
      function: 'checkout',
      line: 10,
      col: 5,
    });
  });

  it('groups messages that differ only in numbers, ids and quoted strings, at another line or build', () => {
    const other = errorGroup({
      message: `Order 20931 for "bob o'neil" failed (id 0c77aa91ff)`,
      stack: 'TypeError: x\n    at checkout (https://shop.example/app.js?v=2:99:1)',
    });
    expect(other.fingerprint).toBe(base.fingerprint);
  });

  it('splits the same message thrown by another function or file', () => {
    const message = `Order 17 for 'alice' failed (id 9b2e4c1a)`;
    expect(errorGroup({ message, stack: frame('pay') }).fingerprint).not.toBe(base.fingerprint);
    expect(
      errorGroup({ message, stack: frame('checkout', 'https://shop.example/b.js') }).fingerprint,
    ).not.toBe(base.fingerprint);
  });

  it("reads the same place from Firefox's and Safari's stacks as from V8's", () => {
    const gecko = errorGroup({
      message: 'Order 5 for "c" failed (id 1234abcd)',
      stack: 'checkout@https://shop.example/app.js?v=9:10:5\nonClick@https://shop.example/app.js:1:1',
    });
    expect(gecko.fingerprint).toBe(base.fingerprint);
  });

  it("uses the event's source when there is no stack, and groups a message without any place alone", () => {
    const fromSource = errorGroup({ message: 'x is 1', source: 'https://shop.example/a.js?x', line: 3 });
    expect(fromSource.frame).toEqual({ file: 'https://shop.example/a.js', line: 3 });
    expect(errorGroup({ message: 'x is 2', source: 'https://shop.example/a.js', line: 4 }).fingerprint).toBe(
      fromSource.fingerprint,
    );
    const nowhere = errorGroup({ message: 'x is 1' });
    expect(nowhere.frame).toBeUndefined();
    expect(nowhere.fingerprint).not.toBe(fromSource.fingerprint);
    expect(errorGroup(undefined).fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });
});
