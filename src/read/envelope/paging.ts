import { z } from 'zod';
import { type Sql, sql } from '../../db/sql.js';

/**
 * `limit`/`page` of every list read: at most 10,000 rows a page and 10,000 pages (an unbounded
 * page once overflowed Postgres' bigint OFFSET), `limit` 100 by default.
 */
export const PAGING_MAX = 10_000;

export const Paging = z.object({
  limit: z.coerce
    .number({ error: 'limit must be an integer from 1 to 10000' })
    .int('limit must be an integer from 1 to 10000')
    .min(1, 'limit must be an integer from 1 to 10000')
    .max(PAGING_MAX, 'limit must be at most 10000')
    .default(100),
  page: z.coerce
    .number({ error: 'page must be an integer from 1 to 10000' })
    .int('page must be an integer from 1 to 10000')
    .min(1, 'page must be an integer from 1 to 10000')
    .max(PAGING_MAX, 'page must be at most 10000')
    .default(1),
});

export type Paging = z.infer<typeof Paging>;

/** How many ranked rows come before page `p`. */
export const rowsBefore = (p: Paging) => (p.page - 1) * p.limit;

/** Page `p` of a ranked statement; no page: every row. */
export const pageOf = (p?: Paging): Sql =>
  p === undefined ? sql`` : sql`LIMIT ${p.limit} OFFSET ${rowsBefore(p)}`;

/** Page `p` of rows ranked in memory; no page: every row. */
export const pageSlice = <T>(rows: readonly T[], p?: Paging): T[] =>
  p === undefined ? [...rows] : rows.slice(rowsBefore(p), rowsBefore(p) + p.limit);
