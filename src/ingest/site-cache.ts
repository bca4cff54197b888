import type { Db } from '../db/sql.js';
import { getSite, type Site } from '../sites/sites.js';

/**
 * Sites are read on every hit and change rarely: a short-lived cache keeps ingest off Postgres,
 * and a changed hostname list takes effect within the TTL on every instance.
 */
export class SiteCache {
  private readonly entries = new Map<number, { site: Site | null; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly ttlMs = 10_000,
  ) {}

  async get(id: number): Promise<Site | null> {
    const hit = this.peek(id);
    if (hit !== undefined) return hit;
    const now = Date.now();
    const site = await getSite(this.db, id);
    this.entries.set(id, { site, until: now + this.ttlMs });
    return site;
  }

  /** The cached answer (null for a known unknown site), or undefined when get() must ask Postgres. */
  peek(id: number): Site | null | undefined {
    const hit = this.entries.get(id);
    return hit && hit.until > Date.now() ? hit.site : undefined;
  }
}

/** A site's hostnames are exact names, or `*.example.com` for any subdomain of example.com. */
export function hostnameBelongs(site: Site, hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  return site.hostnames.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith('*.') ? h.endsWith(p.slice(1)) : h === p;
  });
}
