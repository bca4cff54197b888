import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CATALOG_DATA_DIR } from '../../src/catalog/agents.js';

/** A copy of the shipped catalog in a scratch folder, for a test that changes it. */
export interface CatalogCopy {
  dir: string;
  remove(): void;
}

/**
 * The shipped catalog plus NewBot, a search crawler of a new operator (NewBot Labs) that publishes
 * no ranges: what an operator's catalog refresh adds after NewBot's fetches were recorded.
 */
export function catalogWithNewBot(): CatalogCopy {
  const dir = mkdtempSync(join(tmpdir(), 'twofold-catalog-'));
  cpSync(CATALOG_DATA_DIR, dir, { recursive: true });
  const edit = (file: string, change: (data: Record<string, unknown[]>) => void) => {
    const data = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    change(data);
    writeFileSync(join(dir, file), JSON.stringify(data));
  };
  edit('agents.json', (d) =>
    d.agents!.push({
      agent_id: 'newbot',
      name: 'NewBot',
      operator: 'newbot-labs',
      purpose: 'search',
      ua_pattern: 'NewBot',
      robots_tokens: ['NewBot'],
      respects_robots: 'yes',
      description: 'A search crawler added to the catalog after its fetches were recorded.',
      sources: ['twofold'],
    }),
  );
  edit('operators.json', (d) =>
    d.operators!.push({
      id: 'newbot-labs',
      name: 'NewBot Labs',
      docs_url: 'https://newbot.example/about',
      ranges_feeds: [],
      rdns_domains: [],
      answer_engines: [],
    }),
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
