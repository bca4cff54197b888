import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { fetched, hit, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('folding a batch that holds a redelivered copy of a message', () => {
  it('folds the message once: rows, counters and checkpoint', async () => {
    const [a, b] = messages([
      [fetched({ site: 1, ts: T0 }), fetched({ site: 1, ts: T0 + 1000 })],
      [fetched({ site: 1, ts: T0 + 2000 })],
    ]);
    const r = await foldBatch(db.pool, agentFetchesProjection(loadCatalog()), [a!, b!, a!]);
    expect(r).toEqual({ events: 3, duplicates: 1, unreadable: 0, lastSeq: 2 });
    const { rows } = await db.pool.query('SELECT count(*)::int AS n FROM agent_fetches');
    expect(rows[0].n).toBe(3);
  });

  it('does not count a human hit twice in the rollup', async () => {
    const [m] = messages([[hit({ site: 2, visitor: 'v', ts: T0 })]], 10);
    await foldBatch(db.pool, rollupMinute, [m!, m!]);
    const { rows } = await db.pool.query(
      'SELECT sum(pageviews)::int AS pv FROM rollup_minute WHERE site_id = 2',
    );
    expect(rows[0].pv).toBe(1);
  });
});
