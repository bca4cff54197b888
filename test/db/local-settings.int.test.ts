import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withLocalSettings } from '../../src/db/local-settings.js';
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
