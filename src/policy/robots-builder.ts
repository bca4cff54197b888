import { type Agent, PURPOSES, type Purpose } from '../catalog/agents.js';

/*
 * A robots.txt made from the catalog and a site's choices: per purpose (and per agent, over its
 * purpose) allow or disallow. Every disallowed agent's robots tokens go into one `Disallow: /` group
 * per purpose; `User-agent: *` allows everything else and carries the Content Signals
 * (contentsignals.org) that the same choices imply.
 */

export const ROBOTS_VERDICTS = ['allow', 'disallow'] as const;
export type RobotsVerdict = (typeof ROBOTS_VERDICTS)[number];

export interface RobotsChoices {
  purposes: Record<Purpose, RobotsVerdict>;
  /** Agent id → verdict, over its purpose's. */
  agents: ReadonlyMap<string, RobotsVerdict>;
}

/** A group of the built file: the purpose it is written for, and its user-agent values in file order. */
export interface BuiltGroup {
  purpose: Purpose;
  tokens: string[];
}

export interface BuiltRobots {
  text: string;
  /** The disallowing groups, in file order (the `*` group, which allows, is not one). */
  groups: BuiltGroup[];
}

/** The Content Signals policy's three uses, each from the purpose whose agents fetch for it. */
const SIGNALS = [
  ['search', 'search'],
  ['ai-input', 'user_action'],
  ['ai-train', 'training'],
] as const satisfies readonly (readonly [string, Purpose])[];

const SIGNALS_COMMENT = [
  '# Content Signals (https://contentsignals.org): how content fetched from this site may be used.',
  '# yes: the use is allowed; no: it is not; a use left out is neither allowed nor refused here.',
  '# search: building a search index and showing links and short excerpts (not AI summaries).',
  '# ai-input: giving content to an AI model to answer with (retrieval, grounding, AI answers).',
  '# ai-train: training or fine-tuning AI models.',
];

/** A value that would end its line or start a comment cannot be written as a user-agent line. */
const writable = (value: string) =>
  value !== '' && !value.includes('#') && ![...value].some((c) => c < ' ' || c === '\u007f');

/** Case-insensitive first (as robots.txt reads user-agent values), then by code unit: locale-free. */
function byToken(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * The robots.txt for these choices. A token is written once whatever its case (the spelling that
 * sorts first), in the group of the first disallowed agent by id that spells it so. A token
 * several agents share (possible in a custom catalog) is written when one of them is disallowed,
 * unless one of them is allowed by name in `agents`.
 */
export function buildRobots(
  agents: readonly Agent[],
  choices: RobotsChoices,
  sitemaps: readonly string[],
): BuiltRobots {
  const verdictOf = (a: Agent) => choices.agents.get(a.agent_id) ?? choices.purposes[a.purpose];
  const keptOpen = new Set(
    agents
      .filter((a) => choices.agents.get(a.agent_id) === 'allow')
      .flatMap((a) => a.robots_tokens.map((t) => t.trim().toLowerCase())),
  );
  const tokensOf = new Map<Purpose, string[]>();
  const written = new Set<string>();
  const disallowed = agents.filter((a) => verdictOf(a) === 'disallow');
  disallowed.sort((a, b) => (a.agent_id < b.agent_id ? -1 : a.agent_id > b.agent_id ? 1 : 0));
  const candidates = disallowed.flatMap((a) => a.robots_tokens.map((t) => [a.purpose, t.trim()] as const));
  candidates.sort(([, a], [, b]) => byToken(a, b));
  // A stable sort: agents by id stay in that order among equal spellings.
  for (const [purpose, token] of candidates) {
    const key = token.toLowerCase();
    if (!writable(token) || written.has(key) || keptOpen.has(key)) continue;
    written.add(key);
    tokensOf.set(purpose, [...(tokensOf.get(purpose) ?? []), token]);
  }
  const groups = PURPOSES.flatMap((purpose) => {
    const tokens = tokensOf.get(purpose);
    return tokens ? [{ purpose, tokens }] : [];
  });
  const signals = SIGNALS.map(
    ([name, purpose]) => `${name}=${choices.purposes[purpose] === 'allow' ? 'yes' : 'no'}`,
  ).join(', ');
  const blocks = [
    SIGNALS_COMMENT,
    ...groups.map((g) => [`# ${g.purpose}`, ...g.tokens.map((t) => `User-agent: ${t}`), 'Disallow: /']),
    ['User-agent: *', `Content-Signal: ${signals}`, 'Allow: /'],
  ];
  const maps = [...new Set(sitemaps.filter(writable))];
  if (maps.length > 0) blocks.push(maps.map((s) => `Sitemap: ${s}`));
  return { text: `${blocks.map((b) => b.join('\n')).join('\n\n')}\n`, groups };
}
