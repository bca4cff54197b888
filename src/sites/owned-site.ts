import type { Db } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import { getSite, type Site } from './sites.js';

/**
 * The site a management request names in its `site` field, for its owner: unknown → 404,
 * someone else's → 403, both on field `site` (the per-site configuration resources: segments,
 * goals, funnels).
 */
export async function ownedSite(db: Db, siteId: number, userId: number): Promise<Site> {
  const site = await getSite(db, siteId);
  if (site === null) throw new AppError('not_found', 'no such site', { field: 'site' });
  if (site.ownerId !== userId) throw new AppError('forbidden', 'you do not own this site', { field: 'site' });
  return site;
}
