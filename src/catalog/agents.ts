import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { normalizeCidr } from './cidr.js';
import { compileUaPattern, createClassifier } from './classify.js';

/**
 * What an agent fetches for (docs/api.md#get-apiagentscatalog): `user_action` is an assistant fetching for a
 * person.
 */
export const PURPOSES = ['training', 'search', 'user_action', 'other'] as const;
export type Purpose = (typeof PURPOSES)[number];

export const ROBOTS_RESPECT = ['yes', 'no', 'unknown'] as const;

/**
 * How a range feed is written: Google-style `{prefixes:[{ipv4Prefix|ipv6Prefix}]}`, IAS-style
 * `{publicIPs:[{ipv4|ipv6}]}`, or text/HTML with one address or prefix per line (feed-formats.ts).
 */
export const FEED_FORMATS = ['json-prefixes', 'json-public-ips', 'text'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

export const CATALOG_DATA_DIR = fileURLToPath(new URL('./data/', import.meta.url));

const Id = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower-case letters and digits joined by single dashes');

export const Agent = z.strictObject({
  agent_id: Id,
  name: z.string().min(1),
  /** An operator's `id`. */
  operator: Id,
  purpose: z.enum(PURPOSES),
  /**
   * A case-insensitive regular expression for the agent's user-agent token(s), matched as a token
   * (see classify.ts); null for a robots.txt-only token that no fetch carries (Google-Extended).
   */
  ua_pattern: z.string().min(1).nullable(),
  /** The product tokens a robots.txt names the agent by. */
  robots_tokens: z.array(z.string().min(1)).min(1),
  respects_robots: z.enum(ROBOTS_RESPECT),
  description: z.string(),
  /** Where the entry comes from: `ai.robots.txt#<key>`, `legitbot#<family>`, `twofold`. */
  sources: z.array(z.string().min(1)).min(1),
});
export type Agent = z.infer<typeof Agent>;

export const RangeFeed = z.strictObject({
  /** The range file the feed refreshes: `ranges/<family>.json`. */
  family: Id,
  url: z.url(),
  format: z.enum(FEED_FORMATS),
});
export type RangeFeed = z.infer<typeof RangeFeed>;

export const Operator = z.strictObject({
  id: Id,
  name: z.string().min(1),
  docs_url: z.url().nullable(),
  ranges_feeds: z.array(RangeFeed),
  /** Suffixes of the reverse-DNS names of the operator's crawlers, for forward-confirmed lookups. */
  rdns_domains: z.array(z.string().min(1)),
  /** Hosts of the operator's answer engines (referrers of the people its assistants send). */
  answer_engines: z.array(z.string().min(1)),
});
export type Operator = z.infer<typeof Operator>;

const CanonicalCidr = z.string().refine((s) => normalizeCidr(s) === s, 'a canonical prefix (network/len)');

/** One snapshot of an operator's published ranges for a bot family. */
export const RangeFile = z.strictObject({
  family: Id,
  operator: Id,
  /** The feed the prefixes are refreshed from; null where the operator publishes no feed. */
  feed_url: z.url().nullable(),
  /** Where this snapshot came from (a repository and commit, or the feed). */
  source: z.string().min(1),
  as_of: z.iso.date(),
  prefixes: z.array(CanonicalCidr).min(1),
});
export type RangeFile = z.infer<typeof RangeFile>;

export const AgentsFile = z.strictObject({ about: z.string(), agents: z.array(Agent) });
export const OperatorsFile = z.strictObject({ about: z.string(), operators: z.array(Operator) });

export interface Catalog {
  agents: readonly Agent[];
  operators: readonly Operator[];
  agent(id: string): Agent | undefined;
  operator(id: string): Operator | undefined;
  /** The known agent a user agent names, or null (see classify.ts for the matching rules). */
  classify(userAgent: string): Agent | null;
}

/** Loads and checks `agents.json` and `operators.json`; throws naming the first problem. */
export function loadCatalog(dir = CATALOG_DATA_DIR): Catalog {
  const agents = parseFile(AgentsFile, join(dir, 'agents.json')).agents;
  const operators = parseFile(OperatorsFile, join(dir, 'operators.json')).operators;
  return buildCatalog(agents, operators);
}

/** Cross-checks parsed entries and indexes them: unique ids, known operators, compiling patterns. */
export function buildCatalog(agents: readonly Agent[], operators: readonly Operator[]): Catalog {
  const agentById = uniqueBy(agents, (a) => a.agent_id, 'agent_id');
  const operatorById = uniqueBy(operators, (o) => o.id, 'operator id');
  uniqueBy(
    operators.flatMap((o) => o.ranges_feeds),
    (f) => f.family,
    'range feed family',
  );
  for (const agent of agents) {
    if (!operatorById.has(agent.operator))
      throw new Error(`agent ${agent.agent_id}: unknown operator ${JSON.stringify(agent.operator)}`);
    if (agent.ua_pattern !== null) {
      try {
        compileUaPattern(agent.ua_pattern);
      } catch (err) {
        throw new Error(`agent ${agent.agent_id}: ${(err as Error).message}`);
      }
    }
  }
  return {
    agents,
    operators,
    agent: (id) => agentById.get(id),
    operator: (id) => operatorById.get(id),
    classify: createClassifier(agents),
  };
}

/** Reads a JSON file and checks it against a schema; the error names the file and the field. */
export function parseFile<T>(schema: z.ZodType<T>, file: string): T {
  const parsed = schema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string, what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    if (map.has(key(item))) throw new Error(`duplicate ${what}: ${key(item)}`);
    map.set(key(item), item);
  }
  return map;
}
