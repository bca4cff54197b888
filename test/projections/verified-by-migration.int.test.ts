import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { applyMigration, tableShape } from '../support/design-stream.js';

const GRAINS = [
  ['agent_rollup_minute', 'minute'],
  ['agent_rollup_hour', 'hour'],
  ['agent_rollup_day', 'day'],
] as const;
const TABLES = ['agent_fetches', ...GRAINS.map(([t]) => t)];

/** The agent tables as migration 0054 left them: no verification method, no forged counts, keyed by the flag. */
const BEFORE_0055 = `
  ALTER TABLE agent_fetches DROP COLUMN signature_forged, DROP COLUMN verified_by;
  ${GRAINS.map(
    ([t, c]) => `ALTER TABLE ${t} DROP COLUMN forged_fetches, DROP COLUMN verified_by,
      ADD PRIMARY KEY (site_id, ${c}, agent_id, operator, purpose, status_class, verified);`,
  ).join('\n')}`;

const fetchRow = (id: number, verified: boolean) => `
  ('00000000-0000-4000-8000-${String(id).padStart(12, '0')}', ${id}, 1, '2026-11-20T10:0${id}:00Z', 'gptbot',
   'openai', 'training', ${verified}, NULL, NULL, 'GPTBot/1.2', 'GET', 'docs.example', '/', 200, 100, 5,
   'text/html', false, 'd${id}', NULL, NULL)`;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);
afterAll(() => db.drop());

describe('migrations 0055 and 0056 on agent tables folded before them', () => {
  it('marks the fetches verified before as verified by ip_range, none forged, and leaves the tables as a fresh install has them', async () => {
    const fresh = await Promise.all(TABLES.map((t) => tableShape(db.pool, t)));
    await db.pool.query(BEFORE_0055);
    await db.pool.query(
      `INSERT INTO agent_fetches VALUES ${[1, 2, 3].map((i) => fetchRow(i, i !== 2)).join(',')}`,
    );
    for (const [t, c] of GRAINS)
      await db.pool
        .query(`INSERT INTO ${t} (site_id, ${c}, agent_id, operator, purpose, status_class, verified,
          fetches, html_fetches, bytes)
        VALUES (1, '2026-11-20T00:00Z', 'gptbot', 'openai', 'training', 2, true, 2, 2, 200),
               (1, '2026-11-20T00:00Z', 'gptbot', 'openai', 'training', 2, false, 1, 1, 100)`);

    await applyMigration(db.pool, '0055_verified_by.sql');
    await applyMigration(db.pool, '0056_signature_forged.sql');
    // Migration 0058's index on the column 0055 adds (dropped above with the column).
    await db.pool
      .query(`CREATE INDEX agent_fetches_unverified_address ON agent_fetches (site_id, address_digest, ts)
      WHERE verified_by IS NULL AND agent_id <> 'unknown'`);

    const fetches = await db.pool.query(
      'SELECT seq, verified, verified_by, signature_forged FROM agent_fetches ORDER BY seq',
    );
    expect(fetches.rows).toEqual([
      { seq: 1, verified: true, verified_by: 'ip_range', signature_forged: false },
      { seq: 2, verified: false, verified_by: null, signature_forged: false },
      { seq: 3, verified: true, verified_by: 'ip_range', signature_forged: false },
    ]);
    for (const [t] of GRAINS) {
      const { rows } = await db.pool.query(
        `SELECT verified, verified_by, fetches, forged_fetches FROM ${t} ORDER BY verified DESC`,
      );
      expect(rows, t).toEqual([
        { verified: true, verified_by: 'ip_range', fetches: 2, forged_fetches: 0 },
        { verified: false, verified_by: null, fetches: 1, forged_fetches: 0 },
      ]);
    }
    expect(await Promise.all(TABLES.map((t) => tableShape(db.pool, t)))).toEqual(fresh);
  });

  it('refuses a forged fetch marked verified, and a method without the flag', async () => {
    await expect(
      db.pool.query(`UPDATE agent_fetches SET signature_forged = true WHERE seq = 1`),
    ).rejects.toThrow(/agent_fetches_forged_unverified/);
    await expect(
      db.pool.query(`UPDATE agent_fetches SET verified_by = 'web_bot_auth' WHERE seq = 2`),
    ).rejects.toThrow(/agent_fetches_verified_by/);
  });
});
