import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { CATALOG_DATA_DIR, FEED_FORMATS, parseFile, PURPOSES, ROBOTS_RESPECT } from './agents.js';

/** What build-catalog.ts reads: the source lists, the hand-reviewed overrides, and the answer engines. */
export interface CatalogInputs {
  aiRobots: AiRobots;
  botVerification: BotVerification;
  overrides: Overrides;
  answerEngines: AnswerEngineSources;
  deviceDetector: DeviceDetectorBots;
  crawlerUserAgents: CrawlerUserAgents;
}

const Id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** ai-robots-txt/ai.robots.txt `robots.json`: entries keyed by user-agent token. */
const AiRobots = z.record(
  z.string(),
  z.looseObject({
    operator: z.string(),
    respect: z.string(),
    function: z.string(),
    frequency: z.string(),
    description: z.string(),
  }),
);
export type AiRobots = z.infer<typeof AiRobots>;

/** Facts extracted from alaz/legitbot, one entry per crawler family. */
const BotVerification = z.strictObject({
  source: z.string(),
  bots: z.array(
    z.strictObject({
      name: z.string(),
      source_file: z.string(),
      docs: z.array(z.url()),
      ranges_feed: z.array(z.url()),
      ip_ranges: z.array(z.string()),
      rdns_domains: z.array(z.string()),
      user_agent_tokens: z.array(z.string()),
    }),
  ),
});
export type BotVerification = z.infer<typeof BotVerification>;
export type BotFamily = BotVerification['bots'][number];

/** node-device-detector's `regexes/bots.js`: Matomo device-detector's `bots.yml` as a module. */
const DeviceDetectorBots = z.array(
  z.strictObject({
    regex: z.string().min(1),
    name: z.string().min(1),
    category: z.string().optional(),
    url: z.string().optional(),
    producer: z.strictObject({ name: z.string(), url: z.string().optional() }).optional(),
  }),
);
export type DeviceDetectorBots = z.infer<typeof DeviceDetectorBots>;

/** monperrus/crawler-user-agents `crawler-user-agents.json`. */
const CrawlerUserAgents = z.array(
  z.strictObject({
    pattern: z.string().min(1),
    url: z.string().optional(),
    instances: z.array(z.string()),
    description: z.string().optional(),
    tags: z.array(z.string()).optional(),
    addition_date: z.string().optional(),
    depends_on: z.array(z.string()).optional(),
  }),
);
export type CrawlerUserAgents = z.infer<typeof CrawlerUserAgents>;

const NewAgent = z.strictObject({
  agent_id: Id,
  name: z.string(),
  purpose: z.enum(PURPOSES),
  /** Literal user-agent tokens. */
  tokens: z.array(z.string().min(1)).min(1),
  /** Defaults to `tokens`. */
  robots_tokens: z.array(z.string().min(1)).optional(),
  respects_robots: z.enum(ROBOTS_RESPECT).default('unknown'),
  description: z.string(),
});
export type NewAgent = z.infer<typeof NewAgent>;

