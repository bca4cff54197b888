import { LRUCache } from 'lru-cache';
import { type Literal, literalsOf } from './literal-tokens.js';

// A token matches where it is not glued to a letter, digit, `_` or `.`: `GPTBot` matches
// `compatible; GPTBot/1.1` but neither `XGPTBot` nor the host in `https://openai.com/…` (for the
// `OpenAI` token). A `-` is a boundary, so `Googlebot` also matches in `Googlebot-Image/1.0`;
// there the longer `Googlebot-Image` wins (see createClassifier). An end of a token that is no
// letter, digit, `_` or `.` is a boundary itself: `Fetch/` matches `Fetch/1.0` (and not a
// prose "fetch").
const BEFORE = '(?:(?<![\\w.])|(?![\\w.]))';
const AFTER = '(?:(?![\\w.])|(?<![\\w.]))';

/**
 * Compiles an agent's `ua_pattern` (a case-insensitive regular expression for its token(s)) inside
 * the token boundaries. Throws on a pattern that does not compile.
 */
export function compileUaPattern(pattern: string, flags = 'i'): RegExp {
  return new RegExp(`${BEFORE}(?:${pattern})${AFTER}`, flags);
}

/** The `ua_pattern` matching any of the literals, longest first; `^`/`$` where a literal is anchored. */
export function literalsPattern(literals: readonly Literal[]): string {
  const key = (l: Literal) => `${l.atStart ? '^' : ''}${l.text.toLowerCase()}${l.atEnd ? '$' : ''}`;
  const unique = [...new Map(literals.map((l) => [key(l), l])).values()];
  return unique
    .sort(
      (a, b) => b.text.length - a.text.length || a.text.localeCompare(b.text) || key(a).localeCompare(key(b)),
    )
    .map(
      (l) => `${l.atStart ? '^' : ''}${l.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}${l.atEnd ? '$' : ''}`,
    )
    .join('|');
}

/** The `ua_pattern` matching any of the literal tokens, longest first. */
export function tokensPattern(tokens: readonly string[]): string {
  return literalsPattern(tokens.map((text) => ({ text, atStart: false, atEnd: false })));
}

export interface Classifier<A> {
  (userAgent: string): A | null;
}

/** Where a literal ends in the trie: its agent, and whether it is anchored. */
interface TrieEnd {
  index: number;
  atStart: boolean;
  atEnd: boolean;
}

/** A-Z to a-z; every other code as it is (the regex engine's `i` folds no other pair onto ASCII). */
const fold = (code: number) => (code >= 65 && code <= 90 ? code + 32 : code);
/** `[\w.]`: what a token may not be glued to. */
const glue = (code: number) =>
  (code >= 48 && code <= 57) ||
  (code >= 65 && code <= 90) ||
  (code >= 97 && code <= 122) ||
  code === 95 ||
  code === 46;
const ascii = (text: string) => /^[\x20-\x7e]+$/.test(text);

/**
 * The agent whose token a user agent carries. When several agents' tokens appear, the longest
 * match wins (`ChatGPT-User` over a shorter token inside it, `Googlebot-Image` over `Googlebot`),
 * then the earliest, then the agent listed first. Agents without a pattern (robots.txt-only
 * tokens such as Google-Extended) never match. Answers are cached per user agent.
 *
 * Patterns that are literals (literal-tokens.ts; every generated one is) go into one trie, read
 * from each token start of the user agent: the cost is at most the user agent's length times the
 * longest literal, however many agents there are. The few hand-written patterns with lookaheads
 * are run as regular expressions, after one pass of their union.
 */
export function createClassifier<A extends { ua_pattern: string | null }>(
  agents: readonly A[],
  cacheSize = 10_000,
): Classifier<A> {
  // The trie as one map of edges, `node * 128 + code` → child node (root 0; codes are ASCII,
  // lower-cased): thousands of agents make tens of thousands of nodes, and one map of numbers
  // loads far faster than a map per node. `ends` lists the agents whose literal ends at a node.
  const edges = new Map<number, number>();
  const ends = new Map<number, TrieEnd[]>();
  let nodes = 1;
  const matchers: Array<{ index: number; re: RegExp }> = [];
  agents.forEach((agent, index) => {
    if (agent.ua_pattern === null) return;
    const literals = literalsOf(agent.ua_pattern);
    if (!literals.ok || !literals.literals.every((l) => ascii(l.text))) {
      matchers.push({ index, re: compileUaPattern(agent.ua_pattern, 'gi') });
      return;
    }
    for (const { text, atStart, atEnd } of literals.literals) {
      let node = 0;
      for (let i = 0; i < text.length; i++) {
        const edge = node * 128 + fold(text.charCodeAt(i));
        let child = edges.get(edge);
        if (child === undefined) edges.set(edge, (child = nodes++));
        node = child;
      }
      const list = ends.get(node);
      if (list) list.push({ index, atStart, atEnd });
      else ends.set(node, [{ index, atStart, atEnd }]);
    }
  });
  const any = matchers.length ? compileUaPattern(matchers.map((m) => m.re.source).join('|')) : null;
  const cache = new LRUCache<string, number>({ max: cacheSize });

  function find(ua: string): number {
    let best = -1;
    let bestLength = 0;
    let bestAt = 0;
    const consider = (index: number, at: number, length: number) => {
      if (
        length > bestLength ||
        (length === bestLength && (at < bestAt || (at === bestAt && index < best)))
      ) {
        best = index;
        bestLength = length;
        bestAt = at;
      }
    };
    for (let start = 0; start < ua.length; start++) {
      if (start > 0 && glue(ua.charCodeAt(start - 1)) && glue(ua.charCodeAt(start))) continue;
      let node: number | undefined = 0;
      for (let end = start; end < ua.length && node !== undefined;) {
        const code = fold(ua.charCodeAt(end));
        node = code < 128 ? edges.get(node * 128 + code) : undefined;
        end++;
        const here = node === undefined ? undefined : ends.get(node);
        if (!here) continue;
        if (end < ua.length && glue(ua.charCodeAt(end)) && glue(ua.charCodeAt(end - 1))) continue;
        for (const e of here)
          if ((!e.atStart || start === 0) && (!e.atEnd || end === ua.length)) {
            consider(e.index, start, end - start);
            break;
          }
      }
    }
    if (any?.test(ua)) {
      for (const { index, re } of matchers) {
        re.lastIndex = 0;
        for (let m = re.exec(ua); m; m = re.exec(ua)) {
          consider(index, m.index, m[0].length);
          if (m[0].length === 0) re.lastIndex++;
        }
      }
    }
    return best;
  }

  return (ua: string) => {
    let index = cache.get(ua);
    if (index === undefined) {
      index = find(ua);
      if (ua.length <= 2048) cache.set(ua, index);
    }
    return index === -1 ? null : agents[index]!;
  };
}
