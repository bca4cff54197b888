import { type Sql, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';

const DAY_MS = 86_400_000;

interface IdentityDay {
  site: number;
  day: number;
  visitor: string;
  identity: string;
  first: number;
  last: number;
}

/**
 * Per daily visitor id and identify id, the first and last identified hit of its UTC day (the
 * retention read's table), and per UTC day the number of visitor ids with an identified hit. The
 * statement counts a visitor id the first time any identity row of it is written: its condition
 * sees the table as it was before the statement, so two identities of one new visitor id in one
 * batch count it once, and a later batch never again.
 */
export function foldIdentityDays(hits: readonly HitRecorded[]): Sql | null {
  const rows = new Map<string, IdentityDay>();
  for (const h of hits) {
    if (h.identity === undefined) continue;
    const day = Math.floor(h.ts / DAY_MS) * DAY_MS;
    const key = `${h.site}\u0000${day}\u0000${h.visitor}\u0000${h.identity}`;
    const r = rows.get(key);
    if (r) {
      r.first = Math.min(r.first, h.ts);
      r.last = Math.max(r.last, h.ts);
    } else
      rows.set(key, { site: h.site, day, visitor: h.visitor, identity: h.identity, first: h.ts, last: h.ts });
  }
  if (rows.size === 0) return null;
  const list = [...rows.values()];
  const at = (f: (r: IdentityDay) => number) => list.map((r) => new Date(f(r)).toISOString());
  return sql`
    WITH batch AS (
      SELECT * FROM unnest(${list.map((r) => r.site)}::bigint[], ${at((r) => r.day)}::timestamptz[],
        ${list.map((r) => r.visitor)}::text[], ${list.map((r) => r.identity)}::text[],
        ${at((r) => r.first)}::timestamptz[], ${at((r) => r.last)}::timestamptz[])
        AS b(site_id, day, visitor_id, identity, first_at, last_at)),
    counted AS (
      INSERT INTO identity_day_visitors AS c (site_id, day, visitor_ids)
      SELECT site_id, day, count(DISTINCT visitor_id) FROM batch b
      WHERE NOT EXISTS (SELECT 1 FROM identity_days d
                        WHERE d.site_id = b.site_id AND d.day = b.day AND d.visitor_id = b.visitor_id)
      GROUP BY 1, 2
      ON CONFLICT (site_id, day) DO UPDATE SET visitor_ids = c.visitor_ids + excluded.visitor_ids)
    INSERT INTO identity_days AS d (site_id, day, visitor_id, identity, first_at, last_at)
    SELECT * FROM batch
    ON CONFLICT (site_id, day, visitor_id, identity) DO UPDATE
      SET first_at = least(d.first_at, excluded.first_at), last_at = greatest(d.last_at, excluded.last_at)`;
}
