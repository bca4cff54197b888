import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLocalSettings, withoutJit } from '../../src/db/local-settings.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

const jit = async (q: { query: TestDatabase['pool']['query'] }) =>
  (await q.query<{ jit: string }>("SELECT current_setting('jit') AS jit")).rows[0]!.jit;

describe('withLocalSettings', () => {
  it('sets the planner settings for the read alone, on a connection of its own', async () => {
    const before = await jit(db.pool);
    const inside = await withLocalSettings(db.pool, { jit: before === 'on' ? 'off' : 'on' }, (c) => jit(c));
    expect(inside).toBe(before === 'on' ? 'off' : 'on');
    // Every connection of the pool is back on the server's setting afterwards.
    const after = await Promise.all(Array.from({ length: 5 }, () => jit(db.pool)));
    expect(after).toEqual(Array(5).fill(before));
  });

  it('runs a read without JIT, the pool keeping the server’s setting', async () => {
    const name = (await db.pool.query<{ d: string }>('SELECT current_database() AS d')).rows[0]!.d;
    await db.pool.query(`ALTER DATABASE ${name} SET jit = on`);
    const fresh = new pg.Pool({ connectionString: db.url, max: 2 });
    try {
      expect(await withoutJit(fresh, (c) => jit(c))).toBe('off');
      expect(await jit(fresh)).toBe('on');
    } finally {
      await fresh.end();
    }
  });

  it('runs on a client the caller holds as it is, and refuses a name or value that is not a plain word', async () => {
    const client = await db.pool.connect();
    try {
      const before = await jit(client);
      expect(await withLocalSettings(client, { jit: 'off' }, (c) => jit(c))).toBe(before);
    } finally {
      client.release();
    }
    await expect(withLocalSettings(db.pool, { 'jit; DROP TABLE x': 'off' }, (c) => jit(c))).rejects.toThrow(
      /bad setting/,
    );
    await expect(withLocalSettings(db.pool, { jit: "off'; --" }, (c) => jit(c))).rejects.toThrow(
      /bad setting/,
    );
  });
});
