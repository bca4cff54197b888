import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob, compileGlobs } from '../../src/patterns/glob.js';

/** The meaning the matcher must keep: the anchored regex excluded paths were matched with before. */
function regexOf(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^]*');
  return new RegExp(`^${body}$`);
}

describe('compileGlob', () => {
  it.each([
    // `*` matches any characters, `/` and none included
    ['/admin/*', '/admin/users/1', true],
    ['/admin/*', '/admin/', true],
    ['/admin/*', '/admin', false],
    ['/*', '/', true],
    ['*', '', true],
    ['**', 'x/y', true],
    ['/a**b', '/ab', true],
    ['/*/edit', '/posts/42/edit', true],
    ['/*/edit', '/edit', false],
    ['/*.php', '/wp-login.php', true],
    ['/*.php', '/wp-login.phps', false],
    // anchored at both ends
    ['/health', '/health', true],
    ['/health', '/healthz', false],
    ['/health', '/x/health', false],
    ['/a*z', '/a-z/z', true],
    ['/a*z', '/a-z/', false],
    ['/ab*ba', '/aba', false],
    ['/ab*ba', '/abba', true],
    ['/*aa*aa', '/aaa', false],
    ['/*aa*aa', '/aaaa', true],
    ['/*abab*', '/aabaabab', true],
    ['/*abab*', '/aabaaba', false],
    // regex and LIKE metacharacters are literal
    ['/a.b', '/a.b', true],
    ['/a.b', '/axb', false],
    ['/(x)+[y]?{2}|$^\\', '/(x)+[y]?{2}|$^\\', true],
    ['/50%_off', '/50%_off', true],
    ['/50%_off', '/50x_off', false],
    ['/a?', '/ab', false],
    // case-sensitive, as pathnames are
    ['/Admin/*', '/admin/x', false],
    // code units as the regex without the u flag read them
    ['/café/*', '/café/menu', true],
    ['/*😀', '/smile😀', true],
    ['/a*b', '/a\nb', true],
  ])('%j against %j: %s', (pattern, text, expected) => {
    expect(compileGlob(pattern)(text)).toBe(expected);
  });

  it('agrees with the anchored regex on every short pattern and text over a small alphabet', () => {
    const words = (alphabet: string, max: number): string[] => {
      const out = [''];
      for (let i = 0; out[i]!.length < max; i++) for (const c of alphabet) out.push(out[i] + c);
      return out;
    };
    const texts = words('ab/', 5);
    const disagreements: string[][] = [];
    for (const pattern of words('ab*', 5)) {
      const glob = compileGlob(pattern);
      const re = regexOf(pattern);
      for (const text of texts) if (glob(text) !== re.test(text)) disagreements.push([pattern, text]);
    }
    expect(disagreements).toEqual([]);
  });

  it('agrees with the anchored regex on long pieces too (the KMP path)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b'), maxLength: 40, size: 'max' });
    const flip = (t: string, at: number) =>
      t === ''
        ? 'a'
        : t.slice(0, at % t.length) + (t[at % t.length] === 'a' ? 'b' : 'a') + t.slice((at % t.length) + 1);
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 5 }),
        fc.array(word, { maxLength: 5 }),
        fc.nat(),
        (pieces, fill, at) => {
          const pattern = pieces.join('*');
          // The pieces in order with filler between them (a match), and the same with one letter changed.
          const text = pieces.map((p, i) => (i > 0 ? (fill[i] ?? '') : '') + p).join('');
          for (const t of [text, flip(text, at)])
            expect(compileGlob(pattern)(t)).toBe(regexOf(pattern).test(t));
        },
      ),
      { numRuns: 2000 },
    );
  });

  // Bounds are hang detectors: a backtracking engine takes seconds to hours on these.
  it('answers hostile patterns and texts at once, with the exact result', () => {
    const started = performance.now();
    expect(compileGlob('/*a*a*a*b')('/' + 'a'.repeat(800))).toBe(false);
    expect(compileGlob('/*a*a*a*b')('/' + 'a'.repeat(800) + 'b')).toBe(true);
    expect(compileGlob('/' + '*a'.repeat(250) + '*b')('/' + 'a'.repeat(200_000))).toBe(false);
    expect(compileGlob('/*' + 'a'.repeat(499) + 'b')('/' + 'a'.repeat(200_000))).toBe(false);
    expect(compileGlob('/*' + 'a'.repeat(499) + 'b')('/' + 'a'.repeat(200_000) + 'b')).toBe(true);
    for (const n of [2, 6, 15, 16, 17, 40])
      expect(compileGlob('/*' + 'a'.repeat(n - 1) + 'b*')('/' + 'a'.repeat(200_000))).toBe(false);
    expect(compileGlob('/*' + 'ab'.repeat(20) + 'c')('/' + 'ab'.repeat(100_000) + 'c')).toBe(true);
    const many = compileGlobs(Array.from({ length: 100 }, (_, i) => '/*' + 'a'.repeat(i + 1) + '*b*'));
    expect(many('/' + 'a'.repeat(200_000))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('compileGlobs', () => {
  it('matches when any glob does, and never for none', () => {
    const m = compileGlobs(['/health', '/admin/*']);
    expect([m('/health'), m('/admin/x'), m('/blog')]).toEqual([true, true, false]);
    expect(compileGlobs([])('/')).toBe(false);
  });
});
