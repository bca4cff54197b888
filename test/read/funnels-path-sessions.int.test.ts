import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSessions } from '../../projections/path-sessions/projection.js';
import { pathVisitors } from '../../projections/path-visitors/projection.js';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { createFunnel } from '../../src/funnels/store.js';
import type { Target } from '../../src/goals/target.js';
import type { Query } from '../../src/read/envelope/query.js';
import { funnel } from '../../src/read/funnels/funnel.js';
import { funnelSource } from '../../src/read/funnels/step-counts.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { HitRecorded } from '../../streams/events.js';
import type { TestDatabase } from '../support/database.js';
import { designDatabase, foldDesign } from '../support/design-stream.js';
import { hit, MIN } from '../support/events.js';
import { D0, DAY, FOUR_DAYS, fourDayWindows, HOUR } from '../support/four-day-design.js';
import { foldTwice, messages } from '../support/projection-spec.js';
import { windowQuery } from '../support/window-query.js';

const SMALL = FOUR_DAYS;

/*
 * Site 2, by hand (hours from D0, Aug 1 00:00 UTC; each line one session):
 *   s1 v1  /docs/a 23:50, /pricing 24:05, Signup 24:06          crosses UTC midnight
 *   s2 v2  /docs/b 34:00, /docs/b 34:01, /pricing 34:02, /pricing 34:03, Signup 34:04   repeated step hits
 *   s3 v2  /pricing 36:00, /docs/a 36:01                         /pricing before step 1
 *   s4 v3  /docs/a 47:50, /pricing 48:10                         step 2 on the next UTC day
 *   s5 v4  /about 30:00
 *   s6 v5  /docs/a 29:00
 *   s7 v6  /docs 31:00, /pricing 31:01                           `/docs` is not under `/docs/*`
 *   s8 v5  /docs/c 39:00                                        v5's second session
 *   s9 v7  /docs/a 10:00
 * Funnel /docs/* → /pricing → Signup over days 0–2 (UTC): step 1 s1 s2 s3 s4 s6 s8 s9 = 7 sessions
 * of v1 v2 v3 v5 v7 = 5 visitors; step 2 s1 s2 s4 = 3 of 3; step 3 s1 s2 = 2 of 2. Over day 1
 * only, s1 has no step 1 (its /docs/a is on day 0) and s4's /pricing comes after the window:
 * step 1 s2 s3 s4 s6 s8 = 5 of v2 v3 v5 = 3; step 2 s2 = 1 of 1; step 3 1 of 1.
 */
const HAND = 2;
const at = (h: number, m = 0) => D0 + h * HOUR + m * MIN;
const view = (visitor: string, ts: number, pathname: string) => hit({ site: HAND, visitor, ts, pathname });
const event = (visitor: string, ts: number, name: string) =>
  hit({ site: HAND, visitor, ts, kind: 'custom', name, pathname: '/pricing' });
const HAND_HITS: HitRecorded[] = [
  view('v7', at(10), '/docs/a'),
  view('v1', at(23, 50), '/docs/a'),
  view('v1', at(24, 5), '/pricing'),
  event('v1', at(24, 6), 'Signup'),
  view('v5', at(29), '/docs/a'),
  view('v4', at(30), '/about'),
  view('v6', at(31), '/docs'),
  view('v6', at(31, 1), '/pricing'),
  view('v2', at(34), '/docs/b'),
  view('v2', at(34, 1), '/docs/b'),
  view('v2', at(34, 2), '/pricing'),
  view('v2', at(34, 3), '/pricing'),
  event('v2', at(34, 4), 'Signup'),
  view('v2', at(36), '/pricing'),
  view('v2', at(36, 1), '/docs/a'),
  view('v5', at(39), '/docs/c'),
  view('v3', at(47, 50), '/docs/a'),
  view('v3', at(48, 10), '/pricing'),
];
// Three messages of six hits: s1 and s2 are split between messages.
const HAND_MESSAGES = messages([HAND_HITS.slice(0, 3), HAND_HITS.slice(3, 9), HAND_HITS.slice(9)], 10_000);

const FUNNELS: Record<string, { site: number; steps: Target[]; windowMinutes: number | null }> = {
  docs: {
    site: HAND,
    steps: [{ path: '/docs/*' }, { path: '/pricing' }, { event: 'Signup' }],
    windowMinutes: null,
  },
  exact: { site: HAND, steps: [{ path: '/docs/a' }, { path: '/pricing' }], windowMinutes: null },
  windowed: { site: HAND, steps: [{ path: '/docs/*' }, { path: '/pricing' }], windowMinutes: 10 },
  benchDocs: {
    site: SMALL.site,
    steps: [{ path: '/docs/*' }, { path: '/pricing' }, { event: 'Signup' }, { event: 'Purchase' }],
    windowMinutes: null,
  },
  benchPricing: { site: SMALL.site, steps: [{ path: '/pricing' }, { path: '/*' }], windowMinutes: null },
  benchBlog: { site: SMALL.site, steps: [{ path: '/blog/post-*' }, { event: 'Signup' }], windowMinutes: 30 },
};
const ids: Record<string, number> = {};

let db: TestDatabase;
beforeAll(async () => {
  db = await designDatabase(SMALL, HAND, [rawEvents, pathVisitors, pathSessions] as Projection[]);
  for (const p of [rawEvents, pathVisitors] as Projection[]) await foldBatch(db.pool, p, HAND_MESSAGES);
  // One message per batch, then all again (a redelivery after a crash between commit and ack).
  await foldTwice(db.pool, pathSessions as Projection, HAND_MESSAGES, 1);
  for (const [name, f] of Object.entries(FUNNELS))
    ids[name] = (await createFunnel(db.pool, { siteId: f.site, name, ...f })).id;
}, 120_000);
afterAll(() => db.drop());

