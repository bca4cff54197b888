import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIMENSION_CODES } from '../../projections/dimension-rollup/dimensions.js';
import { dimensionRollup } from '../../projections/dimension-rollup/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { hit, MIN, T0 } from '../support/events.js';
import { foldTwice, messages } from '../support/projection-spec.js';

const DAY = 86_400_000;
const DAY0 = Math.floor(T0 / DAY) * DAY; // T0 is 10:00 UTC on it

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.drop());

/** A dimension's rows at one grain: `HH:MI` of the unit, value and counters. */
const rows = async (site: number, dim: number, grain: number) =>
  (
    await db.pool.query(
      `SELECT to_char(at AT TIME ZONE 'UTC', 'HH24:MI') AS at, value, pageviews, events, visitors, visitors_last
       FROM dimension_rollup WHERE site_id = $1 AND dim = $2 AND grain = $3 ORDER BY at, value NULLS FIRST`,
      [site, dim, grain],
    )
  ).rows;

describe('dimension_rollup', () => {
  it('counts each visitor once per value in the quarter hours of its first and last hit with it', async () => {
    // a: '/' at 10:00, '/pricing' at 10:20, '/' again at 23:50 (a new session); b: '/' at 10:05
    // from Google, then an engagement hit on '/' at 10:06 reporting 5 s and 80 % for it.
    const site = 1;
    const msgs = messages([
      [
        hit({ site, visitor: 'a', ts: T0 }),
        hit({ site, visitor: 'b', ts: T0 + 5 * MIN, referrer: 'https://www.google.com/' }),
      ],
      [hit({ site, visitor: 'b', ts: T0 + 6 * MIN, kind: 'engagement', d: 5000, sc: 80 })],
      [hit({ site, visitor: 'a', ts: T0 + 20 * MIN, pathname: '/pricing' })],
      [hit({ site, visitor: 'a', ts: DAY0 + 23 * 60 * MIN + 50 * MIN })],
    ]);
    await foldTwice(db.pool, dimensionRollup, msgs, 1);
    const pathname = DIMENSION_CODES.pathname;
    expect(await rows(site, pathname, 1440)).toEqual([
      { at: '00:00', value: '/', pageviews: 3, events: 4, visitors: 2, visitors_last: 2 },
      { at: '00:00', value: '/pricing', pageviews: 1, events: 1, visitors: 1, visitors_last: 1 },
    ]);
    expect(await rows(site, pathname, 15)).toEqual([
      // a's last hit on '/' moved from 10:00 to 23:45; b's stayed at 10:00.
      { at: '10:00', value: '/', pageviews: 2, events: 3, visitors: 2, visitors_last: 1 },
      { at: '10:15', value: '/pricing', pageviews: 1, events: 1, visitors: 1, visitors_last: 1 },
      { at: '23:45', value: '/', pageviews: 1, events: 1, visitors: 0, visitors_last: 1 },
    ]);
    expect(await rows(site, DIMENSION_CODES.channel, 60)).toEqual([
      { at: '10:00', value: 'direct', pageviews: 2, events: 2, visitors: 1, visitors_last: 0 },
      { at: '10:00', value: 'organic_search', pageviews: 1, events: 2, visitors: 1, visitors_last: 1 },
      { at: '23:00', value: 'direct', pageviews: 1, events: 1, visitors: 0, visitors_last: 1 },
    ]);
    const { rows: page } = await db.pool.query(
      `SELECT to_char(at AT TIME ZONE 'UTC', 'HH24:MI') AS at, pathname, entries, exits, scroll, scroll_n, engaged_ms, engaged_n
       FROM page_rollup WHERE site_id = $1 AND grain = 15 ORDER BY at, pathname`,
      [site],
    );
    // a's first session entered on '/' and left from '/pricing'; b's engagement is its pageview's.
    expect(page).toEqual([
      {
        at: '10:00',
        pathname: '/',
        entries: 2,
        exits: 1,
        scroll: 80,
        scroll_n: 1,
        engaged_ms: 5000,
        engaged_n: 1,
      },
      {
        at: '10:00',
        pathname: '/pricing',
        entries: 0,
        exits: 1,
        scroll: 0,
        scroll_n: 0,
        engaged_ms: 0,
        engaged_n: 0,
      },
      {
        at: '23:45',
        pathname: '/',
        entries: 1,
        exits: 1,
        scroll: 0,
        scroll_n: 0,
        engaged_ms: 0,
        engaged_n: 0,
      },
    ]);
  });

  it('keeps property values per custom event name and key, a JSON null as no value', async () => {
    const site = 2;
    const signup = (visitor: string, ts: number, plan: string | number | null) =>
      hit({ site, visitor, ts, kind: 'custom', name: 'Signup', props: { plan } });
    await foldTwice(
      db.pool,
      dimensionRollup,
      messages(
        [
          [signup('a', T0, 'pro'), signup('a', T0 + MIN, 'pro')],
          [signup('b', T0, 1e21), signup('c', T0, null)],
        ],
        10,
      ),
    );
    const { rows: values } = await db.pool.query(
      `SELECT value, events, visitors, visitors_last FROM event_property_rollup
       WHERE site_id = $1 AND name = 'Signup' AND key = 'plan' AND grain = 1440 ORDER BY value`,
      [site],
    );
    expect(values).toEqual([
      { value: '1000000000000000000000', events: 1, visitors: 1, visitors_last: 1 },
      { value: 'pro', events: 2, visitors: 1, visitors_last: 1 },
    ]);
    expect(await rows(site, DIMENSION_CODES.event, 1440)).toEqual([
      { at: '00:00', value: 'Signup', pageviews: 0, events: 4, visitors: 3, visitors_last: 3 },
    ]);
  });

  it('prunes visitor and session state older than the day before the newest hit; a hit that late counts again', async () => {
    const site = 3;
    await foldBatch(db.pool, dimensionRollup, messages([[hit({ site, visitor: 'a', ts: T0 })]], 20));
    const state = async () =>
      (
        await db.pool.query(
          `SELECT (SELECT count(*) FROM dimension_visitor_state WHERE site_id = $1) AS visitors,
                  (SELECT sum((SELECT count(*) FROM jsonb_object_keys(spans))) FROM dimension_visitor_state
                   WHERE site_id = $1) AS spans,
                  (SELECT count(*) FROM dimension_session_state WHERE site_id = $1) AS sessions`,
          [site],
        )
      ).rows[0];
    // One row a visitor day, its spans one per kept dimension (18 but `event`); one session.
    expect(await state()).toEqual({ visitors: 1, spans: 18, sessions: 1 });
    // A hit the next day keeps it; one two days later prunes it.
    await foldBatch(db.pool, dimensionRollup, messages([[hit({ site, visitor: 'b', ts: T0 + DAY })]], 21));
    expect(await state()).toEqual({ visitors: 2, spans: 36, sessions: 2 });
    await foldBatch(
      db.pool,
      dimensionRollup,
      messages([[hit({ site, visitor: 'c', ts: T0 + 2 * DAY })]], 22),
    );
    expect(await state()).toEqual({ visitors: 2, spans: 36, sessions: 2 });
    // a again on its day, after its state is gone: counted a second time that day.
    await foldBatch(
      db.pool,
      dimensionRollup,
      messages([[hit({ site, visitor: 'a', ts: T0 + 2 * MIN })]], 23),
    );
    const day0 = (await rows(site, DIMENSION_CODES.all, 1440))[0];
    expect(day0).toEqual({
      at: '00:00',
      value: null,
      pageviews: 2,
      events: 2,
      visitors: 2,
      visitors_last: 2,
    });
  });
});
