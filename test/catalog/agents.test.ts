import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Agent, CATALOG_DATA_DIR, loadCatalog, type Operator } from '../../src/catalog/agents.js';
import { CATALOG_SOURCES_DIR, renderCatalog } from '../../src/catalog/build-catalog.js';
import { ANSWER_ENGINES_FILE, readCatalogInputs } from '../../src/catalog/catalog-inputs.js';
import { deriveCatalog } from '../../src/catalog/derive-catalog.js';

const catalog = loadCatalog();

describe('the shipped catalog', () => {
  it('loads and validates: 1,908 agents of 1,276 operators', () => {
    expect(catalog.agents).toHaveLength(1908);
    expect(catalog.operators).toHaveLength(1276);
    expect(new Set(catalog.agents.map((a) => a.agent_id)).size).toBe(1908);
  });

  it('takes 186 agents from the AI lists and 1,722 from the general bot lists', () => {
    const first = (a: Agent) => a.sources[0]!.split('#')[0]!;
    const counts: Record<string, number> = {};
    for (const a of catalog.agents) counts[first(a)] = (counts[first(a)] ?? 0) + 1;
    expect(counts).toEqual({
      'ai.robots.txt': 157,
      legitbot: 29,
      'device-detector': 763,
      'crawler-user-agents': 959,
    });
  });

  it('names each entry of the general bot lists in sources, but for the few it leaves out', () => {
    const inputs = readCatalogInputs(CATALOG_SOURCES_DIR);
    const sources = new Set(catalog.agents.flatMap((a) => a.sources));
    // device-detector's `$1` entries are named by each literal, so only the others count here.
    const dd = inputs.deviceDetector.filter((b) => b.name !== '$1');
    const outDd = dd.filter((b) => !sources.has(`device-detector#${b.name}`)).map((b) => b.name);
    const outCua = inputs.crawlerUserAgents.filter((e) => !sources.has(`crawler-user-agents#${e.pattern}`));
    // Left out: expressions that are no token list (`Baidu.*spider`, lookarounds, `\d`) with no
    // hand decision, tokens under 3 characters (K6), and the skips of overrides.json.
    expect([dd.length, outDd.length, inputs.crawlerUserAgents.length, outCua.length]).toEqual([
      831, 25, 1500, 14,
    ]);
    expect(outDd).toContain('Generic Bot');
    expect(outCua.map((e) => e.pattern)).toContain('MetaIAB Facebook');
  });

  it('decides the major operators’ purposes as they document them', () => {
    const purposes = Object.fromEntries(
      [
        'gptbot',
        'oai-searchbot',
        'chatgpt-user',
        'claudebot',
        'claude-user',
        'claude-searchbot',
        'perplexitybot',
        'perplexity-user',
        'googlebot',
        'google-extended',
        'bingbot',
        'applebot',
        'applebot-extended',
        'amazonbot',
        'bytespider',
        'ccbot',
        'meta-externalagent',
        'meta-externalfetcher',
        'duckassistbot',
        'duckduckbot',
      ].map((id) => [id, `${catalog.agent(id)?.operator}:${catalog.agent(id)?.purpose}`]),
    );
    expect(purposes).toEqual({
      gptbot: 'openai:training',
      'oai-searchbot': 'openai:search',
      'chatgpt-user': 'openai:user_action',
      claudebot: 'anthropic:training',
      'claude-user': 'anthropic:user_action',
      'claude-searchbot': 'anthropic:search',
      perplexitybot: 'perplexity:search',
      'perplexity-user': 'perplexity:user_action',
      googlebot: 'google:search',
      'google-extended': 'google:training',
      bingbot: 'microsoft:search',
      applebot: 'apple:search',
      'applebot-extended': 'apple:training',
      amazonbot: 'amazon:training',
      bytespider: 'bytedance:training',
      ccbot: 'common-crawl:training',
      'meta-externalagent': 'meta:training',
      'meta-externalfetcher': 'meta:user_action',
      duckassistbot: 'duckduckgo:user_action',
      duckduckbot: 'duckduckgo:search',
    });
  });

  it('covers every agent of ai-robots.json and every family of bot-verification.json', () => {
    const aiRobots = Object.keys(
      JSON.parse(readFileSync(join(CATALOG_SOURCES_DIR, 'ai-robots.json'), 'utf8')),
    );
    expect(aiRobots).toHaveLength(166);
    const sources = new Set(catalog.agents.flatMap((a) => a.sources));
    for (const key of aiRobots) expect(sources, key).toContain(`ai.robots.txt#${key}`);
    const families = JSON.parse(readFileSync(join(CATALOG_SOURCES_DIR, 'bot-verification.json'), 'utf8')) as {
      bots: Array<{ name: string }>;
    };
    for (const { name } of families.bots) expect(sources, name).toContain(`legitbot#${name}`);
  });

  it('gives each operator its own docs link, except where the sources name none', () => {
    const missing = catalog.operators.filter((o) => o.docs_url === null).map((o) => o.id);
    expect(missing).toEqual(['deepseek', 'naget', 'unknown']);
    const links = catalog.operators.flatMap((o) => (o.docs_url ? [o.docs_url] : []));
    expect(new Set(links).size).toBe(links.length);
    expect(catalog.operator('openai')?.docs_url).toBe('https://platform.openai.com/docs/bots');
  });

  it('lists the answer engines of src/enrich/data/sources.json under their operators', () => {
    const sources = JSON.parse(readFileSync(ANSWER_ENGINES_FILE, 'utf8')) as {
      sources: Array<{ category: string; operator?: string; hosts: string[] }>;
    };
    for (const operator of catalog.operators) {
      const hosts = sources.sources.flatMap((s) =>
        s.category === 'answer_engine' && s.operator === operator.id ? s.hosts : [],
      );
      expect(operator.answer_engines, operator.id).toEqual(hosts);
    }
    expect(catalog.operator('openai')?.answer_engines).toEqual(['chatgpt.com', 'chat.openai.com']);
    expect(catalog.operator('perplexity')?.answer_engines).toEqual(['perplexity.ai']);
    expect(catalog.operator('anthropic')?.answer_engines).toEqual(['claude.ai']);
    expect(catalog.operator('google')?.answer_engines).toContain('gemini.google.com');
    expect(catalog.operator('microsoft')?.answer_engines).toContain('copilot.microsoft.com');
  });

  // Prettier lays out two files of about a megabyte: seconds on a loaded machine.
  it('is exactly what build-catalog.ts generates from src/catalog/sources', { timeout: 60_000 }, async () => {
    const files = await renderCatalog(readCatalogInputs(CATALOG_SOURCES_DIR));
    for (const [name, text] of files)
      expect(readFileSync(join(CATALOG_DATA_DIR, name), 'utf8'), name).toBe(text);
  });
});

