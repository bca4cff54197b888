import { join } from 'node:path';
import { loadConfig } from '../config.js';
import { type Catalog, loadCatalog } from './agents.js';
import { readRangeFiles } from './operator-ranges.js';

/** A loaded catalog and what its range snapshots allow: verifying an operator's agents. */
export interface CatalogInUse {
  catalog: Catalog;
  /** Operators with a range snapshot in `ranges/`: only their agents' fetches can be verified. */
  verifiable: ReadonlySet<string>;
}

/** The catalog of a directory (agents.json, operators.json, ranges/) with its snapshot operators. */
export function loadCatalogInUse(dir: string): CatalogInUse {
  const verifiable = new Set(readRangeFiles(join(dir, 'ranges')).map((f) => f.operator));
  return { catalog: loadCatalog(dir), verifiable };
}

let inUse: CatalogInUse | undefined;

/**
 * The catalog this process classifies with: the directory `CATALOG_DIR` names, as server.ts builds
 * the projections from it, read once per process like theirs. Reads receive no AppDeps (report.ts),
 * so the directory comes from the config here.
 */
export function catalogInUse(): CatalogInUse {
  return (inUse ??= loadCatalogInUse(loadConfig().catalogDir));
}
