import { type Db, sql } from '../../db/sql.js';
import type { Window } from '../envelope/range.js';

/**
 * The time of the site's newest hit in the raw hits (null: none): one step down the index on
 * (site_id, ts). The rollups fold the same hits, so a window ending after it ends after theirs.
 */
export async function newestHit(db: Db, site: number): Promise<Date | null> {
  const { rows } = await db.query<{ ts: Date | null }>(
    sql`SELECT max(ts) AS ts FROM events WHERE site_id = ${site}`,
  );
  return rows[0]?.ts ?? null;
}

/**
 * The `newest` a read's needs carry (src/read/plan/planner.ts): read only when the window's end
 * falls off the source's unit, as a window ending now does; any other window needs none.
 */
export async function newestNeed(
  db: Db,
  site: number,
  w: Window,
  unitMs: number,
): Promise<{ newest?: Date | null }> {
  return w.end.getTime() % unitMs === 0 ? {} : { newest: await newestHit(db, site) };
}
