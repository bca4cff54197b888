import { type Db, type Sql, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { ALL_DIMENSIONS, type FilterTree, filterDimensions } from '../envelope/filters.js';
import type { Window } from '../envelope/range.js';
import { type Source, sourceFor } from '../plan/planner.js';
import { IS_HTML } from '../agents/totals.js';
import { inWindow } from '../envelope/in-window.js';

/*
 * `audience=all` (rule 2 of docs/api.md#response-envelope) sums only what both readerships have: a page read.
 * A person's pageview and an agent's fetch of an HTML page are both one read of the page, so
 * `pageviews` under `all` is the sum of the two; visitors, sessions, bounce and duration have no
 * agent meaning and fetches of other files no human one, so they are absent.
 */

/**
 * Both readerships' page reads of a window as one relation (`ts`, plus the shared dimensions as
 * columns) for a read to group: people's pageviews and agents' HTML fetches that match the
 * filters (checked against the dimensions both have).
 */
export function pageReads(site: number, w: Window, filters: FilterTree, columns: Sql): Sql {
  return sql`
    SELECT ${columns} FROM events e
    WHERE e.site_id = ${site} AND e.kind = 'pageview' AND ${inWindow('e.ts', w)}
      AND ${compileFilters(filters, ALL_DIMENSIONS, 'e')}
    UNION ALL
    SELECT ${columns} FROM agent_fetches e
    WHERE e.site_id = ${site} AND ${inWindow('e.ts', w)} AND ${IS_HTML}
      AND ${compileFilters(filters, ALL_DIMENSIONS, 'e')}`;
}

/**
 * Page reads per bucket (`bucket` over the row's time), from both minute rollups (people's
 * `pageviews`, agents' `html_fetches`) when the planner allows it, else from the raw tables.
 */
export async function pageReadsBy(
  db: Db,
  site: number,
  w: Window,
  filters: FilterTree,
  bucket: (time: Sql) => Sql,
  source: Source = sourceFor(w, filters),
): Promise<{ b: Date | null; pageviews: number }[]> {
  if (source === 'rollup' && filterDimensions(filters).size > 0)
    throw new Error('the rollups cannot answer a filtered query');
  const reads =
    source === 'rollup'
      ? sql`
        SELECT minute AS ts, pageviews AS n FROM rollup_minute
        WHERE site_id = ${site} AND audience = 'human' AND ${inWindow('minute', w)}
        UNION ALL
        SELECT minute, html_fetches FROM agent_rollup_minute
        WHERE site_id = ${site} AND ${inWindow('minute', w)}`
      : pageReads(site, w, filters, sql`e.ts, 1 AS n`);
  const { rows } = await db.query<{ b: Date | null; pageviews: number }>(sql`
    SELECT ${bucket(sql`r.ts`)} AS b, sum(r.n) AS pageviews FROM (${reads}) r GROUP BY 1`);
  return rows;
}
