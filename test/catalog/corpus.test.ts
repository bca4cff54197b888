import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../../src/catalog/agents.js';
import { CATALOG_SOURCES_DIR } from '../../src/catalog/build-catalog.js';
import { isBotAgent } from '../../src/enrich/bot-agent.js';

// The public corpus of crawler user agents: the `instances` of crawler-user-agents 1.60.0
// (src/catalog/sources/crawler-user-agents.json, MIT), 2,118 user agents of 1,500 crawlers.
const entries = JSON.parse(
  readFileSync(join(CATALOG_SOURCES_DIR, 'crawler-user-agents.json'), 'utf8'),
) as Array<{
  pattern: string;
  instances: string[];
  tags?: string[];
}>;
const corpus = entries.flatMap((e) => e.instances);
const catalog = loadCatalog();
const percent = (n: number) => `${((100 * n) / corpus.length).toFixed(2)} %`;

describe('the catalog on the crawler-user-agents corpus', () => {
  it('names 2,028 of its 2,118 user agents (95.75 %), at least 80 %', () => {
    expect(corpus).toHaveLength(2118);
    const named = corpus.filter((ua) => catalog.classify(ua) !== null).length;
    console.log(`catalog names ${named} of ${corpus.length} corpus user agents (${percent(named)})`);
    expect(named).toBe(2028);
    expect(named / corpus.length).toBeGreaterThanOrEqual(0.8);
  });

  it('names every kind of crawler the corpus tags: search engines, SEO, monitors, previews, feeds, archivers, scanners', () => {
    const byTag: Record<string, string> = {};
    for (const e of entries)
      for (const tag of e.tags ?? []) {
        const [named, all] = (byTag[tag] ?? '0/0').split('/').map(Number) as [number, number];
        const n = e.instances.filter((ua) => catalog.classify(ua) !== null).length;
        byTag[tag] = `${named + n}/${all + e.instances.length}`;
      }
    expect(byTag).toEqual({
      'search-engine': '417/427',
      advertising: '96/97',
      'feed-reader': '88/93',
      'http-library': '102/103',
      'social-preview': '136/138',
      archiver: '63/68',
      seo: '644/686',
      monitoring: '245/259',
      scanner: '102/108',
      'ai-crawler': '96/98',
      academic: '37/38',
      'browser-automation': '22/23',
    });
  });

  it('gives the named search engines purpose search, and the AI lists’ agents keep theirs', () => {
    const search = entries.filter((e) => e.tags?.includes('search-engine')).flatMap((e) => e.instances);
    const purposes: Record<string, number> = {};
    for (const ua of search) {
      const purpose = catalog.classify(ua)?.purpose ?? 'unnamed';
      purposes[purpose] = (purposes[purpose] ?? 0) + 1;
    }
    // The others are reviewed purposes (the AI lists': Timpibot training, Google-Read-Aloud
    // user_action, …; overrides.json's: Google-Safety, Google's testing tools) and Yandex's
    // non-search robots, which the corpus tags search engines too.
    expect(purposes).toEqual({ search: 356, other: 51, training: 5, user_action: 5, unnamed: 10 });
  });

  it('names none of the 100 most common browser user agents (top-user-agents)', () => {
    // test/catalog/fixtures/top-user-agents.json: top-user-agents 2.1.138 (npm, MIT) src/index.json.
    const browsers = JSON.parse(
      readFileSync(join(import.meta.dirname, 'fixtures/top-user-agents.json'), 'utf8'),
    ) as string[];
    expect(browsers).toHaveLength(100);
    expect(browsers.filter((ua) => catalog.classify(ua) !== null)).toEqual([]);
  });
});

describe('the people side on the same corpus', () => {
  it('still drops all but 9 of the 2,118 (0.42 %) as bots before counting people', () => {
    // The tracker's pipeline drops a hit whose user agent isBotAgent calls a bot (isbot's list);
    // the 9 it lets through are in-app browsers and editors that the corpus lists.
    const people = corpus.filter((ua) => !isBotAgent(ua));
    console.log(
      `isBotAgent lets ${people.length} of ${corpus.length} corpus user agents through (${percent(people.length)})`,
    );
    expect(people).toHaveLength(9);
    // Six of them the catalog names, so ship-log, which asks both, files them as agents.
    expect(people.filter((ua) => catalog.classify(ua) === null)).toHaveLength(3);
  });
});
