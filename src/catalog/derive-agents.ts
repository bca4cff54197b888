import type { AgentFacts } from './agent-facts.js';
import type { Agent } from './agents.js';
import type { CatalogInputs } from './catalog-inputs.js';
import { parseCidr, sortedCidrs } from './cidr.js';
import { tokensPattern } from './classify.js';
import { fromBotLists, slug } from './derive-bot-lists.js';

/** What the shared facts say, agent by agent and family by family, before operators are assembled. */

/** The agents of ai-robots.json and of bot-verification.json's families, as the overrides decide them. */
export function deriveAgents(inputs: CatalogInputs, problems: string[]): AgentFacts {
  const facts: AgentFacts = {
    agents: new Map(),
    matchTokens: new Map(),
    families: new Map(),
    ranges: [],
    feeds: new Map(),
    rdns: new Map(),
    docs: new Map(),
    madeOperators: new Map(),
    refused: [],
  };
  const links = {
    family: new Map<string, string>(),
    operator: new Map<string, string>(),
    page: new Map<string, string>(),
  };
  const add = (agent: Agent) => {
    if (facts.agents.has(agent.agent_id)) problems.push(`agent_id ${agent.agent_id} is produced twice`);
    facts.agents.set(agent.agent_id, agent);
  };
  fromAiRobots(inputs, facts, links, add, problems);
  fromLegitbot(inputs, facts, links, add, problems);
  for (const map of [links.family, links.operator, links.page])
    for (const [operator, url] of map) listOf(facts.docs, operator).push(url);
  fromBotLists(inputs, facts, add, problems);
  return facts;
}

type Links = Record<'family' | 'operator' | 'page', Map<string, string>>;

function fromAiRobots(
  { aiRobots, overrides }: CatalogInputs,
  facts: AgentFacts,
  links: Links,
  add: (agent: Agent) => void,
  problems: string[],
): void {
  for (const key of Object.keys(overrides.agents))
    if (!Object.hasOwn(aiRobots, key))
      problems.push(`overrides.agents: ${JSON.stringify(key)} is not in ai-robots.json`);
  const variants = new Map<string, string[]>();
  for (const [key, o] of Object.entries(overrides.agents)) {
    if (o.same_as === undefined) continue;
    if (!Object.hasOwn(aiRobots, o.same_as) || overrides.agents[o.same_as]?.same_as !== undefined)
      problems.push(`overrides.agents.${key}.same_as: ${o.same_as} is not a primary ai-robots key`);
    else variants.set(o.same_as, [...(variants.get(o.same_as) ?? []), key]);
  }
  checkTable(
    'function_purposes',
    overrides.function_purposes,
    Object.values(aiRobots).map((e) => e.function),
    problems,
  );
  checkTable(
    'operator_strings',
    overrides.operator_strings,
    Object.values(aiRobots).map((e) => e.operator),
    problems,
  );

  for (const [key, entry] of Object.entries(aiRobots)) {
    const o = overrides.agents[key] ?? {};
    if (o.same_as !== undefined) continue;
    const group = [key, ...(variants.get(key) ?? [])];
    const entries = group.map((k) => aiRobots[k]!);
    const operators = entries.map((e) => overrides.operator_strings[e.operator] ?? 'unknown');
    entries.forEach((e, i) => {
      const link =
        /^\[[^\]]+\]\((https?:\/\/[^)\s]+)\)$/.exec(e.operator)?.[1] ??
        /^https?:\/\/\S+$/.exec(e.operator)?.[0];
      if (link && !links.operator.has(operators[i]!)) links.operator.set(operators[i]!, link);
    });
    const moreInfo = /More info can be found at (https?:\/\/\S+)$/.exec(entry.description)?.[1];
    const operatorId = o.operator ?? operators.find((id) => id !== 'unknown') ?? 'unknown';
    if (moreInfo && !links.page.has(operatorId)) links.page.set(operatorId, moreInfo);
    const agentId = o.agent_id ?? slug(key);
    if (o.ua_pattern === undefined) facts.matchTokens.set(agentId, group);
    add({
      agent_id: agentId,
      name: o.name ?? key,
      operator: operatorId,
      purpose: o.purpose ?? overrides.function_purposes[entry.function] ?? 'other',
      ua_pattern: o.ua_pattern === undefined ? tokensPattern(group) : o.ua_pattern,
      robots_tokens: group,
      respects_robots: entries.map((e) => respect(e.respect)).find((r) => r !== 'unknown') ?? 'unknown',
      description:
        entries.map((e) => e.description).find((d) => !d.startsWith('Description unavailable')) ??
        entry.description,
      sources: group.map((k) => `ai.robots.txt#${k}`),
    });
  }
}

