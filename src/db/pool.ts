import pg from 'pg';

const INT8 = 20;
const NUMERIC = 1700;

/** Counts come back as JS numbers: analytics totals stay far below 2^53. */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8 || oid === NUMERIC) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export interface PoolLimits {
  /** Postgres cancels any statement of these connections that runs longer (`statement_timeout`). */
  statementTimeoutMs?: number;
  /** A caller waiting longer for a free connection gets POOL_WAIT_EXCEEDED instead of waiting on. */
  waitMs?: number;
  /** Without JIT compilation (`jit = off` on every connection). */
  withoutJit?: boolean;
}

/** pg-pool's error for a wait past `connectionTimeoutMillis` (it has no code). */
export const POOL_WAIT_EXCEEDED = 'timeout exceeded when trying to connect';

export function createPool(connectionString: string, max = 10, limits: PoolLimits = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    types: types as pg.CustomTypesConfig,
    ...(limits.statementTimeoutMs === undefined ? {} : { statement_timeout: limits.statementTimeoutMs }),
    ...(limits.waitMs === undefined ? {} : { connectionTimeoutMillis: limits.waitMs }),
    ...(limits.withoutJit ? { options: '-c jit=off' } : {}),
  });
  // An idle client that loses its server (restart, failover) must not crash the process.
  pool.on('error', () => {});
  return pool;
}
