import { type Db, sql } from '../db/sql.js';
import { AppError } from '../errors/app-error.js';
import type { Target } from './target.js';

/** A goal as the API shows it: `event` or `path` set, the other null. */
export interface Goal {
  id: number;
  site: number;
  name: string;
  event: string | null;
  path: string | null;
  currency: string | null;
  created_at: Date;
}

const GOAL_COLUMNS = sql`g.id, g.site_id AS site, g.name, g.event, g.path, g.currency, g.created_at`;

/** The goal's target for the reads. */
export function goalTarget(g: Pick<Goal, 'event' | 'path'>): Target {
  return g.event !== null ? { event: g.event } : { path: g.path! };
}

/**
 * The name a goal gets when none is given: its event, or `Visit <path>`, with the currency when
 * it has one, so an event may have a goal per currency without naming them.
 */
export function defaultGoalName(g: {
  event?: string | undefined;
  path?: string | undefined;
  currency?: string | undefined;
}): string {
  const base = g.event ?? `Visit ${g.path}`;
  return g.currency === undefined ? base : `${base} (${g.currency})`;
}

export async function createGoal(
  db: Db,
  g: { siteId: number; name: string; event: string | null; path: string | null; currency: string | null },
): Promise<Goal> {
  const { rows } = await db.query<Goal>(sql`
    INSERT INTO goals AS g (site_id, name, event, path, currency)
    VALUES (${g.siteId}, ${g.name}, ${g.event}, ${g.path}, ${g.currency})
    ON CONFLICT (site_id, name) DO NOTHING
    RETURNING ${GOAL_COLUMNS}`);
  if (rows[0] === undefined)
    throw new AppError('conflict', 'this site already has a goal of this name', { field: 'name' });
  return rows[0];
}

/** The site's goals, by name. */
export async function listGoals(db: Db, siteId: number): Promise<Goal[]> {
  const { rows } = await db.query<Goal>(
    sql`SELECT ${GOAL_COLUMNS} FROM goals g WHERE g.site_id = ${siteId} ORDER BY g.name, g.id`,
  );
  return rows;
}

/** The site the goal belongs to; null when there is no such goal. */
export async function goalSite(db: Db, id: number): Promise<number | null> {
  const { rows } = await db.query<{ site_id: number }>(sql`SELECT site_id FROM goals WHERE id = ${id}`);
  return rows[0]?.site_id ?? null;
}

/** Deletes the definition only: the events it counted stay as they are. False when it was gone. */
export async function deleteGoal(db: Db, id: number): Promise<boolean> {
  const r = await db.query(sql`DELETE FROM goals WHERE id = ${id}`);
  return r.rowCount === 1;
}
