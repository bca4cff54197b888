import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSessions } from '../../projections/path-sessions/projection.js';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { countDuePairDays } from '../../src/pairs/count-due-days.js';
import { countedDays } from '../../src/read/stats/counted-days.js';
import type { Query } from '../../src/read/envelope/query.js';
import { journeys, journeysSource, MAX_DEPTH } from '../../src/read/journeys/read.js';
import type { HitRecorded } from '../../streams/events.js';
import type { TestDatabase } from '../support/database.js';
import { applyMigration, designDatabase } from '../support/design-stream.js';
import { hit, MIN } from '../support/events.js';
import { D0, DAY, FOUR_DAYS, fourDayWindows, HOUR } from '../support/four-day-design.js';
import { messages } from '../support/projection-spec.js';
import { windowQuery } from '../support/window-query.js';

/*
 * Site 2, by hand, each visitor one session on day 1 (minutes from T = D0 + 1 day + 10 h), the
 * messages below delivering its hits out of order:
 *   v1  /a 0, /b 1, /c 2               /c first, then /a, then /b, each in its own batch
 *   v2  /x 10 and /y 10 (same time, one message: by id, /x's is lower), /p 11 (seq 1) and /q 11
 *       (seq 2, the lower id: by seq first)                     walk /x /y /p /q
 *   v3  /1 … /9 at 20–28, then /0 at 19 in a later batch         walk /0 /1 … /6: /0 comes first, /7 falls off
 *   v4  /m 40; later a custom event at 35                        the session starts at 35, walk /m
 *   v5  a custom event only                                      no walk
 */
const HAND = 2;
const T = D0 + DAY + 10 * HOUR;
const at = (m: number) => T + m * MIN;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const view = (visitor: string, m: number, pathname: string, over: Partial<HitRecorded> = {}) =>
  hit({ site: HAND, visitor, ts: at(m), pathname, ...over });
const custom = (visitor: string, m: number) =>
  hit({ site: HAND, visitor, ts: at(m), kind: 'custom', name: 'Signup', pathname: '/m' });

const GROUPS: HitRecorded[][] = [
  [view('v1', 2, '/c'), view('v2', 10, '/y', { id: id(2) }), view('v2', 10, '/x', { id: id(1) })],
  [view('v1', 0, '/a'), view('v2', 11, '/p', { id: id(4) })],
  [view('v1', 1, '/b'), view('v2', 11, '/q', { id: id(3) }), view('v4', 40, '/m'), custom('v5', 50)],
  Array.from({ length: 9 }, (_, i) => view('v3', 20 + i, `/${i + 1}`)),
  [view('v3', 19, '/0'), custom('v4', 35)],
];
const HAND_MESSAGES = messages(GROUPS, 50_000);

let db: TestDatabase;
beforeAll(async () => {
  db = await designDatabase(FOUR_DAYS, HAND, [rawEvents, pathSessions] as Projection[]);
  // One message a batch: each later message meets the walks the earlier ones stored.
  for (const m of HAND_MESSAGES)
    for (const p of [rawEvents, pathSessions] as Projection[]) await foldBatch(db.pool, p, [m]);
}, 120_000);
afterAll(() => db.drop());

/** The journeys from path_session_walks, checked equal to the raw path's. */
async function walked(q: Query, depth: number, limit: number) {
  const p = { depth, limit, compare: 'none' as const };
  const stored = await journeys(db.pool, q, p, 'rollup');
  expect(stored).toEqual(await journeys(db.pool, q, p, 'raw'));
  return stored;
}

