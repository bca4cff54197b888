import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Agent, CATALOG_DATA_DIR, parseFile, RangeFile } from './agents.js';
import { PrefixTrie } from './prefix-trie.js';

export const RANGES_DIR = join(CATALOG_DATA_DIR, 'ranges');

/** A published range that held an address at ingest; the stream keeps these to re-verify later. */
export interface RangeMatch {
  family: string;
  operator: string;
  cidr: string;
}

export interface OperatorRanges {
  /** Every published range holding the address, least specific first; [] for none or a non-address. */
  rangesFor(ip: string): RangeMatch[];
  files: readonly RangeFile[];
}

/** One prefix structure over every `ranges/*.json`; throws naming a file that does not validate. */
export function loadOperatorRanges(dir = RANGES_DIR): OperatorRanges {
  const files = readRangeFiles(dir);
  const trie = new PrefixTrie<RangeMatch>();
  for (const file of files) {
    for (const cidr of new Set(file.prefixes)) {
      // Frozen: the same object answers every lookup that lands on this prefix.
      trie.add(cidr, Object.freeze({ family: file.family, operator: file.operator, cidr }));
    }
  }
  return { rangesFor: (ip) => trie.match(ip), files };
}

/**
 * Whether a fetch claiming to be `agent` came from an address its operator publishes: a GPTBot
 * user agent from 8.8.8.8 is not verified, one from an OpenAI range is. Any of the operator's
 * families counts (OpenAI's GPTBot and OAI-SearchBot share ranges). Pure, so projections can
 * decide it again from the matches kept in the stream.
 */
export function isVerified(agent: Pick<Agent, 'operator'>, matches: readonly RangeMatch[]): boolean {
  return matches.some((m) => m.operator === agent.operator);
}

/** The range files of a directory, sorted by name; each must be named after its family. */
export function readRangeFiles(dir = RANGES_DIR): RangeFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = parseFile(RangeFile, join(dir, name));
      if (`${file.family}.json` !== name) throw new Error(`${join(dir, name)}: holds family ${file.family}`);
      return file;
    });
}

const KEYS = [
  'family',
  'operator',
  'feed_url',
  'source',
  'as_of',
  'prefixes',
] as const satisfies ReadonlyArray<keyof RangeFile>;
const PRINT_WIDTH = 110;

/**
 * A range file's text, laid out as Prettier lays out this JSON (so the refresh command can write
 * snapshot files that `npm run lint` accepts without Prettier installed): the prefix list on one
 * line when it fits in the print width, else one prefix per line.
 */
export function formatRangeFile(file: RangeFile): string {
  const lines = KEYS.map((key, i) => {
    const comma = i === KEYS.length - 1 ? '' : ',';
    const value = file[key];
    if (!Array.isArray(value)) return `  ${JSON.stringify(key)}: ${JSON.stringify(value)}${comma}`;
    const flat = `  ${JSON.stringify(key)}: [${value.map((v) => JSON.stringify(v)).join(', ')}]${comma}`;
    if (flat.length <= PRINT_WIDTH) return flat;
    const items = value.map((v, j) => `    ${JSON.stringify(v)}${j === value.length - 1 ? '' : ','}`);
    return [`  ${JSON.stringify(key)}: [`, ...items, `  ]${comma}`].join('\n');
  });
  return `{\n${lines.join('\n')}\n}\n`;
}