/** Each step's [sessions, visitors] from the projections, checked equal to the raw path's report. */
async function steps(name: string, q: Query): Promise<[number, number][]> {
  const projected = await funnel(db.pool, q, { id: ids[name]! }, 'path_sessions');
  expect(projected).toEqual(await funnel(db.pool, q, { id: ids[name]! }, 'raw'));
  return projected.steps.map((s) => [s.sessions, s.visitors]);
}

/** Every row of the projection's tables, in a stable order. */
async function snapshot(pool: pg.Pool) {
  const out: Record<string, unknown[]> = {};
  for (const table of pathSessions.tables)
    out[table] = (await pool.query(`SELECT * FROM ${table} AS r ORDER BY r::text`)).rows;
  return out;
}

describe('the funnel’s step 1 from the path_sessions projection', () => {
  it('numbers exactly the sessions raw_events gives the pageviews, each once', async () => {
    // The numbers of sessions no later hit can join are pruned with their state (the site's
    // highest stays): those kept are raw_events' sessions, and the hits carry one number a session.
    const { rows } = await db.pool.query<{ kept: boolean; sessions: number; numbers: number }>(`
      SELECT (SELECT bool_and(session_id IN (SELECT session_id FROM events WHERE kind = 'pageview'))
                FROM path_session_numbers) AS kept,
             (SELECT count(DISTINCT session_id) FROM events WHERE kind = 'pageview' AND site_id = 2)::int AS sessions,
             (SELECT count(DISTINCT n) FROM path_session_hits, unnest(ns) AS n WHERE site_id = 2)::int AS numbers`);
    expect(rows[0]).toEqual({ kept: true, sessions: 9, numbers: 9 });
  });

  it('counts /docs/* → /pricing → Signup over whole UTC days: 7, 3, 2 sessions of 5, 3, 2 visitors', async () => {
    expect(await steps('docs', windowQuery(HAND, D0, D0 + 3 * DAY))).toEqual([
      [7, 5],
      [3, 3],
      [2, 2],
    ]);
    // Day 1 alone: s1 reached step 1 the day before, s4 reaches step 2 only after the window.
    expect(await steps('docs', windowQuery(HAND, D0 + DAY, D0 + 2 * DAY))).toEqual([
      [5, 3],
      [1, 1],
      [1, 1],
    ]);
  });

  it('reads the hours at the edges of a window off UTC from the pageviews kept with their numbers', async () => {
    // Asia/Kolkata, Aug 2–3: from 18:30 UTC on day 0 (s9 is before it) to 18:30 on day 2.
    const kolkata = windowQuery(HAND, D0 + 18.5 * HOUR, D0 + 66.5 * HOUR, 'Asia/Kolkata');
    expect(await steps('docs', kolkata)).toEqual([
      [6, 4],
      [3, 3],
      [2, 2],
    ]);
    // Less than a day: only s1's /docs/a and s4's /pricing are edges of [23:00, 48:30).
    expect(await steps('docs', windowQuery(HAND, D0 + 23 * HOUR, D0 + 48.5 * HOUR))).toEqual([
      [6, 4],
      [3, 3],
      [2, 2],
    ]);
    expect(await steps('docs', windowQuery(HAND, D0 + 23 * HOUR, D0 + 24 * HOUR))).toEqual([
      [1, 1],
      [0, 0],
      [0, 0],
    ]);
  });

  it('counts an exact path step 1 and a window_minutes chain the same way', async () => {
    // /docs/a: s1 s3 s4 s6 s9; /pricing after it: s1 and s4 (s3's came first).
    expect(await steps('exact', windowQuery(HAND, D0, D0 + 3 * DAY))).toEqual([
      [5, 5],
      [2, 2],
    ]);
    // Within 10 minutes of /docs/*: only s2 (s1 took 15, s4 20).
    expect(await steps('windowed', windowQuery(HAND, D0, D0 + 3 * DAY))).toEqual([
      [7, 5],
      [1, 1],
    ]);
  });

  it('gives the raw path’s figures on the benchmark design: whole days, zones off UTC, part of a day, compare', async () => {
    for (const q of fourDayWindows()) {
      const docs = await steps('benchDocs', q);
      expect(docs[0]![0]).toBeGreaterThan(50);
      expect(docs[1]![0]).toBeGreaterThan(0);
      expect((await steps('benchPricing', q))[1]![0]).toBeGreaterThan(0);
      await steps('benchBlog', q);
    }
  });

  it('reads the hits for a filter or an event as step 1', () => {
    const docs = FUNNELS.docs!.steps;
    // Any window, its edges on no whole second: the projections keep each hit's millisecond.
    const w = { start: new Date('2026-03-01T10:07:13.250Z'), end: new Date('2026-03-02T00:00:00Z') };
    expect(funnelSource(w, { and: [] }, docs)).toBe('path_sessions');
    expect(funnelSource(w, { and: [{ dimension: 'city', op: 'is', value: 'Berlin' }] }, docs)).toBe('raw');
    expect(funnelSource(w, { and: [] }, [{ event: 'Signup' }, { path: '/docs/*' }])).toBe('raw');
  });

  it('folds the same rows again from the stream, in other batches', async () => {
    const folded = await snapshot(db.pool);
    expect(folded.path_sessions_day!.length).toBeGreaterThan(100);
    for (const table of pathSessions.tables) await db.pool.query(`TRUNCATE ${table}`);
    await db.pool.query("DELETE FROM projection_checkpoints WHERE name = 'path_sessions'");
    await foldDesign(db.pool, SMALL, [pathSessions] as Projection[], 13);
    await foldBatch(db.pool, pathSessions as Projection, HAND_MESSAGES);
    expect(await snapshot(db.pool)).toEqual(folded);
  });
});
