/**
 * A user's `*` glob (an excluded path, say): `*` stands for any characters, `/` and none included;
 * every other character is itself, case-sensitive; the pattern covers the whole text. Matched
 * without a regular expression: a regex engine backtracks, and `/*a*a*a*b` against 800 `a`s took
 * it 17 s. Here the literal pieces between stars are found left to right, each at its first
 * occurrence (the first piece must start the text, the last end it): each piece searches only
 * the text after the one before, so a match costs at most 16 times the text's length plus the
 * pattern's, whatever the pattern.
 */
export type GlobMatcher = (text: string) => boolean;

/** Pieces up to this long are searched with `indexOf`: at most 16 comparisons per character. */
const SHORT_PIECE = 16;

/** One literal piece between stars, with its KMP failure table. */
interface Piece {
  text: string;
  /** `fail[i]`: the length of the longest proper border of `text.slice(0, i + 1)`. */
  fail: Int32Array;
}

function piece(text: string): Piece {
  const fail = new Int32Array(text.length > SHORT_PIECE ? text.length : 0);
  for (let i = 1, k = 0; i < fail.length; i++) {
    const c = text.charCodeAt(i);
    while (k > 0 && c !== text.charCodeAt(k)) k = fail[k - 1]!;
    if (c === text.charCodeAt(k)) k++;
    fail[i] = k;
  }
  return { text, fail };
}

/**
 * Where `p` first occurs wholly inside `text[from, to)`, or -1. A short piece goes to the engine's
 * substring search, whose cost is at most the text's length times the piece's (and far less in
 * practice); a long one to KMP, which reads each character once whatever the piece.
 */
function find(text: string, p: Piece, from: number, to: number): number {
  const n = p.text.length;
  if (n <= SHORT_PIECE) {
    const i = text.indexOf(p.text, from);
    return i >= 0 && i + n <= to ? i : -1;
  }
  for (let i = from, k = 0; i < to; i++) {
    const c = text.charCodeAt(i);
    while (k > 0 && c !== p.text.charCodeAt(k)) k = p.fail[k - 1]!;
    if (c === p.text.charCodeAt(k)) k++;
    if (k === n) return i - n + 1;
  }
  return -1;
}

/** Compiles one glob; compile once and match many texts. */
export function compileGlob(pattern: string): GlobMatcher {
  const parts = pattern.split('*');
  if (parts.length === 1) return (text) => text === pattern;
  const head = parts[0]!;
  const tail = parts[parts.length - 1]!;
  const middle = parts
    .slice(1, -1)
    .filter((p) => p !== '')
    .map(piece);
  return (text) => {
    const end = text.length - tail.length;
    if (end < head.length || !text.startsWith(head) || !text.endsWith(tail)) return false;
    let at = head.length;
    for (const p of middle) {
      const found = find(text, p, at, end);
      if (found < 0) return false;
      at = found + p.text.length;
    }
    return true;
  };
}

/** Whether a text matches any of the globs (false for none). */
export function compileGlobs(patterns: readonly string[]): GlobMatcher {
  const matchers = patterns.map(compileGlob);
  return (text) => matchers.some((m) => m(text));
}
