import { type Db, sql } from '../db/sql.js';

export interface Site {
  id: number;
  ownerId: number;
  domain: string;
  timezone: string;
  hostnames: string[];
  ingestKey: string;
}

interface SiteRow {
  id: number;
  owner_id: number;
  domain: string;
  timezone: string;
  hostnames: string[];
  ingest_key: string;
}

export function toSite(r: SiteRow): Site {
  return {
    id: r.id,
    ownerId: r.owner_id,
    domain: r.domain,
    timezone: r.timezone,
    hostnames: r.hostnames,
    ingestKey: r.ingest_key,
  };
}

export async function getSite(db: Db, id: number): Promise<Site | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const q = sql`SELECT id, owner_id, domain, timezone, hostnames, ingest_key FROM sites WHERE id = ${id}`;
  const { rows } = await db.query<SiteRow>(q);
  return rows[0] ? toSite(rows[0]) : null;
}

/** The public shape of a site in API responses (never the ingest key, except on creation). */
export function siteView(s: Site) {
  return { id: s.id, domain: s.domain, timezone: s.timezone, hostnames: s.hostnames };
}