function fromLegitbot(
  { botVerification, overrides }: CatalogInputs,
  facts: AgentFacts,
  links: Links,
  add: (agent: Agent) => void,
  problems: string[],
): void {
  const legitbot = /^\S+@[0-9a-f]{40}/.exec(botVerification.source)?.[0] ?? botVerification.source;
  for (const name of Object.keys(overrides.families))
    if (!botVerification.bots.some((b) => b.name === name))
      problems.push(`overrides.families: no family ${name}`);
  for (const bot of botVerification.bots) {
    const f = overrides.families[bot.name];
    if (!f) {
      problems.push(`bot-verification family ${bot.name} has no entry in overrides.families`);
      continue;
    }
    const ids = f.agents.map((a) => {
      if (typeof a !== 'string') {
        const { tokens, robots_tokens, ...rest } = a;
        facts.matchTokens.set(a.agent_id, tokens);
        add({
          ...rest,
          operator: f.operator,
          ua_pattern: tokensPattern(tokens),
          robots_tokens: robots_tokens ?? tokens,
          sources: [`legitbot#${bot.name}`],
        });
        return a.agent_id;
      }
      const agent = facts.agents.get(a);
      if (!agent) problems.push(`overrides.families.${bot.name}: no agent ${a}`);
      else if (agent.operator !== f.operator)
        problems.push(`overrides.families.${bot.name}: ${a} is operated by ${agent.operator}`);
      else agent.sources.push(`legitbot#${bot.name}`);
      return a;
    });
    facts.families.set(bot.name, ids);
    for (const domain of bot.rdns_domains) setOf(facts.rdns, f.operator).add(domain);
    if (bot.docs[0] && !links.family.has(f.operator)) links.family.set(f.operator, bot.docs[0]);
    const feedUrl = bot.ranges_feed[0] ?? null;
    if (bot.ranges_feed.length > 1) problems.push(`${bot.name}: more than one range feed`);
    if ((feedUrl || bot.ip_ranges.length > 0) && !f.family)
      problems.push(`overrides.families.${bot.name} needs a family id`);
    if (feedUrl && !f.feed_format) problems.push(`overrides.families.${bot.name} needs a feed_format`);
    if (feedUrl && f.family && f.feed_format)
      listOf(facts.feeds, f.operator).push({ family: f.family, url: feedUrl, format: f.feed_format });
    if (bot.ip_ranges.length > 0 && f.family) {
      const prefixes = bot.ip_ranges.flatMap((r) => {
        const cidr = parseCidr(r);
        if (!cidr) problems.push(`${bot.name}: bad range ${r}`);
        return cidr ? [cidr] : [];
      });
      facts.ranges.push({
        family: f.family,
        operator: f.operator,
        feed_url: feedUrl,
        source: `${legitbot} ${bot.source_file}`,
        as_of: overrides.inputs.legitbot_date,
        prefixes: sortedCidrs(prefixes),
      });
    }
  }
}

/** Every text a table keys must be there, and the table must hold nothing else (no stale rows). */
function checkTable(name: string, table: Record<string, unknown>, texts: string[], problems: string[]): void {
  const seen = new Set(texts);
  for (const text of seen)
    if (!Object.hasOwn(table, text)) problems.push(`${name} lacks ${JSON.stringify(text)}`);
  for (const text of Object.keys(table))
    if (!seen.has(text)) problems.push(`${name} has unused ${JSON.stringify(text)}`);
}

/** ai-robots `respect`: "Yes", "[Yes](…)", "No", "[No](…)", or anything else (unclear). */
function respect(text: string): Agent['respects_robots'] {
  if (/^\[?yes\b/i.test(text)) return 'yes';
  if (/^\[?no\b/i.test(text)) return 'no';
  return 'unknown';
}

export function listOf<T>(map: Map<string, T[]>, key: string): T[] {
  if (!map.has(key)) map.set(key, []);
  return map.get(key)!;
}

function setOf<T>(map: Map<string, Set<T>>, key: string): Set<T> {
  if (!map.has(key)) map.set(key, new Set());
  return map.get(key)!;
}
