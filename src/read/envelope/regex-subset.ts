import { FILTER_LIMITS } from './filter-limits.js';

/**
 * `matches` runs PostgreSQL's `~` (an ARE), while whoever writes the pattern most likely thinks
 * in JavaScript or PCRE, and the two disagree on plenty: `\b` is a backspace in an ARE and a word
 * boundary in JS; `[[:alpha:]]` is a class in an ARE and a class-plus-`]` in JS; `a{` and `a{,3}`
 * are literals in an ARE; `\x` takes any number of hex digits in an ARE; an ARE may start with
 * `***:` or `(?i)`; named groups, `\p{…}` and more exist only in JS. Compiling with `new RegExp`
 * would pass patterns PostgreSQL rejects (a 500, not a 400) or reads differently.
 *
 * So a pattern must lie in a small subset that both read the same way, checked here by a
 * recursive-descent parser: literals; `.`; `^` `$`; `\d \w \s \D \W \S`; `\n \r \t \f \v`; a
 * backslash before ASCII punctuation; classes `[…]` / `[^…]` of characters, ranges and `\d \w \s`
 * (a `[` inside must be escaped, so no POSIX `[:…:]`); groups `(…)` and `(?:…)`; `|`; and
 * quantifiers `* + ? {n} {n,} {n,m}` (n ≤ m ≤ 255, PostgreSQL's limit), greedy or lazy. Left out:
 * back-references (which take PostgreSQL's matcher off its DFA onto a backtracking path),
 * lookaround, `\b`, flags. Every accepted pattern compiles in both engines (the tests check this against
 * PostgreSQL), and its meaning differs only where PostgreSQL is the more natural one for a URL or
 * label: `.` also matches a newline, and `\w \d \s` also take non-ASCII letters, digits, spaces.
 * Matching stays case-sensitive, as `~` is.
 *
 * Bounded repetition is expanded when PostgreSQL compiles a pattern, so `(a{255}){255}` fails as
 * "too complex", and big counts slow every row (on PostgreSQL 15, over 100k short rows: 0.3 s for
 * `abc`, 5 s for `(.{100}){5}`); so the weight, atoms after expansion, is capped.
 */
export function regexProblem(pattern: string): string | undefined {
  if (pattern.length > FILTER_LIMITS.regex) return `a regex has at most ${FILTER_LIMITS.regex} characters`;
  try {
    const weight = new RegexSubset(pattern).parse();
    if (weight > FILTER_LIMITS.regexWeight)
      return `invalid regex: repetition expands it past ${FILTER_LIMITS.regexWeight} steps; use smaller counts`;
    return undefined;
  } catch (err) {
    if (err instanceof RegexSyntaxError) return `invalid regex at character ${err.at + 1}: ${err.message}`;
    throw err;
  }
}

class RegexSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
  ) {
    super(message);
  }
}

const SHORTHANDS = new Set('dwsDWS');
const CONTROLS: Record<string, number> = { n: 10, r: 13, t: 9, f: 12, v: 11 };
const isPunctuation = (c: string) => /^[\x20-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]$/.test(c);

class RegexSubset {
  private pos = 0;
  constructor(private readonly s: string) {}

  /** The pattern's weight: how many atoms it holds once bounded repetitions are expanded. */
  parse(): number {
    const weight = this.alternation();
    if (this.pos < this.s.length) this.fail('unmatched )');
    return weight;
  }

  private fail(message: string, at = this.pos): never {
    throw new RegexSyntaxError(message, at);
  }

  private alternation(): number {
    let weight = this.sequence();
    while (this.s[this.pos] === '|') {
      this.pos++;
      weight += this.sequence();
    }
    return weight;
  }

  private sequence(): number {
    let weight = 0;
    while (this.pos < this.s.length && this.s[this.pos] !== '|' && this.s[this.pos] !== ')') {
      const atom = this.atom();
      weight += atom * this.quantifier(atom > 0);
    }
    return weight;
  }

