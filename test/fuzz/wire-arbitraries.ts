import fc from 'fast-check';

/* What goes around a request's JSON: the body's bytes, its content type, its headers. */

/** The body as bytes, perhaps re-encoded or spoiled: BOMs, UTF-16, invalid UTF-8, truncation. */
export const bodyEncoding = fc.constantFrom(
  'utf8',
  'utf8',
  'utf8',
  'bom',
  'utf16le',
  'invalid-utf8',
  'surrogate-utf8',
  'nul',
  'truncated',
) satisfies fc.Arbitrary<string>;
export type BodyEncoding = typeof bodyEncoding extends fc.Arbitrary<infer T> ? T : never;

export function encodeBody(text: string, how: BodyEncoding): Buffer {
  const utf8 = Buffer.from(text, 'utf8');
  const mid = utf8.length >> 1;
  switch (how) {
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]);
    case 'utf16le':
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    case 'invalid-utf8':
      return Buffer.concat([
        utf8.subarray(0, mid),
        Buffer.from([0xc0, 0x80, 0xff, 0xfe]),
        utf8.subarray(mid),
      ]);
    case 'surrogate-utf8':
      return Buffer.concat([utf8.subarray(0, mid), Buffer.from([0xed, 0xa0, 0x80]), utf8.subarray(mid)]);
    case 'nul':
      return Buffer.concat([utf8.subarray(0, mid), Buffer.from([0]), utf8.subarray(mid)]);
    case 'truncated':
      return utf8.subarray(0, mid);
    default:
      return utf8;
  }
}

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=',
  'APPLICATION/JSON',
  'application/json;;;=',
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/vnd.api+json',
  'text/html',
  '*/*',
  'a/b; c="d',
  'application/json; charset=\xff',
  'x'.repeat(2_000),
] as const;

/** Header values a client can send (Latin-1, no control characters), some long or odd. */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', 'undefined', 'null', '\xff\xfe', 'é', '1, 2, 3', '*', 'x'.repeat(8_000)),
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\t\x20-\x7e]/g, '?')),
);

/** What proxies and clients put in X-Forwarded-For (the fuzzed server trusts it). */
export const forwardedFor = fc.constantFrom(
  'unknown',
  '1.2.3.4, x',
  '::ffff:127.0.0.1',
  '999.999.999.999',
  '[::1]:80',
  '127.0.0.1',
  '169.254.169.254',
  Array.from({ length: 500 }, (_, i) => `10.0.${i >> 8}.${i & 255}`).join(', '),
  '',
);
