import { raw, type Sql, sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';

/** Visitor numbers per bit string block of `path_visitors_day` (migration 0019). */
const BLOCK_BITS = 4096;
const DAY_MS = 86_400_000;

/** Visitor number `n`'s block of `path_visitors_day`, and the block's bit string with only its bit set. */
export const blockOf = (n: Sql) => sql`${n} / ${raw(String(BLOCK_BITS))}`;
export const bitOf = (n: Sql) =>
  sql`set_bit(repeat('0', ${raw(String(BLOCK_BITS))})::bit(${raw(String(BLOCK_BITS))}), ${n} % ${raw(String(BLOCK_BITS))}, 1)`;

export interface PathVisitorsState {
  /** The batch's visitors already numbered, by `site\0visitor`. */
  numbers: Map<string, number>;
  /** Per site, the number its next new visitor gets. */
  next: Map<number, number>;
}

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
 * Numbers the batch's new visitors in stream order, keeps each pageview with its visitor's number,
 * and sets the visitor's bit in the row of the pageview's UTC day, path and block, and in those of
 * its day, block and each directory prefix of its path, adding the pageview there. Run once per batch (the runner's
 * claimed sequence), folding a batch again would count its pageviews twice, like every rollup.
 */
export function foldPathVisitors(hits: readonly HitRecorded[], state: PathVisitorsState): Sql[] {
  const views = pageviews(hits);
  if (views.length === 0) return [];
  const numbers = new Map(state.numbers);
  const next = new Map(state.next);
  const added: { site: number; visitor: string; n: number }[] = [];
  const numberOf = (h: HitRecorded) => {
    const known = numbers.get(visitorKey(h));
    if (known !== undefined) return known;
    const n = next.get(h.site) ?? 0;
    next.set(h.site, n + 1);
    numbers.set(visitorKey(h), n);
    added.push({ site: h.site, visitor: h.visitor, n });
    return n;
  };
  const ns = views.map(numberOf);
  const out: Sql[] = [];
  if (added.length > 0)
    out.push(
      sql`INSERT INTO path_visitor_numbers (site_id, visitor_id, n)
        SELECT * FROM unnest(${added.map((a) => a.site)}::bigint[], ${added.map((a) => a.visitor)}::text[],
          ${added.map((a) => a.n)}::int[])`,
    );
  out.push(sql`
    INSERT INTO path_visitor_hits (site_id, ts, pathname, n)
    SELECT * FROM unnest(${views.map((h) => h.site)}::bigint[],
      ${views.map((h) => new Date(h.ts).toISOString())}::timestamptz[], ${views.map((h) => h.pathname)}::text[],
      ${ns}::int[])`);
  const dayOf = (h: HitRecorded) => new Date(Math.floor(h.ts / DAY_MS) * DAY_MS).toISOString();
  out.push(sql`
    INSERT INTO path_visitors_day AS d (site_id, day, pathname, block, visitors, pageviews)
    SELECT site_id, day, pathname, ${blockOf(sql`n`)}, bit_or(${bitOf(sql`n`)}), count(*)
    FROM unnest(${views.map((h) => h.site)}::bigint[], ${views.map(dayOf)}::timestamptz[],
      ${views.map((h) => h.pathname)}::text[], ${ns}::int[]) AS v(site_id, day, pathname, n)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (site_id, day, pathname, block) DO UPDATE
      SET visitors = d.visitors | excluded.visitors, pageviews = d.pageviews + excluded.pageviews`);
  const under = views.flatMap((h, i) => pathPrefixes(h.pathname).map((prefix) => ({ h, prefix, n: ns[i]! })));
  if (under.length > 0)
    out.push(sql`
    INSERT INTO path_prefix_visitors_day AS d (site_id, day, prefix, block, visitors, pageviews)
    SELECT site_id, day, prefix, ${blockOf(sql`n`)}, bit_or(${bitOf(sql`n`)}), count(*)
    FROM unnest(${under.map((u) => u.h.site)}::bigint[], ${under.map((u) => dayOf(u.h))}::timestamptz[],
      ${under.map((u) => u.prefix)}::text[], ${under.map((u) => u.n)}::int[]) AS v(site_id, day, prefix, n)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (site_id, prefix, day, block) DO UPDATE
      SET visitors = d.visitors | excluded.visitors, pageviews = d.pageviews + excluded.pageviews`);
  return out;
}
