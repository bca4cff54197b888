import { type Db, sql } from '../db/sql.js';
import type { Target } from '../goals/target.js';
import { AppError } from '../errors/app-error.js';

/** A funnel as the API shows it. */
export interface Funnel {
  id: number;
  site: number;
  name: string;
  steps: Target[];
  window_minutes: number | null;
  created_at: Date;
}

const FUNNEL_COLUMNS = sql`f.id, f.site_id AS site, f.name, f.steps, f.window_minutes, f.created_at`;

export async function createFunnel(
  db: Db,
  f: { siteId: number; name: string; steps: readonly Target[]; windowMinutes: number | null },
): Promise<Funnel> {
  const { rows } = await db.query<Funnel>(sql`
    INSERT INTO funnels AS f (site_id, name, steps, window_minutes)
    VALUES (${f.siteId}, ${f.name}, ${JSON.stringify(f.steps)}::jsonb, ${f.windowMinutes})
    ON CONFLICT (site_id, name) DO NOTHING
    RETURNING ${FUNNEL_COLUMNS}`);
  if (rows[0] === undefined)
    throw new AppError('conflict', 'this site already has a funnel of this name', { field: 'name' });
  return rows[0];
}

/** The site's funnels, by name. */
export async function listFunnels(db: Db, siteId: number): Promise<Funnel[]> {
  const { rows } = await db.query<Funnel>(
    sql`SELECT ${FUNNEL_COLUMNS} FROM funnels f WHERE f.site_id = ${siteId} ORDER BY f.name, f.id`,
  );
  return rows;
}

/** The funnel `id` of site `siteId`; null when the site has no such funnel. */
export async function siteFunnel(db: Db, siteId: number, id: number): Promise<Funnel | null> {
  const { rows } = await db.query<Funnel>(
    sql`SELECT ${FUNNEL_COLUMNS} FROM funnels f WHERE f.id = ${id} AND f.site_id = ${siteId}`,
  );
  return rows[0] ?? null;
}

/** The site the funnel belongs to; null when there is no such funnel. */
export async function funnelSite(db: Db, id: number): Promise<number | null> {
  const { rows } = await db.query<{ site_id: number }>(sql`SELECT site_id FROM funnels WHERE id = ${id}`);
  return rows[0]?.site_id ?? null;
}

/** Deletes the definition only: the events it counted stay as they are. False when it was gone. */
export async function deleteFunnel(db: Db, id: number): Promise<boolean> {
  const r = await db.query(sql`DELETE FROM funnels WHERE id = ${id}`);
  return r.rowCount === 1;
}
