import type { Principal } from '../../auth/guards.js';
import type { Db } from '../../db/sql.js';
import { AppError } from '../../errors/app-error.js';
import { loadSegmentFilters } from '../../segments/segments.js';
import { type FilterTree, mergeFilters } from './filters.js';
import type { Audience } from './query.js';

/**
 * The segment filters a read runs with: the envelope's `segment`, and for a shared link limited
 * to a segment, that segment's filters ANDed on as well, so no parameter of the read can widen
 * them. A link limited to one readership refuses reads of the other (or of both): 403 on
 * `audience`. Undefined when neither names a segment.
 */
export async function readSegment(
  db: Db,
  p: Principal,
  siteId: number,
  audience: Audience,
  requested: number | undefined,
): Promise<FilterTree | undefined> {
  const limits = p.kind === 'share' ? p : null;
  if (limits && limits.audience !== null && audience !== limits.audience)
    throw new AppError('forbidden', `this shared link shows only audience=${limits.audience}`, {
      field: 'audience',
    });
  const own = requested === undefined ? undefined : await loadSegmentFilters(db, siteId, requested);
  const fixed =
    limits && limits.segmentId !== null ? await loadSegmentFilters(db, siteId, limits.segmentId) : undefined;
  if (fixed === undefined) return own;
  return own === undefined ? fixed : mergeFilters(fixed, own);
}