describe('journeys from path_session_walks', () => {
  it('keeps each session’s first seven pageviews in the raw path’s order, however they arrived', async () => {
    const { rows } = await db.pool.query<{ visitor: string; started_at: Date; paths: string[] }>(`
      SELECT s.visitor_id AS visitor, w.started_at, w.paths FROM path_session_walks w
      JOIN sessions s ON s.id = w.session_id WHERE w.site_id = ${HAND} ORDER BY 1`);
    expect(rows).toEqual([
      { visitor: 'v1', started_at: new Date(at(0)), paths: ['/a', '/b', '/c'] },
      { visitor: 'v2', started_at: new Date(at(10)), paths: ['/x', '/y', '/p', '/q'] },
      { visitor: 'v3', started_at: new Date(at(19)), paths: ['/0', '/1', '/2', '/3', '/4', '/5', '/6'] },
      { visitor: 'v4', started_at: new Date(at(35)), paths: ['/m'] },
    ]);
  });

  it('answers as the raw path does at every depth, pruned or not, on the hand-made sessions', async () => {
    const all = windowQuery(HAND, D0, D0 + 4 * DAY);
    const deepest = await walked(all, MAX_DEPTH, 100);
    expect(deepest.nodes.filter((n) => n.step === 0).map((n) => [n.path, n.sessions])).toEqual([
      ['/0', 1],
      ['/a', 1],
      ['/m', 1],
      ['/x', 1],
    ]);
    expect(deepest.nodes.filter((n) => n.step === MAX_DEPTH).map((n) => n.path)).toEqual(['/6']);
    for (let depth = 1; depth <= MAX_DEPTH; depth++) await walked(all, depth, 2);
    // v4's session started at 35, before a window from 38: it is not among the window's sessions.
    const late = await walked(windowQuery(HAND, at(38), D0 + 4 * DAY), 3, 10);
    expect(late).toEqual({ nodes: [], links: [] });
    expect((await walked(windowQuery(HAND, at(19), at(36)), 3, 10)).nodes.map((n) => n.id)).toEqual([
      '0:/0',
      '0:/m',
      '1:/1',
      '2:/2',
      '3:/3',
    ]);
  });

  it('answers as the raw path does on the benchmark design: whole days, zones off UTC, part of a day', async () => {
    // Depth and limit vary with the window: the raw path reads every pageview of the window's sessions.
    const settings = [
      [1, 10],
      [3, 5],
      [MAX_DEPTH, 3],
      [MAX_DEPTH, 100],
      [2, 2],
    ] as const;
    for (const [i, q] of fourDayWindows().entries()) {
      const [depth, limit] = settings[i]!;
      const j = await walked(q, depth, limit);
      expect(j.links.length).toBeGreaterThan(0);
    }
  }, 120_000);

  it('answers as the raw path does under filters on the session’s channel, source, campaign and place', async () => {
    const sources = await db.pool.query<{ v: string }>(
      `SELECT referrer_source AS v FROM sessions WHERE site_id = ${FOUR_DAYS.site} AND referrer_source IS NOT NULL
       GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 2`,
    );
    expect(sources.rows).toHaveLength(2);
    const [top, next] = sources.rows.map((r) => r.v);
    const trees = [
      { and: [{ dimension: 'source', op: 'is', value: top }] },
      { and: [{ dimension: 'channel', op: 'is_not', value: 'direct' }] },
      {
        or: [
          { dimension: 'source', op: 'is', value: next },
          { dimension: 'utm_campaign', op: 'contains', value: 'a' },
        ],
      },
      { not: { dimension: 'utm_medium', op: 'is', value: 'email' } },
      { and: [{ dimension: 'country', op: 'is', value: 'DE' }] },
      {
        or: [
          { dimension: 'device', op: 'is', value: 'mobile' },
          { dimension: 'browser', op: 'is_not', value: 'Chrome' },
        ],
      },
    ];
    const windows = fourDayWindows();
    for (const [i, filters] of trees.entries()) {
      const filtered = { ...windows[i % windows.length]!, filters } as Query;
      expect(journeysSource(filtered, {})).toBe('rollup');
      const j = await walked(filtered, 3, 5);
      expect(j.links.length).toBeGreaterThan(0);
    }
  }, 120_000);

  it('answers from the counted days’ walks (walk_days) and the rest of the window from the stored walks', async () => {
    await countDuePairDays(db.pool, { now: new Date(D0 + 5 * DAY) });
    const perDay = (table: string, sessions: string) =>
      db.pool.query<{ day: string; sessions: number }>(
        `SELECT to_char(${table === 'walk_days' ? 'day' : "date_trunc('day', started_at AT TIME ZONE 'UTC')"}, 'YYYY-MM-DD') AS day,
                ${sessions}::int AS sessions
         FROM ${table} WHERE site_id = $1 GROUP BY 1 ORDER BY 1`,
        [FOUR_DAYS.site],
      );
    const days = (await perDay('walk_days', 'sum(sessions)')).rows;
    expect(days.map((d) => d.day)).toEqual(['2026-08-01', '2026-08-02', '2026-08-03', '2026-08-04']);
    // Every session with a pageview, once, on the day it started.
    expect(days).toEqual((await perDay('path_session_walks', 'count(*)')).rows);
    const walks = await db.pool.query<{ n: number; sessions: number }>(
      'SELECT count(*)::int AS n, sum(sessions)::int AS sessions FROM walk_days WHERE site_id = $1',
      [FOUR_DAYS.site],
    );
    expect(walks.rows[0]!.n).toBeLessThan(walks.rows[0]!.sessions);
    const whole = windowQuery(FOUR_DAYS.site, D0, D0 + 4 * DAY);
    expect((await countedDays(db.pool, FOUR_DAYS.site, whole))?.rest).toEqual([]);
    for (const [i, q] of fourDayWindows().entries()) {
      const j = await walked(q, [1, 3, MAX_DEPTH][i % 3]!, 5);
      expect(j.links.length).toBeGreaterThan(0);
    }
  }, 120_000);

  it('is planned for the journeys from the entry page without a filter or with one on the session, raw otherwise', () => {
    const q = windowQuery(HAND, at(3.25), at(61));
    expect(journeysSource(q, {})).toBe('rollup');
    expect(journeysSource(q, { start: '/' })).toBe('raw');
    expect(
      journeysSource({ ...q, filters: { and: [{ dimension: 'country', op: 'is', value: 'DE' }] } }, {}),
    ).toBe('rollup');
    expect(
      journeysSource({ ...q, filters: { and: [{ dimension: 'pathname', op: 'is', value: '/' }] } }, {}),
    ).toBe('raw');
  });

  it('fills the walks of an installation folded before them from raw_events (migration 0038) as the fold does', async () => {
    const all = (table: string) => `SELECT * FROM ${table} AS r ORDER BY r::text`;
    const tables = ['path_session_walks', 'path_session_walk_keys'];
    const folded = await Promise.all(tables.map(async (t) => (await db.pool.query(all(t))).rows));
    expect(folded[0]!.length).toBeGreaterThan(500);
    expect(folded[1]!.length).toBeGreaterThan(0);
    await db.pool.query(`DROP TABLE ${tables.join(', ')}`);
    await applyMigration(db.pool, '0038_path_session_walks.sql');
    for (const [i, t] of tables.entries()) expect((await db.pool.query(all(t))).rows, t).toEqual(folded[i]);
  });
});
