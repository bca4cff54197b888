import type pg from 'pg';
import type { Db } from './sql.js';
import { withTransaction } from './transaction.js';

const SETTING = /^[a-z_]+$/;
const VALUE = /^[a-z0-9_.-]+$/i;

/**
 * `read` on a connection of its own whose planner settings are `settings` for that transaction
 * alone (`SET LOCAL`), when `db` is a pool; on a client already taken (a transaction of the
 * caller's, a test's connection) it runs as the caller set it up.
 */
export function withLocalSettings<T>(
  db: Db,
  settings: Readonly<Record<string, string>>,
  read: (db: Db) => Promise<T>,
): Promise<T> {
  if (!('connect' in db) || 'release' in db) return read(db);
  return withTransaction(db as pg.Pool, async (tx) => {
    for (const [name, value] of Object.entries(settings)) {
      if (!SETTING.test(name) || !VALUE.test(value)) throw new Error(`bad setting ${name}=${value}`);
      await tx.query(`SET LOCAL ${name} = ${value}`);
    }
    return read(tx);
  });
}
