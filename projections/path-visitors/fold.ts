import { empty, raw, type Sql, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import { newestBySite, visitorHorizon } from '../sessions/horizon.js';

/** Visitor numbers per bit string block of `path_visitors_day` (migration 0019). */
const BLOCK_BITS = 4096;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Visitor number `n`'s block of `path_visitors_day`, and the block's bit string with only its bit set. */
export const blockOf = (n: Sql) => sql`${n} / ${raw(String(BLOCK_BITS))}`;
export const bitOf = (n: Sql) =>
  sql`set_bit(repeat('0', ${raw(String(BLOCK_BITS))})::bit(${raw(String(BLOCK_BITS))}), ${n} % ${raw(String(BLOCK_BITS))}, 1)`;

/** The batch's visitors already numbered, by `site\0visitor`, and per site the next number. */
export type PathVisitorsState = Numbering;

const visitorKey = (h: HitRecorded) => `${h.site}\u0000${h.visitor}`;

/**
 * A pathname's directory prefixes: its parts up to each `/` after the first character
 * (`/docs/a/b`: `/docs/`, `/docs/a/`), the rows of `path_prefix_visitors_day` it counts in
 * (migration 0021 computes the same in SQL).
 */
export function pathPrefixes(pathname: string): string[] {
  const out: string[] = [];
  for (let i = 1; i < pathname.length; i++) if (pathname[i] === '/') out.push(pathname.slice(0, i + 1));
  return out;
}

/** The pageviews among a batch's hits: the only hits a path goal counts. */
export const pageviews = (hits: readonly HitRecorded[]) => hits.filter((h) => h.kind === 'pageview');

/**
 * The tables of a projection that keeps, per UTC day, path (and directory prefix) and block, a set
 * of numbers as a bit string, with each pageview and its number for the edges of a window:
 * `path_visitors` numbers visitors (migrations 0019, 0021), `path_sessions` sessions (0027).
 */
export interface PathBitTables {
  day: string;
  prefixDay: string;
  hits: string;
  /** The bit string column of `day` and `prefixDay`. */
  bits: string;
  /** Whether the day rows also count the pageviews. */
  pageviews: boolean;
}

export const PATH_VISITOR_TABLES: PathBitTables = {
  day: 'path_visitors_day',
  prefixDay: 'path_prefix_visitors_day',
  hits: 'path_visitor_hits',
  bits: 'visitors',
  pageviews: true,
};

export const PATH_SESSION_TABLES: PathBitTables = {
  day: 'path_sessions_day',
  prefixDay: 'path_prefix_sessions_day',
  hits: 'path_session_hits',
  bits: 'sessions',
  pageviews: false,
};

/**
 * Keeps each pageview's time with its number `ns[i]` (in its hour's row), and sets the number's
 * bit in the row of the pageview's UTC day, path and block, and in those of its day, block and each
 * directory prefix of its path (adding the pageview there when the tables count them).
 */
export function writePathBits(t: PathBitTables, views: readonly HitRecorded[], ns: readonly number[]): Sql[] {
  const [bits, count, add] = t.pageviews
    ? [raw(`${t.bits}, pageviews`), sql`, count(*)`, raw(', pageviews = d.pageviews + excluded.pageviews')]
    : [raw(t.bits), empty, empty];
  const merge = raw(`${t.bits} = d.${t.bits} | excluded.${t.bits}`);
  // The pageviews of an hour and path in one row, in time order (merged on each append, so any
  // batching writes the same row): milliseconds into the hour and numbers, as two arrays.
  const hourOf = (h: HitRecorded) => Math.floor(h.ts / HOUR_MS) * HOUR_MS;
  const out: Sql[] = [
    sql`
    INSERT INTO ${raw(t.hits)} AS d (site_id, hour, pathname, ms, ns)
    SELECT site_id, hour, pathname, array_agg(ms ORDER BY ms, n), array_agg(n ORDER BY ms, n)
    FROM unnest(${views.map((h) => h.site)}::bigint[],
      ${views.map((h) => new Date(hourOf(h)).toISOString())}::timestamptz[], ${views.map((h) => h.pathname)}::text[],
      ${views.map((h) => h.ts - hourOf(h))}::int[], ${ns}::int[]) AS v(site_id, hour, pathname, ms, n)
    GROUP BY 1, 2, 3
    ON CONFLICT (site_id, hour, pathname) DO UPDATE SET (ms, ns) = (
      SELECT array_agg(m ORDER BY m, x), array_agg(x ORDER BY m, x) FROM unnest(d.ms || excluded.ms, d.ns || excluded.ns) AS u(m, x))`,
  ];
  const dayOf = (h: HitRecorded) => new Date(Math.floor(h.ts / DAY_MS) * DAY_MS).toISOString();
  out.push(sql`
    INSERT INTO ${raw(t.day)} AS d (site_id, day, pathname, block, ${bits})
    SELECT site_id, day, pathname, ${blockOf(sql`n`)}, bit_or(${bitOf(sql`n`)})${count}
    FROM unnest(${views.map((h) => h.site)}::bigint[], ${views.map(dayOf)}::timestamptz[],
      ${views.map((h) => h.pathname)}::text[], ${ns}::int[]) AS v(site_id, day, pathname, n)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (site_id, day, pathname, block) DO UPDATE SET ${merge}${add}`);
  const under = views.flatMap((h, i) => pathPrefixes(h.pathname).map((prefix) => ({ h, prefix, n: ns[i]! })));
  if (under.length > 0)
    out.push(sql`
    INSERT INTO ${raw(t.prefixDay)} AS d (site_id, day, prefix, block, ${bits})
    SELECT site_id, day, prefix, ${blockOf(sql`n`)}, bit_or(${bitOf(sql`n`)})${count}
    FROM unnest(${under.map((u) => u.h.site)}::bigint[], ${under.map((u) => dayOf(u.h))}::timestamptz[],
      ${under.map((u) => u.prefix)}::text[], ${under.map((u) => u.n)}::int[]) AS v(site_id, day, prefix, n)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (site_id, prefix, day, block) DO UPDATE SET ${merge}${add}`);
  return out;
}

/** Numbers already given, by key, and per site the number its next new key gets. */
export interface Numbering {
  numbers: ReadonlyMap<string, number>;
  next: ReadonlyMap<number, number>;
}

/**
 * Each item's number: its key's, or for a key not numbered yet the site's next, in the order of
 * the items (stream order). `added` lists the keys numbered here, to be stored.
 */
export function numberKeys<T extends { site: number; key: string }>(items: readonly T[], state: Numbering) {
  const numbers = new Map(state.numbers);
  const next = new Map(state.next);
  const added: (T & { n: number })[] = [];
  const ns = items.map((item) => {
    const known = numbers.get(item.key);
    if (known !== undefined) return known;
    const n = next.get(item.site) ?? 0;
    next.set(item.site, n + 1);
    numbers.set(item.key, n);
    added.push({ ...item, n });
    return n;
  });
  return { ns, added };
}

/**
 * Numbers the batch's new visitors in stream order, then writes each pageview with its visitor's
 * number and the number's bits (`writePathBits`). Run once per batch (the runner's claimed
 * sequence), folding a batch again would count its pageviews twice, like every rollup.
 */
export function foldPathVisitors(hits: readonly HitRecorded[], state: PathVisitorsState): Sql[] {
  const views = pageviews(hits);
  if (views.length === 0) return [];
  const { ns, added } = numberKeys(
    views.map((h) => ({ site: h.site, key: visitorKey(h), visitor: h.visitor })),
    state,
  );
  const out: Sql[] = [];
  if (added.length > 0)
    out.push(
      sql`INSERT INTO path_visitor_numbers (site_id, visitor_id, n)
        SELECT * FROM unnest(${added.map((a) => a.site)}::bigint[], ${added.map((a) => a.visitor)}::text[],
          ${added.map((a) => a.n)}::int[])`,
    );
  return [...out, ...writePathBits(PATH_VISITOR_TABLES, views, ns)];
}

/**
 * Deletes the numbers of visitors whose day ended before the day the grace reaches back into
 * (sessions/horizon.ts): a visitor id lives one UTC day, so no later pageview looks them up.
 * Numbers rise in stream order (receive order) and every visitor of a later day has its bit in
 * that day's rows, so the numbers below the lowest block of the rows of the horizon's day and the
 * two after it (one probe each of `path_visitors_day_block`, whatever the size of the day) are all
 * earlier visitors'; the site's highest number stays, so the next new visitor's is never one given
 * before.
 */
export function prunePathVisitorNumbers(hits: readonly HitRecorded[]): Sql[] {
  const { sites, newest } = newestBySite(hits);
  if (sites.length === 0) return [];
  const from = newest.map((n) => new Date(visitorHorizon(n)).toISOString());
  return [
    sql`
    DELETE FROM path_visitor_numbers v USING (
      SELECT s.site_id, (SELECT min((SELECT min(d.block) FROM path_visitors_day d WHERE d.site_id = s.site_id AND d.day = g.day))
        FROM generate_series(s.horizon, s.horizon + interval '2 days', interval '1 day') AS g(day)) AS block
      FROM unnest(${sites}::bigint[], ${from}::timestamptz[]) AS s(site_id, horizon)) kept
    WHERE v.site_id = kept.site_id AND v.n < kept.block * ${raw(String(BLOCK_BITS))}`,
  ];
}
