import { type Sql, sql } from '../../src/db/sql.js';

const DAY_MS = 86_400_000;

/** The advisory lock of one site's UTC day of pair rollups, held by their count and by a fold that stores into the day. */
export const pairDayLock = (site: Sql, day: Sql) =>
  sql`pg_advisory_xact_lock(hashtext('twofold.pair-days'), hashtext(${site}::text || ':' || ${day}::text))`;

/**
 * The days whose pair rollups (src/pairs/) a batch's hits change, each hit's from its session's
 * start to its own (a session started before midnight: its entry, exit and the values it matched
 * are counted on its first day; engagement lands on an earlier pageview of the session): their
 * counts are withdrawn, after taking each day's lock in order, so a count running meanwhile
 * either sees these hits or is withdrawn after it.
 */
export function withdrawPairDays(hits: readonly { site: number; started: number; ts: number }[]): Sql[] {
  const days = new Map<string, { site: number; day: string }>();
  for (const h of hits)
    for (let d = Math.floor(h.started / DAY_MS); d <= Math.floor(h.ts / DAY_MS); d++) {
      const day = new Date(d * DAY_MS).toISOString().slice(0, 10);
      days.set(`${h.site}:${day}`, { site: h.site, day });
    }
  if (days.size === 0) return [];
  const list = [...days.values()].sort((a, b) => a.site - b.site || a.day.localeCompare(b.day));
  const sites = list.map((d) => d.site);
  const dates = list.map((d) => d.day);
  return [
    sql`SELECT ${pairDayLock(sql`d.site_id`, sql`d.day`)}
      FROM unnest(${sites}::bigint[], ${dates}::date[]) WITH ORDINALITY AS d(site_id, day, n) ORDER BY d.n`,
    sql`DELETE FROM dimension_pair_days p USING unnest(${sites}::bigint[], ${dates}::date[]) AS d(site_id, day)
      WHERE p.site_id = d.site_id AND p.day = d.day`,
  ];
}
