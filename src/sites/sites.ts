import { type Db, sql } from '../db/sql.js';

export interface Site {
  id: number;
  ownerId: number;
  domain: string;
  timezone: string;
  hostnames: string[];
  ingestKey: string;
  excludedPaths: string[];
  respectDnt: boolean;
}

export interface SiteRow {
  id: number;
  owner_id: number;
  domain: string;
  timezone: string;
  hostnames: string[];
  ingest_key: string;
  excluded_paths: string[];
  respect_dnt: boolean;
}

/** The columns every site query selects, in the shape `toSite` reads. */
export const SITE_COLUMNS = sql`id, owner_id, domain, timezone, hostnames, ingest_key, excluded_paths, respect_dnt`;

export function toSite(r: SiteRow): Site {
  return {
    id: r.id,
    ownerId: r.owner_id,
    domain: r.domain,
    timezone: r.timezone,
    hostnames: r.hostnames,
    ingestKey: r.ingest_key,
    excludedPaths: r.excluded_paths,
    respectDnt: r.respect_dnt,
  };
}

export async function getSite(db: Db, id: number): Promise<Site | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const q = sql`SELECT ${SITE_COLUMNS} FROM sites WHERE id = ${id}`;
  const { rows } = await db.query<SiteRow>(q);
  return rows[0] ? toSite(rows[0]) : null;
}

/** The largest id a site has had (0 with none): ids are given in ascending order, never above it. */
export async function maxSiteId(db: Db): Promise<number> {
  const { rows } = await db.query<{ max: string }>(sql`SELECT coalesce(max(id), 0)::text AS max FROM sites`);
  return Number(rows[0]!.max);
}

/** The public shape of a site in API responses (never the ingest key, except on creation). */
export function siteView(s: Site) {
  return {
    id: s.id,
    domain: s.domain,
    timezone: s.timezone,
    hostnames: s.hostnames,
    excluded_paths: s.excludedPaths,
    respect_dnt: s.respectDnt,
  };
}