  /** Consumes one atom; its weight, 0 for an anchor (which cannot be quantified). */
  private atom(): number {
    const c = this.s[this.pos]!;
    switch (c) {
      case '(': {
        const open = this.pos++;
        if (this.s[this.pos] === '?') {
          if (this.s[this.pos + 1] !== ':')
            this.fail('only (…) and (?:…) groups are supported, not lookaround, named groups or flags');
          this.pos += 2;
        }
        const weight = this.alternation();
        if (this.s[this.pos] !== ')') this.fail('unclosed (', open);
        this.pos++;
        return Math.max(weight, 1);
      }
      case '[':
        this.charClass();
        return 1;
      case '^':
      case '$':
        this.pos++;
        return 0;
      case '\\':
        this.escape(false);
        return 1;
      case '*':
      case '+':
      case '?':
      case '{':
        return this.fail(`nothing to repeat before ${c}`);
      case ']':
      case '}':
        return this.fail(`escape a literal ${c} as \\${c}`);
      default:
        // A whole code point: JavaScript without the u flag would quantify half a surrogate pair.
        this.pos += this.s.codePointAt(this.pos)! > 0xffff ? 2 : 1;
        return 1;
    }
  }

  /** Consumes an optional quantifier; the factor it multiplies its atom's weight by. */
  private quantifier(quantifiable: boolean): number {
    const c = this.s[this.pos];
    if (c !== '*' && c !== '+' && c !== '?' && c !== '{') return 1;
    if (!quantifiable) this.fail(`nothing to repeat before ${c}`);
    let factor = 1;
    if (c === '{') {
      const m = /^\{(\d{1,3})(,(\d{1,3})?)?\}/.exec(this.s.slice(this.pos));
      const lo = m ? Number(m[1]) : NaN;
      const hi = m ? (m[2] === undefined ? lo : m[3] === undefined ? undefined : Number(m[3])) : NaN;
      if (!m || lo > 255 || (hi !== undefined && (hi > 255 || hi < lo)))
        this.fail('a count is {n}, {n,} or {n,m} with n ≤ m ≤ 255; escape a literal { as \\{');
      factor = Math.max(hi ?? lo + 1, 1);
      this.pos += m[0].length;
    } else this.pos++;
    if (this.s[this.pos] === '?') this.pos++;
    const next = this.s[this.pos];
    if (next === '*' || next === '+' || next === '?' || next === '{')
      this.fail(`nothing to repeat before ${next}`);
    return factor;
  }

  /** Consumes `\x` (at the backslash); the code point it stands for, or undefined for \d \w \s…. */
  private escape(inClass: boolean): number | undefined {
    const at = this.pos;
    const c = this.s[this.pos + 1];
    if (c === undefined) this.fail('the pattern ends with a lone \\', at);
    this.pos += 2;
    if (SHORTHANDS.has(c) && (!inClass || c === c.toLowerCase())) return undefined;
    if (Object.hasOwn(CONTROLS, c)) return CONTROLS[c];
    if (isPunctuation(c)) return c.charCodeAt(0);
    if (c === 'b' || c === 'B')
      this.fail(`\\${c} is a word-boundary assertion in JavaScript but not in PostgreSQL; not supported`, at);
    if (SHORTHANDS.has(c)) this.fail(`\\${c} is not allowed inside [ ]`, at);
    return this.fail(
      `\\${c} is not supported; a backslash goes before punctuation or one of d w s D W S n r t f v`,
      at,
    );
  }

  private charClass(): void {
    const open = this.pos++;
    if (this.s[this.pos] === '^') this.pos++;
    if (this.s[this.pos] === ']') this.fail('empty [ ]; escape a literal ] as \\]');
    while (this.s[this.pos] !== ']') {
      const lo = this.classAtom(open);
      if (this.s[this.pos] !== '-' || this.s[this.pos + 1] === ']') continue;
      const dash = this.pos++;
      const hi = this.classAtom(open);
      if (lo === undefined || hi === undefined) this.fail('a range must run between two characters', dash);
      // Outside the BMP a range means one thing to PostgreSQL and another to UTF-16 JavaScript.
      if (lo > 0xffff || hi > 0xffff) this.fail('a range cannot end beyond U+FFFF', dash);
      if (lo > hi) this.fail('range out of order', dash);
      if (this.s[this.pos] === '-' && this.s[this.pos + 1] !== ']')
        this.fail('escape a literal - after a range as \\-');
    }
    this.pos++;
  }

  /** Consumes one class member; its code point (a range endpoint) or undefined for \d \w \s. */
  private classAtom(open: number): number | undefined {
    const c = this.s[this.pos];
    if (c === undefined) this.fail('unclosed [', open);
    if (c === '\\') return this.escape(true);
    if (c === '[') this.fail('escape a literal [ inside [ ] as \\[');
    const cp = this.s.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }
}
