import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCatalog, type Operator, parseFile, RangeFile } from './agents.js';
import { parseFeed } from './feed-formats.js';
import { formatRangeFile, RANGES_DIR } from './operator-ranges.js';

export interface RefreshOptions {
  /** How to fetch a feed URL; tests inject one that reaches a local server. */
  fetch?: typeof globalThis.fetch;
  /** Whose feeds to read; default: every operator of the shipped catalog. */
  operators?: readonly Operator[];
  /** Only these families (range-file ids); default: all. */
  families?: readonly string[];
  /** Where the range files are; default: the shipped snapshot, src/catalog/data/ranges. */
  rangesDir?: string;
  /** The day written as `as_of`. */
  now?: Date;
  timeoutMs?: number;
}

interface FeedTarget {
  family: string;
  operator: string;
  url: string;
}
export type FeedOutcome = FeedTarget &
  (
    | { status: 'updated'; prefixes: number; added: number; removed: number }
    | { status: 'unchanged'; prefixes: number }
    | { status: 'failed'; error: string }
  );

const MAX_FEED_BYTES = 5_000_000;

/**
 * What `twofold catalog refresh` does: reads each operator's published range feeds and rewrites
 * `ranges/<family>.json` with what they list now. A feed that fails (network, HTTP status,
 * format, no address at all) leaves its file as it was and is reported as failed, so a broken
 * feed never unverifies an operator. Feeds are read concurrently; the outcome lists one entry per
 * feed, in catalog order.
 */
export async function refreshRanges(options: RefreshOptions = {}): Promise<FeedOutcome[]> {
  const fetchFeed = options.fetch ?? globalThis.fetch;
  const operators = options.operators ?? loadCatalog().operators;
  const dir = options.rangesDir ?? RANGES_DIR;
  const asOf = (options.now ?? new Date()).toISOString().slice(0, 10);
  const timeoutMs = options.timeoutMs ?? 30_000;
  mkdirSync(dir, { recursive: true });

  const feeds = operators.flatMap((op) =>
    op.ranges_feeds
      .filter((f) => !options.families || options.families.includes(f.family))
      .map((f) => ({ ...f, operator: op.id })),
  );
  return Promise.all(
    feeds.map(async ({ family, operator, url, format }): Promise<FeedOutcome> => {
      const target = { family, operator, url };
      try {
        const response = await fetchFeed(url, {
          signal: AbortSignal.timeout(timeoutMs),
          headers: { accept: 'application/json, text/plain;q=0.9, text/html;q=0.8' },
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = await response.text();
        if (body.length > MAX_FEED_BYTES) throw new Error(`larger than ${MAX_FEED_BYTES} bytes`);
        const prefixes = parseFeed(body, format);
        const path = join(dir, `${family}.json`);
        const old = existsSync(path) ? parseFile(RangeFile, path) : undefined;
        if (old && old.operator === operator && old.feed_url === url && sameList(old.prefixes, prefixes))
          return { ...target, status: 'unchanged', prefixes: prefixes.length };
        const file: RangeFile = {
          family,
          operator,
          feed_url: url,
          source: `${url} (fetched by twofold catalog refresh)`,
          as_of: asOf,
          prefixes,
        };
        writeAtomically(path, formatRangeFile(RangeFile.parse(file)));
        const before = new Set(old?.prefixes ?? []);
        const added = prefixes.filter((p) => !before.has(p)).length;
        return {
          ...target,
          status: 'updated',
          prefixes: prefixes.length,
          added,
          removed: before.size - (prefixes.length - added),
        };
      } catch (err) {
        return { ...target, status: 'failed', error: err instanceof Error ? err.message : String(err) };
      }
    }),
  );
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

// A reader (or a crash) never sees half a file: write beside it, then rename over it.
function writeAtomically(path: string, text: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
