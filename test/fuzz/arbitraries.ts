import fc from 'fast-check';

/*
 * Hostile input as text and bytes. JSON is built as text, not as values: 1e400, -0, a lone
 * surrogate escape or 8,000 levels of nesting cannot all survive JSON.stringify, and big inputs are
 * built by repetition (fast-check would take seconds to draw a 2 MB string character by character).
 */

/** Nesting `depth` deep: arrays, objects, or both in turn, around a scalar. */
export const nested = (depth: number, shape: 'array' | 'object' | 'mixed', core = '1'): string => {
  let open = '';
  let close = '';
  for (let i = 0; i < depth; i++) {
    const array = shape === 'array' || (shape === 'mixed' && i % 2 === 0);
    open += array ? '[' : '{"k":';
    close = (array ? ']' : '}') + close;
  }
  return open + core + close;
};

export const DEPTHS = [17, 20, 100, 1_000, 6_000, 30_000] as const;

/** JSON text nested past the 16 levels every JSON-valued input is allowed. */
export const deepJson = fc
  .record({
    depth: fc.oneof(fc.constantFrom(...DEPTHS), fc.integer({ min: 17, max: 8_000 })),
    shape: fc.constantFrom('array' as const, 'object' as const, 'mixed' as const),
  })
  .map(({ depth, shape }) => nested(depth, shape));

/** Wide JSON: arrays and objects of thousands of members. */
export const wideJson = fc
  .record({
    n: fc.integer({ min: 100, max: 20_000 }),
    object: fc.boolean(),
    member: fc.constantFrom('0', '"x"', '{}', '[]', 'null'),
  })
  .map(({ n, object, member }) =>
    object
      ? `{${Array.from({ length: n }, (_, i) => `"k${i}":${member}`).join(',')}}`
      : `[${new Array<string>(n).fill(member).join(',')}]`,
  );

export const BIG_NUMBERS = [
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '18446744073709551616',
  '9007199254740993',
  '-9007199254740993',
  '1000000000000000',
  '123456789012345678901234567890.5',
  '0.1e99999',
] as const;

/** JSON string literals with what text-handling code trips on. */
export const ODD_STRINGS = [
  '"\\u0000"',
  '"a\\u0000b"',
  '"\\ud800"',
  '"\\udc00x"',
  '"\\ud83d"',
  '"\\ufeff/"',
  '"%zz%00%"',
  '"%ED%A0%80"',
  '"\\u202e"',
  '""',
  '" "',
  '"../../etc/passwd"',
  '"*"',
  '"/*a*a*a*a*a*a*b"',
  '"\'; DROP TABLE sites; --"',
  '"(a+)+$"',
  '"\\\\"',
] as const;

/** A string of `n` characters, as a JSON literal. */
export const hugeString = (n: number, unit = 'a') =>
  `"${unit.repeat(Math.ceil(n / unit.length)).slice(0, n)}"`;

export const hugeStringJson = fc
  .record({
    n: fc.oneof(fc.integer({ min: 200, max: 5_000 }), fc.constantFrom(4_097, 65_537, 1_100_000)),
    unit: fc.constantFrom('a', 'é', '\\u0000', '/', '*', '\\ud800'),
  })
  .map(({ n, unit }) => hugeString(n, unit));

export const wrongType = fc.constantFrom(
  'null',
  'true',
  'false',
  '0',
  '-1',
  '1.5',
  '"1"',
  '[]',
  '{}',
  '[1]',
  '{"a":1}',
);

/** Any JSON value fast-check draws, as text (lone surrogates included in its strings). */
export const plainJson = fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v) ?? 'null');

/** One hostile JSON value as text (some of it not JSON at all). */
export const hostileJson: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: deepJson, weight: 3 },
  { arbitrary: wideJson, weight: 1 },
  { arbitrary: fc.constantFrom(...BIG_NUMBERS), weight: 2 },
  { arbitrary: fc.constantFrom(...ODD_STRINGS), weight: 2 },
  { arbitrary: hugeStringJson, weight: 1 },
  { arbitrary: wrongType, weight: 3 },
  { arbitrary: plainJson, weight: 2 },
  {
    arbitrary: fc.constantFrom(
      '[',
      '{"a":',
      '"unterminated',
      'NaN',
      'Infinity',
      'undefined',
      "{'a':1}",
      '',
      '1,',
    ),
    weight: 1,
  },
);

/** Query values as sent (ASCII): percent garbage, JSON text, numbers at the edges, long strings. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '%',
    '%z',
    '%zz',
    '%C0%80',
    '%ED%A0%80',
    '%FF%FE',
    '%00',
    '%%%',
    '%2',
    '+',
    '%EF%BB%BF1',
    '[]',
    '{}',
  ),
  fc.constantFrom(...BIG_NUMBERS, 'NaN', 'Infinity', '-1', '0', '0x10', '1e3', '%201', '1%20', '01', ''),
  hostileJson.filter((j) => j.length < 14_000).map(queryEncode),
  fc.integer({ min: 1, max: 15_000 }).map((n) => 'a'.repeat(n)),
  fc.string({ unit: 'binary', maxLength: 40 }).map(queryEncode),
);

/**
 * Percent-encodes only what would break the request line or the query's structure, so nested
 * brackets go as they are (6,000 levels stay within the 16 KB a request head may have).
 */
export function queryEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c > 0x20 && c < 0x7f && !'%&+#'.includes(ch)) out += ch;
    else if (c >= 0xd800 && c <= 0xdfff)
      out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}
