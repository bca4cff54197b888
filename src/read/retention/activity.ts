import { type Db, type Sql, sql } from '../../db/sql.js';
import { compileFilters, sessionRowMatches } from '../envelope/filter-sql.js';
import { type FilterTree, filterDimensions, HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import type { ActivitySource } from './source.js';
import { inWindow } from '../envelope/in-window.js';

/** How many identities were active in exactly these periods (indexes into the period starts). */
export interface PeriodSet {
  periods: number[];
  identities: number;
}

export interface Activity {
  sets: PeriodSet[];
  /** Daily visitor ids with an identified hit in the window: those the grid covers. */
  identifiedIds: number;
}

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The set of periods an identity was active in, as one bit per period: a bigint up to 63 periods
 * (cheap), a bit string beyond (a 90-day grid by the day). Both read back as text.
 */
function bits(periods: number) {
  const wide = periods > 63;
  const zero = wide ? sql`${'0'.repeat(periods)}::varbit` : sql`0::bigint`;
  return {
    wide,
    zero,
    bit: (p: Sql) => (wide ? sql`set_bit(${zero}, ${p}, 1)` : sql`(1::bigint << ${p})`),
  };
}

/** The periods a mask's text holds: a bigint's set bits, or a bit string's `1`s (leftmost period 0). */
export function periodsOf(mask: string, wide: boolean): number[] {
  const out: number[] = [];
  if (wide) {
    for (let p = mask.indexOf('1'); p >= 0; p = mask.indexOf('1', p + 1)) out.push(p);
    return out;
  }
  for (let m = BigInt(mask), p = 0; m > 0n; m >>= 1n, p++) if (m & 1n) out.push(p);
  return out;
}

const dayOf = (ms: number) => iso(Math.floor(ms / DAY_MS) * DAY_MS);

/** `identity_days`' rows of the window: a day's first and last identified hit, a span meeting it. */
const windowDays = (site: number, w: Window) => sql`
  SELECT day, visitor_id, identity, first_at, last_at FROM identity_days
  WHERE site_id = ${site} AND day >= ${dayOf(w.start.getTime())} AND day < ${iso(w.end.getTime())}
    AND last_at >= ${iso(w.start.getTime())} AND first_at < ${iso(w.end.getTime())}`;

/**
 * Under filters on the `sessions` row's dimensions, the CTEs `d` (the window's `identity_days`
 * rows whose visitor id's hits all match: every session of it not mixed and matching by its row)
 * and `hits` (the matching identified hits in the window of the visitor ids some of whose sessions
 * are mixed or match, but not all: read through their sessions). A visitor id all of whose sessions
 * are neither is left out: none of its hits matches.
 */
function splitByRows(site: number, w: Window, filters: FilterTree): Sql {
  const row = sessionRowMatches(filters, 's');
  return sql`
    day_rows AS MATERIALIZED (${windowDays(site, w)}),
    v AS MATERIALIZED (
      SELECT s.visitor_id, bool_and(NOT s.mixed AND ${row}) AS whole, bool_or(s.mixed OR ${row}) AS some
      FROM sessions s
      WHERE s.site_id = ${site} AND s.visitor_id IN (SELECT visitor_id FROM day_rows)
      GROUP BY s.visitor_id),
    d AS (SELECT r.* FROM day_rows r JOIN v ON v.visitor_id = r.visitor_id WHERE v.whole),
    hits AS (
      SELECT e.identity, e.visitor_id, e.ts
      FROM v JOIN sessions s ON s.site_id = ${site} AND s.visitor_id = v.visitor_id
        JOIN events e ON e.session_id = s.id
      WHERE v.some AND NOT v.whole AND e.site_id = ${site} AND ${inWindow('e.ts', w)}
        AND e.identity IS NOT NULL AND ${compileFilters(filters, HUMAN_DIMENSIONS, 'e')})`;
}

/** Whether `identity_days` answers under these filters through the `sessions` rows (splitByRows). */
const filtered = (source: ActivitySource, filters: FilterTree) =>
  source === 'days' && filterDimensions(filters).size > 0;

/**
 * Each identified visitor id's day (or hit) as (identity, the bits of the periods it was active in).
 * From `identity_days`, a row's first and last hit give its periods (source.ts says when exactly);
 * the side of the window's start or end that lies outside gives none.
 */
function activeRows(
  source: ActivitySource,
  site: number,
  w: Window,
  starts: Sql,
  b: ReturnType<typeof bits>,
  filters: FilterTree,
): Sql {
  const [ws, we] = [iso(w.start.getTime()), iso(w.end.getTime())];
  const period = (t: Sql) => sql`width_bucket(${t}, ${starts}) - 1`;
  const fromDays = (rows: Sql) => sql`
      SELECT identity,
        CASE WHEN first_at >= ${ws} THEN ${b.bit(period(sql`first_at`))} ELSE ${b.zero} END
        | CASE WHEN last_at < ${we} THEN ${b.bit(period(sql`last_at`))} ELSE ${b.zero} END AS m
      FROM ${rows}`;
  // Under filters, the CTEs of splitByRows are the caller's (activity).
  if (filtered(source, filters))
    return sql`${fromDays(sql`d`)} UNION ALL SELECT identity, ${b.bit(period(sql`ts`))} FROM hits`;
  if (source === 'days') return fromDays(sql`(${windowDays(site, w)}) d`);
  return sql`
    SELECT e.identity, ${b.bit(period(sql`e.ts`))} AS m FROM events e
    WHERE e.site_id = ${site} AND ${inWindow('e.ts', w)} AND e.identity IS NOT NULL
      AND ${compileFilters(filters, HUMAN_DIMENSIONS, 'e')}`;
}

/** Visitor ids with an identified hit in the window: whole UTC days from their counts, the edge days from their rows. */
function identifiedIds(source: ActivitySource, site: number, w: Window, filters: FilterTree): Sql {
  const [ws, we] = [w.start.getTime(), w.end.getTime()];
  if (source === 'raw')
    return sql`SELECT count(DISTINCT e.visitor_id)::int AS n FROM events e
      WHERE e.site_id = ${site} AND ${inWindow('e.ts', w)} AND e.identity IS NOT NULL
        AND ${compileFilters(filters, HUMAN_DIMENSIONS, 'e')}`;
  const whole = { start: Math.ceil(ws / DAY_MS) * DAY_MS, end: Math.floor(we / DAY_MS) * DAY_MS };
  const edges = [ws, we].filter((t) => t % DAY_MS !== 0).map(dayOf);
  return sql`
    SELECT ((SELECT coalesce(sum(visitor_ids), 0) FROM identity_day_visitors
             WHERE site_id = ${site} AND ${inWindow('day', whole)})
          + (SELECT count(DISTINCT (day, visitor_id)) FROM identity_days
             WHERE site_id = ${site} AND day = ANY(${edges}::timestamptz[])
               AND last_at >= ${iso(ws)} AND first_at < ${iso(we)}))::int AS n`;
}

/**
 * The identities active per set of periods, set-based: each identity's periods as bits
 * (`width_bucket` over the period starts, no time zone arithmetic per row; from `identity_days` the
 * rows come ordered by identity, so grouping needs no hash table), then identities counted per
 * distinct set (a few thousand for 12 weeks). `periodStarts` ascend from at or before the
 * window's start.
 */
export async function activity(
  db: Db,
  source: ActivitySource,
  site: number,
  w: Window,
  periodStarts: readonly Date[],
  filters: FilterTree,
): Promise<Activity> {
  const b = bits(periodStarts.length);
  const starts = sql`${periodStarts.map((d) => d.toISOString())}::timestamptz[]`;
  const setsOf = (rows: { mask: string; identities: number }[]) =>
    rows.map((r) => ({ periods: periodsOf(r.mask, b.wide), identities: r.identities }));
  if (filtered(source, filters)) {
    // One statement: the split's rows and hits serve both the sets and the ids.
    const { rows } = await db.query<{ mask: string; identities: number; ids: number }>(sql`
      WITH ${splitByRows(site, w, filters)}
      SELECT mask::text, count(*)::int AS identities,
        (SELECT count(DISTINCT visitor_id) FROM (SELECT visitor_id FROM d UNION ALL SELECT visitor_id FROM hits) x)::int AS ids
      FROM (SELECT h.identity, bit_or(h.m) AS mask FROM (${activeRows(source, site, w, starts, b, filters)}) h
            GROUP BY h.identity) per
      GROUP BY mask`);
    return { sets: setsOf(rows), identifiedIds: rows[0]?.ids ?? 0 };
  }
  const [sets, ids] = await Promise.all([
    db.query<{ mask: string; identities: number }>(sql`
      SELECT mask::text, count(*)::int AS identities
      FROM (SELECT h.identity, bit_or(h.m) AS mask FROM (${activeRows(source, site, w, starts, b, filters)}) h
            GROUP BY h.identity) per
      GROUP BY mask`),
    db.query<{ n: number }>(identifiedIds(source, site, w, filters)),
  ]);
  return { sets: setsOf(sets.rows), identifiedIds: ids.rows[0]!.n };
}
