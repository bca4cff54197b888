/**
 * The finite set of literal strings a source list's regular expression matches, when it is
 * simple enough to have one: literals, escaped punctuation, groups, alternation, `?`, and
 * character classes of a few single characters (`[ -]`, `[wW]`). Anything else (`.`, `*`, `+`,
 * `{n}`, `\d`, lookarounds, back-references, ranges) is refused with a reason, and the
 * generator then wants a hand decision. This is how third-party expressions reach the catalog
 * without ever being run: the catalog matches the literals as tokens (classify.ts), whose cost
 * is linear in the user agent whatever the lists hold.
 */
export interface Literal {
  text: string;
  /** Only at the start of the user agent (`^`), only at its end (`$`). */
  atStart: boolean;
  atEnd: boolean;
}
export type Literals = { ok: true; literals: Literal[] } | { ok: false; reason: string };

/** More alternatives than this is no token list but a pattern, and is refused. */
const MAX_LITERALS = 64;
const MAX_CLASS = 4;
/** Characters an escape may stand for literally. */
const ESCAPABLE = new Set([...'.-/()[]{}+*?|^$\\ !:;,#@&=%~\'"_<>']);

/** Characters that stand for themselves. */
const PLAIN = /[^\\()[\]|.*+?{}^$]+/y;

class Refused extends Error {}

/**
 * `^` may open and `$` may close a top-level alternative (`^curl|Wget`): the literal must then
 * start or end the user agent. Anywhere else they are refused.
 */
export function literalsOf(pattern: string): Literals {
  let at = 0;
  const refuse = (what: string): never => {
    throw new Refused(`${what} at ${at}`);
  };

  // top := anchored ('|' anchored)*, alternatives := sequence ('|' sequence)*
  function top(): Literal[] {
    const out: Literal[] = [];
    for (;;) {
      const atStart = pattern[at] === '^';
      if (atStart) at++;
      const texts = sequence();
      const atEnd = pattern[at] === '$';
      if (atEnd) at++;
      out.push(...texts.map((text) => ({ text, atStart, atEnd })));
      bound(out);
      if (pattern[at] !== '|') return out;
      at++;
    }
  }

  function alternatives(): string[] {
    const out = sequence();
    while (pattern[at] === '|') {
      at++;
      out.push(...sequence());
      bound(out);
    }
    return out;
  }

  function sequence(): string[] {
    let out = [''];
    const ends = () => pattern[at] === '$' && (at + 1 === pattern.length || pattern[at + 1] === '|');
    while (at < pattern.length && pattern[at] !== '|' && pattern[at] !== ')' && !ends()) {
      // A run of plain characters at once (a `?` after it takes only its last one).
      PLAIN.lastIndex = at;
      const run = PLAIN.exec(pattern)?.[0] ?? '';
      const take = pattern[at + run.length] === '?' ? run.slice(0, -1) : run;
      if (take.length > 0) {
        at += take.length;
        out = out.map((head) => head + take);
        continue;
      }
      let choices = atom();
      if (pattern[at] === '?') {
        at++;
        if (pattern[at] === '?') refuse('a lazy quantifier');
        choices = [...choices, ''];
      }
      if (/[*+{]/.test(pattern[at] ?? '')) refuse(`the quantifier ${pattern[at]}`);
      out = out.flatMap((head) => choices.map((c) => head + c));
      bound(out);
    }
    return out;
  }

  function atom(): string[] {
    const c = pattern[at]!;
    if (c === '(') {
      at++;
      if (pattern.startsWith('?:', at)) at += 2;
      else if (pattern[at] === '?') refuse('a lookaround or named group');
      const inner = alternatives();
      if (pattern[at] !== ')') refuse('an unclosed group');
      at++;
      return inner;
    }
    if (c === '[') return charClass();
    if (c === '\\') return [escaped()];
    if ('.*+?{}^$]'.includes(c)) refuse(`the operator ${c}`);
    at++;
    return [c];
  }

  function escaped(): string {
    const c = pattern[at + 1];
    if (c === undefined || !ESCAPABLE.has(c)) refuse(`the escape \\${c ?? ''}`);
    at += 2;
    return c!;
  }

  function charClass(): string[] {
    at++;
    if (pattern[at] === '^') refuse('a negated class');
    const chars: string[] = [];
    while (at < pattern.length && pattern[at] !== ']') {
      const c = pattern[at] === '\\' ? escaped() : pattern[at++]!;
      if (pattern[at] === '-' && pattern[at + 1] !== ']') refuse('a class range');
      chars.push(c);
    }
    if (pattern[at] !== ']') refuse('an unclosed class');
    at++;
    // Matching ignores case, so [wW] is one choice.
    const unique = [...new Map(chars.map((ch) => [ch.toLowerCase(), ch])).values()];
    if (unique.length === 0 || unique.length > MAX_CLASS) refuse(`a class of ${unique.length}`);
    return unique;
  }

  function bound(list: unknown[]): void {
    if (list.length > MAX_LITERALS) refuse(`more than ${MAX_LITERALS} alternatives`);
  }

  try {
    const literals = top();
    if (at !== pattern.length) refuse(`the unmatched ${pattern[at]}`);
    const key = (l: Literal) => `${l.atStart ? '^' : ''}${l.text.toLowerCase()}${l.atEnd ? '$' : ''}`;
    const unique = [...new Map(literals.map((l) => [key(l), l])).values()];
    if (unique.some((l) => l.text === '')) return { ok: false, reason: 'it matches the empty string' };
    return { ok: true, literals: unique };
  } catch (err) {
    if (err instanceof Refused) return { ok: false, reason: err.message };
    throw err;
  }
}
