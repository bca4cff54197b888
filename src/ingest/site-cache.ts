import { LRUCache } from 'lru-cache';
import type { Db } from '../db/sql.js';
import { isDatabaseUnreachable } from '../db/unreachable.js';
import { getSite, maxSiteId, type Site } from '../sites/sites.js';

export interface SiteCacheOptions {
  /** How long an answer (a site, or that there is none) is kept. */
  ttlMs?: number;
  maxEntries?: number;
}

/**
 * While Postgres cannot be reached, a site whose answer has expired is served from that answer and
 * asked for again after this long (docs/operations.md#when-postgres-is-away).
 */
const UNREACHABLE_RETRY_MS = 1_000;

/** How many times a second the largest site id may be read again, for ids above the one known. */
const CEILING_READS_PER_SECOND = 20;

/**
 * Sites are read on every hit and change rarely: a short-lived cache keeps ingest off Postgres,
 * and a changed hostname list takes effect within the TTL on every instance.
 *
 * `s` is in every page's snippet and anyone may make one up, so what a flood of made-up ids costs
 * is bounded (docs/operations.md#request-bounds-and-process-safety): the cache holds at most
 * `maxEntries` answers, unknown ids included (least recently used first out); an unknown id is
 * remembered for the TTL like a site, so a repeat costs no query; concurrent lookups of one id
 * share one query; and an id above the largest site id (sites take ascending ids) is unknown
 * without a query and without an entry. That largest id is read again when a larger id is asked
 * for, at most CEILING_READS_PER_SECOND times a second, so a site created a moment ago is found at
 * its first hit, and ids no site can have cost neither memory nor a query each.
 */
export class SiteCache {
  private readonly entries: LRUCache<number, { site: Site | null }>;
  private readonly loading = new Map<number, Promise<Site | null>>();
  private ceiling = 0;
  private ceilingRead: Promise<number> | undefined;
  private tokens = CEILING_READS_PER_SECOND;
  private tokensAt = Date.now();

  constructor(
    private readonly db: Db,
    { ttlMs = 10_000, maxEntries = 10_000 }: SiteCacheOptions = {},
  ) {
    // An expired answer stays (until least recently used out) for load() to fall back on.
    this.entries = new LRUCache({ max: maxEntries, ttl: ttlMs, noDeleteOnStaleGet: true });
  }

  get(id: number): Promise<Site | null> {
    const hit = this.peek(id);
    if (hit !== undefined) return Promise.resolve(hit);
    if (!Number.isSafeInteger(id) || id <= 0) return Promise.resolve(null);
    let load = this.loading.get(id);
    if (load === undefined) {
      load = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, load);
    }
    return load;
  }

  /** The cached answer (null for a known unknown site), or undefined when get() must ask Postgres. */
  peek(id: number): Site | null | undefined {
    return this.entries.get(id)?.site;
  }

  /** How many answers the cache holds. */
  get size(): number {
    return this.entries.size;
  }

  private async load(id: number): Promise<Site | null> {
    try {
      if (id > this.ceiling && id > (await this.readCeiling())) return null;
      const site = await getSite(this.db, id);
      this.entries.set(id, { site });
      return site;
    } catch (err) {
      const stale = isDatabaseUnreachable(err) ? this.entries.get(id, { allowStale: true }) : undefined;
      if (stale === undefined) throw err;
      this.entries.set(id, stale, { ttl: UNREACHABLE_RETRY_MS });
      return stale.site;
    }
  }

  /** The largest site id: read again if the budget allows (one read at a time), else the last one. */
  private readCeiling(): Promise<number> {
    if (this.ceilingRead) return this.ceilingRead;
    const now = Date.now();
    this.tokens = Math.min(
      CEILING_READS_PER_SECOND,
      this.tokens + ((now - this.tokensAt) * CEILING_READS_PER_SECOND) / 1000,
    );
    this.tokensAt = now;
    if (this.tokens < 1) return Promise.resolve(this.ceiling);
    this.tokens -= 1;
    this.ceilingRead = maxSiteId(this.db)
      .then((max) => (this.ceiling = Math.max(this.ceiling, max)))
      .finally(() => (this.ceilingRead = undefined));
    return this.ceilingRead;
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
