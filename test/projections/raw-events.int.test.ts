import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { hit, MIN, T0 } from '../support/events.js';
import { foldTwice, messages } from '../support/projection-spec.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

describe('raw_events', () => {
  it('stores each hit once with its session, and each session with entry and exit pages', async () => {
    const a1 = hit({ site: 1, visitor: 'a', ts: T0, pathname: '/home', referrer: 'https://news.example/' });
    const a2 = hit({ site: 1, visitor: 'a', ts: T0 + 3 * MIN, pathname: '/pricing', query: 'utm_source=x' });
    const b1 = hit({ site: 1, visitor: 'b', ts: T0 + MIN, pathname: '/docs' });
    const a3 = hit({ site: 1, visitor: 'a', ts: T0 + 40 * MIN, pathname: '/again' });
    await foldTwice(db.pool, rawEvents, messages([[a1, b1], [a2], [a3]]), 1);

    const events = (
      await db.pool.query('SELECT id, seq, pathname, session_id, referrer, query FROM events ORDER BY ts')
    ).rows;
    expect(events).toEqual([
      {
        id: a1.id,
        seq: 1,
        pathname: '/home',
        session_id: a1.id,
        referrer: 'https://news.example/',
        query: null,
      },
      { id: b1.id, seq: 1, pathname: '/docs', session_id: b1.id, referrer: null, query: null },
      { id: a2.id, seq: 2, pathname: '/pricing', session_id: a1.id, referrer: null, query: 'utm_source=x' },
      { id: a3.id, seq: 3, pathname: '/again', session_id: a3.id, referrer: null, query: null },
    ]);
    const sessions = (
      await db.pool.query(
        'SELECT id, pageviews, events, entry_path, exit_path FROM sessions ORDER BY started_at',
      )
    ).rows;
    expect(sessions).toEqual([
      { id: a1.id, pageviews: 2, events: 2, entry_path: '/home', exit_path: '/pricing' },
      { id: b1.id, pageviews: 1, events: 1, entry_path: '/docs', exit_path: '/docs' },
      { id: a3.id, pageviews: 1, events: 1, entry_path: '/again', exit_path: '/again' },
    ]);
    const cp = await db.pool.query("SELECT last_seq FROM projection_checkpoints WHERE name = 'raw_events'");
    expect(cp.rows).toEqual([{ last_seq: 3 }]);
  });

  it('skips an unreadable message without blocking the ones after it', async () => {
    const good = hit({ site: 9, visitor: 'z', ts: T0 });
    const r = await (
      await import('../../src/projector/fold-batch.js')
    ).foldBatch(db.pool, rawEvents, [
      { seq: 10, data: '{"v":99}' },
      { seq: 11, data: JSON.stringify({ v: 1, events: [good] }) },
    ]);
    expect(r).toMatchObject({ events: 1, unreadable: 1, lastSeq: 11 });
    expect((await db.pool.query('SELECT count(*)::int AS n FROM events WHERE site_id = 9')).rows).toEqual([
      { n: 1 },
    ]);
  });
});
