import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSessions } from '../../projections/path-sessions/projection.js';
import { pathVisitors } from '../../projections/path-visitors/projection.js';
import type { Projection } from '../../projections/projection.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { applyMigration, foldDesign, twoDayDesign } from '../support/design-stream.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const DESIGN = twoDayDesign(8);
const TABLES = ['path_visitor_hits', 'path_session_hits'];

const snapshot = async (table: string) =>
  (await db.pool.query(`SELECT * FROM ${table} AS r ORDER BY r::text`)).rows;

describe('migration 0035 on path hits folded before it', () => {
  it('turns the rows of pageviews into exactly the hour rows the fold now writes', async () => {
    await foldDesign(db.pool, DESIGN, [pathVisitors, pathSessions] as Projection[], 7);
    const folded = await Promise.all(TABLES.map(snapshot));
    const pageviews = await db.pool.query(
      'SELECT sum(cardinality(ns))::int AS n, count(*)::int AS rows FROM path_visitor_hits',
    );
    expect(pageviews.rows[0].n).toBeGreaterThan(1_000);
    expect(pageviews.rows[0].rows).toBeLessThan(pageviews.rows[0].n / 2);
    // The tables as 0019 and 0027 made them, each pageview a row, then the migration.
    for (const table of TABLES)
      await db.pool.query(`
        CREATE TABLE old_hits (site_id bigint NOT NULL, ts timestamptz NOT NULL, pathname text NOT NULL, n integer NOT NULL);
        INSERT INTO old_hits SELECT site_id, hour + u.ms * interval '1 millisecond', pathname, u.n
          FROM ${table} CROSS JOIN LATERAL unnest(ms, ns) AS u(ms, n);
        DROP TABLE ${table};
        ALTER TABLE old_hits RENAME TO ${table};`);
    expect((await db.pool.query('SELECT count(*)::int AS n FROM path_visitor_hits')).rows[0].n).toBe(
      pageviews.rows[0].n,
    );
    await applyMigration(db.pool, '0035_path_hits_by_hour.sql');
    expect(await Promise.all(TABLES.map(snapshot))).toEqual(folded);
  });
});
