import { z } from 'zod';
import { Agent, buildCatalog, Operator, RangeFile } from './agents.js';
import type { CatalogInputs } from './catalog-inputs.js';
import { deriveAgents, listOf } from './derive-agents.js';

export interface DerivedCatalog {
  agents: Agent[];
  operators: Operator[];
  ranges: RangeFile[];
}

/**
 * The catalog as the shared facts and the reviewed overrides make it. Pure and deterministic:
 * agents sorted by id, operators by id, prefixes by address. Every problem found (an unreviewed
 * `function` or `operator` text, an override naming nothing, a token that would classify as
 * another agent) is reported at once.
 */
export function deriveCatalog(inputs: CatalogInputs): DerivedCatalog {
  const { botVerification, overrides, answerEngines } = inputs;
  const problems: string[] = [];
  const { agents, matchTokens, families, ranges, feeds, rdns, docs, madeOperators } = deriveAgents(
    inputs,
    problems,
  );
  for (const feed of overrides.extra_feeds)
    listOf(feeds, feed.operator).push({ family: feed.family, url: feed.url, format: feed.format });

  const operatorIds = new Set([...[...agents.values()].map((a) => a.operator), ...feeds.keys()]);
  for (const id of Object.keys(overrides.operators))
    if (!operatorIds.has(id)) problems.push(`overrides.operators.${id} is operator of nothing`);
  const operators = [...operatorIds].sort().map((id) => {
    const o = overrides.operators[id] ?? madeOperators.get(id);
    if (!o) problems.push(`operator ${id} has no entry in overrides.operators`);
    return {
      id,
      name: o?.name ?? id,
      docs_url: o?.docs_url !== undefined ? o.docs_url : (docs.get(id)?.[0] ?? null),
      ranges_feeds: (feeds.get(id) ?? []).sort((a, b) => a.family.localeCompare(b.family)),
      rdns_domains: [...(rdns.get(id) ?? [])].sort(),
      answer_engines: answerEngines.sources.flatMap((s) =>
        s.category === 'answer_engine' && s.operator === id ? s.hosts : [],
      ),
    };
  });

  // Parsing also puts each entry's keys in schema order.
  const sorted = z
    .array(Agent)
    .parse([...agents.values()].sort((a, b) => a.agent_id.localeCompare(b.agent_id)));
  const catalog = buildCatalog(sorted, z.array(Operator).parse(operators));
  // Each token, bare and as a versioned product in a user agent, must classify as its own agent
  // (no longer token of another agent shadows it), and each legitbot token as one of its family's.
  for (const [id, tokens] of matchTokens)
    for (const token of tokens)
      for (const ua of [token, `Mozilla/5.0 (compatible; ${token}/1.0)`]) {
        const got = catalog.classify(ua)?.agent_id;
        if (got !== id) problems.push(`${JSON.stringify(ua)} classifies as ${got ?? 'nothing'}, not ${id}`);
      }
  for (const bot of botVerification.bots)
    for (const token of bot.user_agent_tokens) {
      const got = catalog.classify(token.replace(/\/$/, ''))?.agent_id;
      if (!got || !families.get(bot.name)?.includes(got))
        problems.push(`${bot.name} token ${JSON.stringify(token)} classifies as ${got ?? 'nothing'}`);
    }
  if (problems.length > 0) throw new Error(`the catalog cannot be built:\n- ${problems.join('\n- ')}`);
  return {
    agents: [...catalog.agents],
    operators: [...catalog.operators],
    ranges: z.array(RangeFile).parse(ranges),
  };
}
