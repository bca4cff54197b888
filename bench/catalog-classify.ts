/**
 * Agent truth on a public corpus: `npx tsx bench/catalog-classify.ts [rounds]` (a few seconds).
 *
 * Classifies the 2,118 `instances` of crawler-user-agents (src/catalog/sources) with the shipped
 * catalog and prints the share it names, the share the tracker's bot filter (isBotAgent) lets
 * through as people, and the cost a user agent, uncached: each round classifies every user agent
 * once with a suffix of its own, so no answer comes from the classifier's cache. It times the
 * shipped classifier (token trie) beside the per-agent regular expressions it replaced, on the
 * same catalog; the best round of each is printed, the machine being shared.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalog } from '../src/catalog/agents.js';
import { CATALOG_SOURCES_DIR } from '../src/catalog/build-catalog.js';
import { compileUaPattern, createClassifier } from '../src/catalog/classify.js';
import { isBotAgent } from '../src/enrich/bot-agent.js';

const rounds = Number(process.argv[2] ?? 5);
const entries = JSON.parse(
  readFileSync(join(CATALOG_SOURCES_DIR, 'crawler-user-agents.json'), 'utf8'),
) as Array<{
  instances: string[];
}>;
const corpus = entries.flatMap((e) => e.instances);
const catalog = loadCatalog();

/** The classifier before the trie: one union test, then every agent's expression in turn. */
function regexClassifier(agents: readonly { ua_pattern: string | null }[]) {
  const matchers = agents.flatMap((a, index) =>
    a.ua_pattern === null ? [] : [{ index, re: compileUaPattern(a.ua_pattern, 'gi') }],
  );
  const any = compileUaPattern(matchers.map((m) => m.re.source).join('|'));
  return (ua: string) => {
    if (!any.test(ua)) return -1;
    let best = -1;
    let bestLength = 0;
    for (const { index, re } of matchers) {
      re.lastIndex = 0;
      for (let m = re.exec(ua); m; m = re.exec(ua)) {
        if (m[0].length > bestLength) [best, bestLength] = [index, m[0].length];
        if (m[0].length === 0) re.lastIndex++;
      }
    }
    return best;
  };
}

function microsPerUa(classify: (ua: string) => unknown): number {
  let best = Infinity;
  for (let round = 0; round < rounds; round++) {
    const uas = corpus.map((ua) => `${ua} #${round}`);
    const start = process.hrtime.bigint();
    for (const ua of uas) classify(ua);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1000 / uas.length);
  }
  return best;
}

const named = corpus.filter((ua) => catalog.classify(ua) !== null).length;
const people = corpus.filter((ua) => !isBotAgent(ua)).length;
const pct = (n: number) => `${((100 * n) / corpus.length).toFixed(2)} %`;
console.log(
  `corpus: ${corpus.length} user agents of ${entries.length} crawlers; catalog: ${catalog.agents.length} agents`,
);
console.log(
  `named by the catalog: ${named} (${pct(named)}); let through as people by isBotAgent: ${people} (${pct(people)})`,
);
const trie = createClassifier(catalog.agents, 1);
console.log(`token trie: ${microsPerUa(trie).toFixed(2)} µs a user agent (best of ${rounds} rounds)`);
const regex = regexClassifier(catalog.agents);
console.log(
  `per-agent regular expressions: ${microsPerUa(regex).toFixed(2)} µs a user agent (best of ${rounds} rounds)`,
);
