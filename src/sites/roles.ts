import { type Db, sql } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import { type Site, SITE_COLUMNS, type SiteRow, toSite } from './sites.js';

/** What a person may do with a site: `owner` (one per site), `admin` (manages it), `viewer` (reads, exports). */
export const SITE_ROLES = ['owner', 'admin', 'viewer'] as const;
export type SiteRole = (typeof SITE_ROLES)[number];

const RANK: Record<SiteRole, number> = { viewer: 1, admin: 2, owner: 3 };

/** Whether `role` allows what `needed` does (owner ⊃ admin ⊃ viewer). */
export function roleAllows(role: SiteRole, needed: SiteRole): boolean {
  return RANK[role] >= RANK[needed];
}

/** A site with the role the asking user holds on it. */
export type SiteWithRole = Site & { role: SiteRole };

/**
 * The site and the user's role on it (null when the user is neither its owner nor a member), in
 * one query; null when the site does not exist.
 */
export async function siteRole(
  db: Db,
  siteId: number,
  userId: number,
): Promise<(Site & { role: SiteRole | null }) | null> {
  if (!Number.isSafeInteger(siteId) || siteId <= 0) return null;
  const { rows } = await db.query<SiteRow & { role: SiteRole | null }>(sql`
    SELECT ${SITE_COLUMNS},
           CASE WHEN s.owner_id = ${userId} THEN 'owner' ELSE m.role END AS role
    FROM sites s LEFT JOIN site_members m ON m.site_id = s.id AND m.user_id = ${userId}
    WHERE s.id = ${siteId}`);
  const row = rows[0];
  return row === undefined ? null : { ...toSite(row), role: row.role };
}

/**
 * The site for a request that needs at least `needed`: an unknown site → 404; someone else's, or
 * a member's whose role is below `needed` → 403. `field` names the request's key that carried the
 * id, when it was one.
 */
export async function requireSiteRole(
  db: Db,
  siteId: number,
  userId: number,
  needed: SiteRole,
  field?: string,
): Promise<SiteWithRole> {
  const site = await siteRole(db, siteId, userId);
  const where = field ? { field } : {};
  if (site === null) throw new AppError('not_found', 'no such site', where);
  if (site.role === null) throw new AppError('forbidden', 'this site is not yours', where);
  if (!roleAllows(site.role, needed))
    throw new AppError('forbidden', `this needs the ${needed} role on the site`, where);
  return { ...site, role: site.role };
}