const Overrides = z.strictObject({
  about: z.string(),
  inputs: z.strictObject({
    ai_robots: z.string(),
    legitbot: z.string(),
    legitbot_date: z.iso.date(),
    device_detector: z.string(),
    crawler_user_agents: z.string(),
  }),
  /** Every distinct ai-robots `function` text → purpose. */
  function_purposes: z.record(z.string(), z.enum(PURPOSES)),
  /** Every distinct ai-robots `operator` text → operator id (`unknown` when it names none). */
  operator_strings: z.record(z.string(), Id),
  operators: z.record(
    Id,
    z.strictObject({ name: z.string().min(1), docs_url: z.url().nullable().optional() }),
  ),
  /** Per ai-robots key; `same_as` folds a spelling variant into another key's agent. */
  agents: z.record(
    z.string(),
    z.strictObject({
      agent_id: Id.optional(),
      name: z.string().optional(),
      operator: Id.optional(),
      purpose: z.enum(PURPOSES).optional(),
      ua_pattern: z.string().min(1).nullable().optional(),
      same_as: z.string().optional(),
      note: z.string().optional(),
    }),
  ),
  /** Per bot-verification family: its range-file id, operator, feed format and agents. */
  families: z.record(
    z.string(),
    z.strictObject({
      family: Id.optional(),
      operator: Id,
      feed_format: z.enum(FEED_FORMATS).optional(),
      agents: z.array(z.union([Id, NewAgent])).min(1),
    }),
  ),
  /** The general bot lists (derive-bot-lists.ts), after the AI lists. */
  bot_lists: z.strictObject({
    /** Every device-detector `category` (`""` for none) → purpose. */
    category_purposes: z.record(z.string(), z.enum(PURPOSES)),
    /** Every crawler-user-agents tag → purpose. */
    tag_purposes: z.record(z.string(), z.enum(PURPOSES)),
    /** Sites that describe other operators' bots (a bot directory, an archive): never an operator. */
    directory_domains: z.array(z.string()),
    /** A site's domain (`bing.com`, `github.com/owner`) → operator id, where the automatic choice is wrong. */
    operator_domains: z.record(z.string(), Id),
    /** Entries left out (`device-detector#<name>`, `crawler-user-agents#<pattern>`) → why. */
    skip: z.record(z.string(), z.string()),
    /** Hand decisions per entry. */
    entries: z.record(
      z.string(),
      z.strictObject({
        agent_id: Id.optional(),
        name: z.string().optional(),
        operator: Id.optional(),
        purpose: z.enum(PURPOSES).optional(),
        /** Literal tokens instead of the entry's expression (one it cannot reduce, say). */
        tokens: z.array(z.string().min(3)).min(1).optional(),
        note: z.string().optional(),
      }),
    ),
  }),
  /** Range feeds the snapshot lacks; `catalog refresh` creates their range files. */
  extra_feeds: z.array(
    z.strictObject({
      operator: Id,
      family: Id,
      url: z.url(),
      format: z.enum(FEED_FORMATS),
      note: z.string(),
    }),
  ),
});
export type Overrides = z.infer<typeof Overrides>;

/** src/enrich/data/sources.json, as far as answer engines go. */
const AnswerEngineSources = z.looseObject({
  sources: z.array(
    z.looseObject({ category: z.string(), operator: z.string().optional(), hosts: z.array(z.string()) }),
  ),
});
export type AnswerEngineSources = z.infer<typeof AnswerEngineSources>;

export const ANSWER_ENGINES_FILE = join(CATALOG_DATA_DIR, '../../enrich/data/sources.json');

export function readCatalogInputs(sourcesDir: string): CatalogInputs {
  return {
    aiRobots: parseFile(AiRobots, join(sourcesDir, 'ai-robots.json')),
    botVerification: parseFile(BotVerification, join(sourcesDir, 'bot-verification.json')),
    overrides: parseFile(Overrides, join(CATALOG_DATA_DIR, 'overrides.json')),
    answerEngines: AnswerEngineSources.parse(JSON.parse(readFileSync(ANSWER_ENGINES_FILE, 'utf8'))),
    deviceDetector: parseModule(DeviceDetectorBots, join(sourcesDir, 'device-detector-bots.js')),
    crawlerUserAgents: parseFile(CrawlerUserAgents, join(sourcesDir, 'crawler-user-agents.json')),
  };
}

/** A `module.exports = <JSON>;` file, read as data: it is never run. */
function parseModule<T>(schema: z.ZodType<T>, file: string): T {
  const text = readFileSync(file, 'utf8');
  const body = /^module\.exports = ([\s\S]*);\s*$/.exec(text)?.[1];
  if (body === undefined) throw new Error(`${file}: not a module.exports = [...]; file`);
  const parsed = schema.safeParse(JSON.parse(body));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
