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

describe('rollup_minute: last hits and hours', () => {
  const lastRows = async (site: number) =>
    (
      await db.pool.query(
        `SELECT to_char(minute AT TIME ZONE 'UTC', 'HH24:MI') AS m, visitors, visitors_last
         FROM rollup_minute WHERE site_id = $1 AND (visitors <> 0 OR visitors_last <> 0) ORDER BY minute`,
        [site],
      )
    ).rows;

  it('counts a visitor once in the minute of its last hit, moving it when a later hit arrives', async () => {
    // Visitor v at 10:00 and 10:20, then 11:05, then a late hit at 09:50; w once at 10:30.
    const site = 3;
    await foldTwice(
      db.pool,
      rollupMinute,
      messages(
        [
          [hit({ site, visitor: 'v', ts: T0 }), hit({ site, visitor: 'v', ts: T0 + 20 * MIN })],
          [hit({ site, visitor: 'v', ts: T0 + 65 * MIN }), hit({ site, visitor: 'w', ts: T0 + 30 * MIN })],
          [hit({ site, visitor: 'v', ts: T0 - 10 * MIN })],
        ],
        200,
      ),
      1,
    );
    expect(await lastRows(site)).toEqual([
      { m: '09:50', visitors: 1, visitors_last: 0 },
      { m: '10:30', visitors: 1, visitors_last: 1 },
      { m: '11:05', visitors: 0, visitors_last: 1 },
    ]);
    expect(
      (
        await db.pool.query(
          `SELECT to_char(first_seen_at AT TIME ZONE 'UTC', 'HH24:MI') AS first,
                  to_char(last_seen_at AT TIME ZONE 'UTC', 'HH24:MI') AS last
           FROM rollup_visitor_state WHERE site_id = $1 ORDER BY visitor_id`,
          [site],
        )
      ).rows,
    ).toEqual([
      { first: '09:50', last: '11:05' },
      { first: '10:30', last: '10:30' },
    ]);
  });

  it('keeps every quarter-hour and hour row equal to the sum of its minute rows', async () => {
    for (const [table, column, width] of [
      ['rollup_quarter_hour', 'quarter_hour', '15 minutes'],
      ['rollup_hour', 'hour', '1 hour'],
    ]) {
      const sums = `SELECT site_id, audience, date_bin('${width}', minute, TIMESTAMPTZ '2000-01-01 00:00+00') AS at,
          sum(pageviews)::int AS pageviews, sum(events)::int AS events, sum(visitors)::int AS visitors,
          sum(visitors_last)::int AS visitors_last, sum(sessions)::int AS sessions, sum(bounces)::int AS bounces,
          sum(duration_ms)::bigint AS duration_ms
        FROM rollup_minute GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
      const rows = `SELECT site_id, audience, ${column} AS at, pageviews::int, events::int, visitors::int,
          visitors_last::int, sessions::int, bounces::int, duration_ms FROM ${table} ORDER BY 1, 2, 3`;
      const minutes = (await db.pool.query(sums)).rows;
      expect(minutes.length).toBeGreaterThan(3);
      expect((await db.pool.query(rows)).rows).toEqual(minutes);
    }
  });
});
