import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { inject } from 'vitest';
import { createPool } from '../../src/db/pool.js';

export function databaseUrlFor(serverUrl: string, database: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A database of its own for one test file, cloned from the migrated template (fast: a file copy). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const server = inject('databaseUrl');
  const name = `tf_${inject('templateDb').split('_')[2]}_${randomBytes(5).toString('hex')}`;
  const admin = createPool(server, 1);
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
  } finally {
    await admin.end();
  }
  const url = databaseUrlFor(server, name);
  const pool = createPool(url, 8);
  return {
    url,
    pool,
    async drop() {
      await pool.end();
      const a = createPool(server, 1);
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => a.end());
    },
  };
}

/** A site row (and its owner) written straight to the database, for tests below the HTTP layer. */
export async function insertSite(pool: pg.Pool, domain: string): Promise<number> {
  const user = await pool.query<{ id: number }>(
    `INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id`,
    [`owner-${randomBytes(4).toString('hex')}@${domain}`],
  );
  const site = await pool.query<{ id: number }>(
    `INSERT INTO sites (owner_id, domain, hostnames, ingest_key) VALUES ($1, $2, ARRAY[$2], 'k') RETURNING id`,
    [user.rows[0]!.id, domain],
  );
  return site.rows[0]!.id;
}

/** Sites with the ids a designed data set names (one owner), for tests that fold it below HTTP. */
export async function insertSitesWithIds(pool: pg.Pool, sites: readonly (readonly [number, string])[]) {
  const owner = await pool.query<{ id: number }>(
    `INSERT INTO users (email, password_hash) VALUES ($1, 'x') RETURNING id`,
    [`owner-${randomBytes(4).toString('hex')}@example.com`],
  );
  for (const [id, domain] of sites)
    await pool.query(
      `INSERT INTO sites (id, owner_id, domain, hostnames, ingest_key) OVERRIDING SYSTEM VALUE
       VALUES ($1, $2, $3, ARRAY[$3], $3)`,
      [id, owner.rows[0]!.id, domain],
    );
}
