import { LRUCache } from 'lru-cache';

// A token matches where it is not glued to a letter, digit, `_` or `.`: `GPTBot` matches
// `compatible; GPTBot/1.1` but neither `XGPTBot` nor the host in `https://openai.com/…` (for the
// `OpenAI` token). A `-` is a boundary, so `Googlebot` also matches in `Googlebot-Image/1.0`;
// there the longer `Googlebot-Image` wins (see createClassifier).
const BEFORE = '(?<![\\w.])';
const AFTER = '(?![\\w.])';

/**
 * Compiles an agent's `ua_pattern` (a case-insensitive regular expression for its token(s)) inside
 * the token boundaries. Throws on a pattern that does not compile.
 */
export function compileUaPattern(pattern: string, flags = 'i'): RegExp {
  return new RegExp(`${BEFORE}(?:${pattern})${AFTER}`, flags);
}

/** The `ua_pattern` matching any of the literal tokens, longest first. */
export function tokensPattern(tokens: readonly string[]): string {
  const unique = [...new Map(tokens.map((t) => [t.toLowerCase(), t])).values()];
  return unique
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|');
}

export interface Classifier<A> {
  (userAgent: string): A | null;
}

/**
 * The agent whose token a user agent carries. When several agents' tokens appear, the longest
 * match wins (`ChatGPT-User` over a shorter token inside it, `Googlebot-Image` over `Googlebot`),
 * then the earliest, then the agent listed first. Agents without a pattern (robots.txt-only
 * tokens such as Google-Extended) never match. Answers are cached per user agent.
 */
export function createClassifier<A extends { ua_pattern: string | null }>(
  agents: readonly A[],
  cacheSize = 10_000,
): Classifier<A> {
  const matchers = agents.flatMap((agent, index) =>
    agent.ua_pattern === null ? [] : [{ index, re: compileUaPattern(agent.ua_pattern, 'gi') }],
  );
  // Most user agents are browsers that match nothing: one pass of the union tells, and only
  // user agents that carry some token pay for the per-agent search.
  const any = matchers.length
    ? compileUaPattern(agents.flatMap((a) => (a.ua_pattern === null ? [] : [a.ua_pattern])).join('|'))
    : /$^/;
  const cache = new LRUCache<string, number>({ max: cacheSize });

  function find(ua: string): number {
    if (!any.test(ua)) return -1;
    let best = -1;
    let bestLength = 0;
    let bestAt = 0;
    for (const { index, re } of matchers) {
      re.lastIndex = 0;
      for (let m = re.exec(ua); m; m = re.exec(ua)) {
        const length = m[0].length;
        if (length > bestLength || (length === bestLength && m.index < bestAt)) {
          best = index;
          bestLength = length;
          bestAt = m.index;
        }
        if (length === 0) re.lastIndex++;
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
