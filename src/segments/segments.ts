import { type Db, sql } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import type { FilterTree } from '../read/envelope/filters.js';

/** A saved segment as the API shows it. */
export interface Segment {
  id: number;
  site: number;
  name: string;
  filters: FilterTree;
  created_at: Date;
}

const SEGMENT_COLUMNS = sql`s.id, s.site_id AS site, s.name, s.filters, s.created_at`;

/** A PostgreSQL bigint id: anything else cannot name a row (and would fail as a database error). */
function isId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/** The name is taken on this site (the unique key on `(site_id, name)`): `409 conflict`. */
function duplicateName(): AppError {
  return new AppError('conflict', 'this site already has a segment of this name', { field: 'name' });
}

function isDuplicateName(err: unknown): boolean {
  const e = err as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && e.constraint === 'segments_site_name_key';
}

export async function createSegment(
  db: Db,
  s: { siteId: number; name: string; filters: FilterTree },
): Promise<Segment> {
  const { rows } = await db.query<Segment>(sql`
    INSERT INTO segments AS s (site_id, name, filters)
    VALUES (${s.siteId}, ${s.name}, ${JSON.stringify(s.filters)}::jsonb)
    ON CONFLICT (site_id, name) DO NOTHING
    RETURNING ${SEGMENT_COLUMNS}`);
  if (rows[0] === undefined) throw duplicateName();
  return rows[0];
}

/** The site's segments, by name. */
export async function listSegments(db: Db, siteId: number): Promise<Segment[]> {
  const { rows } = await db.query<Segment>(
    sql`SELECT ${SEGMENT_COLUMNS} FROM segments s WHERE s.site_id = ${siteId} ORDER BY s.name, s.id`,
  );
  return rows;
}

/** A segment by id; null when there is no such segment. */
export async function getSegment(db: Db, id: number): Promise<Segment | null> {
  if (!isId(id)) return null;
  const { rows } = await db.query<Segment>(sql`SELECT ${SEGMENT_COLUMNS} FROM segments s WHERE s.id = ${id}`);
  return rows[0] ?? null;
}

/** Sets the given fields; null when the segment is gone. A taken name → `409 conflict`. */
export async function updateSegment(
  db: Db,
  id: number,
  change: { name?: string | undefined; filters?: FilterTree | undefined },
): Promise<Segment | null> {
  const filters = change.filters === undefined ? null : JSON.stringify(change.filters);
  try {
    const { rows } = await db.query<Segment>(sql`
      UPDATE segments s SET name = COALESCE(${change.name ?? null}, s.name),
                            filters = COALESCE(${filters}::jsonb, s.filters),
                            updated_at = now()
      WHERE s.id = ${id} RETURNING ${SEGMENT_COLUMNS}`);
    return rows[0] ?? null;
  } catch (err) {
    if (isDuplicateName(err)) throw duplicateName();
    throw err;
  }
}

/** False when there was no such segment. */
export async function deleteSegment(db: Db, id: number): Promise<boolean> {
  const r = await db.query(sql`DELETE FROM segments WHERE id = ${id}`);
  return r.rowCount === 1;
}

/**
 * The filter tree of segment `segmentId` for a read of site `siteId` (interface §2.2 `segment`).
 * A segment of another site is reported exactly like a missing one: `404 not_found`, field
 * `segment`, so a read never applies another site's segment nor learns that it exists.
 */
export async function loadSegmentFilters(db: Db, siteId: number, segmentId: number): Promise<FilterTree> {
  if (isId(siteId) && isId(segmentId)) {
    const { rows } = await db.query<{ filters: FilterTree }>(
      sql`SELECT filters FROM segments WHERE id = ${segmentId} AND site_id = ${siteId}`,
    );
    if (rows[0] !== undefined) return rows[0].filters;
  }
  throw new AppError('not_found', 'no such segment for this site', { field: 'segment' });
}