describe('loadCatalog refuses a broken catalog', () => {
  const agents = (
    JSON.parse(readFileSync(join(CATALOG_DATA_DIR, 'agents.json'), 'utf8')) as { agents: Agent[] }
  ).agents;
  const operators = (
    JSON.parse(readFileSync(join(CATALOG_DATA_DIR, 'operators.json'), 'utf8')) as { operators: Operator[] }
  ).operators;
  const load = (a: unknown[], o: unknown[] = operators) => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-'));
    writeFileSync(join(dir, 'agents.json'), JSON.stringify({ about: '', agents: a }));
    writeFileSync(join(dir, 'operators.json'), JSON.stringify({ about: '', operators: o }));
    return () => loadCatalog(dir);
  };
  const gptbot = agents.find((a) => a.agent_id === 'gptbot')!;

  it.each([
    ['a duplicate agent_id', [...agents, gptbot], /duplicate agent_id: gptbot/],
    ['an unknown operator', [{ ...gptbot, operator: 'nobody' }], /agent gptbot: unknown operator "nobody"/],
    [
      'a pattern that does not compile',
      [{ ...gptbot, ua_pattern: 'GPT(' }],
      /agent gptbot: Invalid regular expression/,
    ],
    ['an unknown purpose', [{ ...gptbot, purpose: 'scraping' }], /agents\.json[\s\S]*agents\[0\]\.purpose/],
  ])('%s', (_, list, error) => {
    expect(load(list)).toThrow(error);
  });

  it('a duplicate operator', () => {
    expect(load([gptbot], [...operators, operators[0]])).toThrow(/duplicate operator id/);
  });

  it('a catalog extended with a new agent loads and classifies it', () => {
    const extra = {
      ...gptbot,
      agent_id: 'newbot',
      name: 'NewBot',
      ua_pattern: 'NewBot',
      robots_tokens: ['NewBot'],
    };
    expect(load([...agents, extra])().classify('Mozilla/5.0 (compatible; NewBot/1.0)')?.agent_id).toBe(
      'newbot',
    );
  });
});

describe('deriveCatalog', () => {
  it('lists every problem of the overrides at once', () => {
    const inputs = readCatalogInputs(CATALOG_SOURCES_DIR);
    const functions = { ...inputs.overrides.function_purposes };
    delete functions['LLM training.'];
    const broken = {
      ...inputs,
      overrides: {
        ...inputs.overrides,
        function_purposes: functions,
        agents: { ...inputs.overrides.agents, NoSuchBot: { purpose: 'search' as const } },
      },
    };
    expect(() => deriveCatalog(broken)).toThrow(/NoSuchBot" is not in ai-robots\.json/);
    expect(() => deriveCatalog(broken)).toThrow(/function_purposes lacks "LLM training\."/);
  });

  it('refuses a token that another agent’s longer token would shadow', () => {
    const inputs = readCatalogInputs(CATALOG_SOURCES_DIR);
    const google = inputs.overrides.families.Google!;
    const shadowed = {
      ...inputs,
      overrides: {
        ...inputs.overrides,
        families: {
          ...inputs.overrides.families,
          Google: {
            ...google,
            agents: [
              ...google.agents,
              {
                agent_id: 'gpt',
                name: 'GPT',
                purpose: 'other' as const,
                tokens: ['ChatGPT-User/1.0'],
                respects_robots: 'unknown' as const,
                description: '',
              },
            ],
          },
        },
      },
    };
    expect(() => deriveCatalog(shadowed)).toThrow(
      /"Mozilla\/5\.0 \(compatible; ChatGPT-User\/1\.0\)" classifies as gpt, not chatgpt-user/,
    );
  });
});
