import { LRUCache } from 'lru-cache';
import { type Db, sql } from '../../src/db/sql.js';
import { type ParsedLlms, parseLlms } from '../../src/policy/llms.js';
import { type ParsedRobots, parseRobots } from '../../src/policy/robots.js';

export interface PolicyVersion {
  version: number;
  validFrom: number;
}
export interface RobotsVersion extends PolicyVersion {
  robots: ParsedRobots;
}
export interface LlmsVersion extends PolicyVersion {
  llms: ParsedLlms;
}

/** The versions of each site's policy files, to judge a fetch by the file in force at its time. */
export interface PolicyHistory {
  robotsAt(site: number, ts: number): RobotsVersion | null;
  llmsAt(site: number, ts: number): LlmsVersion | null;
}

type Parsed = { robots: ParsedRobots } | { llms: ParsedLlms };

// Parsing is the costly part and a version never changes: parse each once per process.
const parsedCache = new LRUCache<string, Parsed>({ max: 2_000 });

interface Row {
  site_id: number;
  kind: 'robots' | 'llms';
  version: number;
  valid_from: Date;
  sha256: Buffer;
}

/** Loads every version of the sites' policy files; bodies are read only for versions not yet parsed. */
export async function loadPolicies(db: Db, sites: readonly number[]): Promise<PolicyHistory> {
  const byKey = new Map<string, (RobotsVersion | LlmsVersion)[]>();
  if (sites.length > 0) {
    const { rows } = await db.query<Row>(sql`
      SELECT site_id, kind, version, valid_from, sha256 FROM policy_files
      WHERE site_id = ANY(${[...new Set(sites)]}::bigint[]) ORDER BY site_id, kind, valid_from, version`);
    const cacheKey = (r: Row) => `${r.kind}:${r.sha256.toString('hex')}`;
    const missing = rows.filter((r) => !parsedCache.has(cacheKey(r)));
    if (missing.length > 0) {
      const bodies = await db.query<{ site_id: number; kind: string; version: number; body: string }>(sql`
        SELECT site_id, kind, version, body FROM policy_files
        WHERE (site_id, kind, version) IN (SELECT * FROM unnest(
          ${missing.map((r) => r.site_id)}::bigint[], ${missing.map((r) => r.kind)}::text[],
          ${missing.map((r) => r.version)}::int[]))`);
      const bodyOf = new Map(bodies.rows.map((b) => [`${b.site_id}:${b.kind}:${b.version}`, b.body]));
      for (const r of missing) {
        const body = bodyOf.get(`${r.site_id}:${r.kind}:${r.version}`) ?? '';
        parsedCache.set(
          cacheKey(r),
          r.kind === 'robots' ? { robots: parseRobots(body) } : { llms: parseLlms(body) },
        );
      }
    }
    for (const r of rows) {
      const parsed = parsedCache.get(cacheKey(r))!;
      const key = `${r.site_id}:${r.kind}`;
      const list = byKey.get(key) ?? [];
      list.push({ version: r.version, validFrom: r.valid_from.getTime(), ...parsed } as
        RobotsVersion | LlmsVersion);
      byKey.set(key, list);
    }
  }
  const at = (site: number, kind: string, ts: number) => {
    const list = byKey.get(`${site}:${kind}`);
    if (!list) return null;
    // Ordered by valid_from: the last one that had begun by `ts`.
    let found: RobotsVersion | LlmsVersion | null = null;
    for (const v of list) {
      if (v.validFrom > ts) break;
      found = v;
    }
    return found;
  };
  return {
    robotsAt: (site, ts) => at(site, 'robots', ts) as RobotsVersion | null,
    llmsAt: (site, ts) => at(site, 'llms', ts) as LlmsVersion | null,
  };
}
