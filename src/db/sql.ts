import type pg from 'pg';
import sqlTag, { empty, join, raw, Sql } from 'sql-template-tag';

/** Values always travel as parameters; identifiers come only from `raw()` over `as const` maps. */
export const sql = sqlTag;
export { empty, join, raw, Sql };

/** Anything that can run a query: the pool, or a client inside a transaction. */
export type Db = Pick<pg.Pool, 'query'> | pg.PoolClient;
