import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { hit, MIN, T0 } from '../support/events.js';
import { foldTwice, messages } from '../support/projection-spec.js';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

const minuteRows = async (site: number) =>
  (
    await db.pool.query(
      `SELECT to_char(minute AT TIME ZONE 'UTC', 'HH24:MI') AS m, pageviews, events, visitors, sessions, bounces, duration_ms
       FROM rollup_minute WHERE site_id = $1 ORDER BY minute`,
      [site],
    )
  ).rows;

describe('rollup_minute', () => {
  it('counts a session in its start minute and moves it out of bounces when it gets a second page', async () => {
    // Visitor a: pageviews at 10:00 and 10:05 (one session, 5 minutes long, not a bounce).
    // Visitor b: one pageview at 10:00 and a custom event at 10:02 (engaged: not a bounce).
    // Visitor c: one pageview at 10:05 (a bounce), then again at 11:00 (a new session, another bounce).
    const site = 1;
    const msgs = messages([
      [hit({ site, visitor: 'a', ts: T0 }), hit({ site, visitor: 'b', ts: T0 + 10_000 })],
      [hit({ site, visitor: 'b', ts: T0 + 2 * MIN, kind: 'custom', name: 'Signup' })],
      [hit({ site, visitor: 'a', ts: T0 + 5 * MIN }), hit({ site, visitor: 'c', ts: T0 + 5 * MIN })],
      [hit({ site, visitor: 'c', ts: T0 + 60 * MIN })],
    ]);
    await foldTwice(db.pool, rollupMinute, msgs, 1);
    expect(await minuteRows(site)).toEqual([
      {
        m: '10:00',
        pageviews: 2,
        events: 0,
        visitors: 2,
        sessions: 2,
        bounces: 0,
        duration_ms: 5 * MIN + 2 * MIN - 10_000,
      },
      { m: '10:02', pageviews: 0, events: 1, visitors: 0, sessions: 0, bounces: 0, duration_ms: 0 },
      { m: '10:05', pageviews: 2, events: 0, visitors: 1, sessions: 1, bounces: 1, duration_ms: 0 },
      { m: '11:00', pageviews: 1, events: 0, visitors: 0, sessions: 1, bounces: 1, duration_ms: 0 },
    ]);
  });

  it('moves a visitor and a session start back when a late hit arrives before them', async () => {
    const site = 2;
    await foldTwice(
      db.pool,
      rollupMinute,
      messages(
        [[hit({ site, visitor: 'v', ts: T0 + 10 * MIN })], [hit({ site, visitor: 'v', ts: T0 })]],
        100,
      ),
      1,
    );
    expect(await minuteRows(site)).toEqual([
      { m: '10:00', pageviews: 1, events: 0, visitors: 1, sessions: 1, bounces: 0, duration_ms: 10 * MIN },
      { m: '10:10', pageviews: 1, events: 0, visitors: 0, sessions: 0, bounces: 0, duration_ms: 0 },
    ]);
  });
});
