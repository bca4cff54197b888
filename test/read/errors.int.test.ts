import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { errorGroup } from '../../src/enrich/error-fingerprint.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { HitRecorded } from '../../streams/events.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * Three designed hours from T0 (10:00 UTC) of error hits, and one the hour before:
 *
 *   A  /checkout  v1 10:01  Order 17 for 'alice' failed   V8 stack, checkout @ app.js?v=1:10:5
 *      /checkout  v1 10:05  Order 20931 for 'bob' failed  V8 stack, checkout @ app.js?v=2:12:7
 *      /checkout  v2 11:10  Order 5 for "carol" failed    Firefox stack, checkout @ app.js?v=2:12:7
 *   B  /pay       v3 12:10  Order 17 for 'alice' failed   V8 stack, pay @ app.js:40:1 (same message, other function)
 *   C  /          v4 10:20  x is undefined                no stack: source legacy.js?x=1, line 3, col 9
 *      /          v4 10:25  x is undefined
 *   D  /          v5 10:30  boom                          no place at all
 *   A  /checkout  v6 09:50  Order 1 for 'zed' failed      (the window before, for compare)
 *
 * A: 3 hits in 2 sessions (v1's two are one session), per hour 2, 1, 0. C: 2 hits, 1 session.
 * B and D: 1 hit each, B the more recent.
 */
const HOUR = 3_600_000;
const at = (m: number) => T0 + m * MIN;
const v8 = (fn: string, place: string) =>
  `Error: x\n    at ${fn} (https://shop.example/${place})\n    at main (x.js:1:1)`;

const A = [
  { message: "Order 17 for 'alice' failed", stack: v8('checkout', 'app.js?v=1:10:5') },
  { message: "Order 20931 for 'bob' failed", stack: v8('checkout', 'app.js?v=2:12:7') },
  {
    message: 'Order 5 for "carol" failed',
    stack: 'checkout@https://shop.example/app.js?v=2:12:7\n@x.js:1:1',
  },
];
const B = { message: "Order 17 for 'alice' failed", stack: v8('pay', 'app.js:40:1') };
const C = { message: 'x is undefined', source: 'https://shop.example/legacy.js?x=1', line: 3, col: 9 };
const D = { message: 'boom' };

const error = (visitor: string, m: number, pathname: string, props: HitRecorded['props']) =>
  hit({ site, visitor, ts: at(m), kind: 'error', pathname, props });

const fingerprint = (p: HitRecorded['props']) => errorGroup(p).fingerprint;
const series = (...values: number[]) => values.map((value, i) => ({ t: iso(T0 + i * HOUR), value }));
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'errors.example', timezone: 'UTC' })).id;
  await foldBatch(
    t.deps.db,
    rawEvents,
    messages([
      [
        error('v6', -10, '/checkout', {
          message: "Order 1 for 'zed' failed",
          stack: v8('checkout', 'app.js:9:9'),
        }),
      ],
      [
        hit({ site, visitor: 'v1', ts: at(0), pathname: '/checkout' }),
        error('v1', 1, '/checkout', A[0]),
        error('v1', 5, '/checkout', A[1]),
        error('v4', 20, '/', C),
        error('v4', 25, '/', C),
        error('v5', 30, '/', D),
        error('v2', 70, '/checkout', A[2]),
        error('v3', 130, '/pay', B),
      ],
    ]),
  );
});
afterAll(() => t?.close());

function read(params: Record<string, string>, headers: Record<string, string> = { cookie }, path = 'errors') {
  const qs = new URLSearchParams({
    site: String(site),
    start: iso(T0),
    end: iso(T0 + 3 * HOUR),
    granularity: 'hour',
    ...params,
  });
  return app.inject({ method: 'GET', url: `/api/stats/${path}?${qs}`, headers });
}

async function data(params: Record<string, string> = {}) {
  const res = await read(params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const GROUP_A = {
  fingerprint: fingerprint(A[0]),
  message: 'Order 5 for "carol" failed',
  top_frame: { file: 'https://shop.example/app.js', function: 'checkout', line: 12, col: 7 },
  count: 3,
  sessions: 2,
  first_seen: iso(at(1)),
  last_seen: iso(at(70)),
  series: series(2, 1, 0),
};
const GROUP_C = {
  fingerprint: fingerprint(C),
  message: 'x is undefined',
  top_frame: { file: 'https://shop.example/legacy.js', line: 3, col: 9 },
  count: 2,
  sessions: 1,
  first_seen: iso(at(20)),
  last_seen: iso(at(25)),
  series: series(2, 0, 0),
};
const GROUP_B = {
  fingerprint: fingerprint(B),
  message: "Order 17 for 'alice' failed",
  top_frame: { file: 'https://shop.example/app.js', function: 'pay', line: 40, col: 1 },
  count: 1,
  sessions: 1,
  first_seen: iso(at(130)),
  last_seen: iso(at(130)),
  series: series(0, 0, 1),
};
const GROUP_D = {
  fingerprint: fingerprint(D),
  message: 'boom',
  count: 1,
  sessions: 1,
  first_seen: iso(at(30)),
  last_seen: iso(at(30)),
  series: series(1, 0, 0),
};

describe('GET /api/stats/errors', () => {
  it('groups by fingerprint with the latest message and frame, hits, sessions, first and last seen and a sparkline', async () => {
    const res = await read({});
    expect(res.json().meta).toMatchObject({ rows: 4, query: { granularity: 'hour', audience: 'human' } });
    expect(res.json().data).toEqual([GROUP_A, GROUP_C, GROUP_B, GROUP_D]);
    // Numbers, quoted strings and the build's query string vary within A; B is A's message thrown elsewhere.
    expect(new Set([GROUP_A, GROUP_B, GROUP_C, GROUP_D].map((g) => g.fingerprint)).size).toBe(4);
    expect([fingerprint(A[1]), fingerprint(A[2])]).toEqual([GROUP_A.fingerprint, GROUP_A.fingerprint]);
  });

  it('stores the fingerprint and the top frame on each error row when folding', async () => {
    const { rows } = await t.deps.db.query(
      `SELECT error_fingerprint, error_frame FROM events WHERE site_id = $1 AND kind = 'error' ORDER BY ts`,
      [site],
    );
    expect(rows[1]).toEqual({
      error_fingerprint: GROUP_A.fingerprint,
      error_frame: { file: 'https://shop.example/app.js', function: 'checkout', line: 10, col: 5 },
    });
    const { rows: others } = await t.deps.db.query(
      `SELECT count(*)::int AS n FROM events WHERE site_id = $1 AND kind <> 'error' AND error_fingerprint IS NOT NULL`,
      [site],
    );
    expect(others[0].n).toBe(0);
  });

  it('filters the error hits, and pages the groups', async () => {
    const checkout = await data({
      filters: JSON.stringify([{ dimension: 'pathname', op: 'is', value: '/checkout' }]),
    });
    expect(checkout).toEqual([GROUP_A]);
    const early = await data({
      filters: JSON.stringify([{ dimension: 'pathname', op: 'is_not', value: '/pay' }]),
    });
    expect(early.map((g: { fingerprint: string }) => g.fingerprint)).toEqual([
      GROUP_A.fingerprint,
      GROUP_C.fingerprint,
      GROUP_D.fingerprint,
    ]);
    expect(await data({ limit: '2', page: '2' })).toEqual([GROUP_B, GROUP_D]);
  });

  it("puts the group's figures in the other window beside it with compare (0 where it did not occur)", async () => {
    const rows = await data({ compare: 'previous' });
    expect(rows.map((r: { comparison: unknown }) => r.comparison)).toEqual([
      { count: 1, sessions: 1 },
      { count: 0, sessions: 0 },
      { count: 0, sessions: 0 },
      { count: 0, sessions: 0 },
    ]);
    expect(rows[0]).toMatchObject({ count: 3, series: GROUP_A.series });
  });

  it('cuts the sparkline by the granularity in the time zone', async () => {
    const rows = await data({ granularity: 'day', tz: 'Asia/Kathmandu' });
    // 10:00 UTC is 15:45 in Kathmandu: the window's three hours lie in one local day.
    expect(rows[0].series).toEqual([{ t: '2026-11-01T18:15:00.000Z', value: 3 }]);
  });

  it('answers an empty list for a window without errors', async () => {
    expect(await data({ start: iso(T0 + 5 * HOUR), end: iso(T0 + 6 * HOUR) })).toEqual([]);
  });

  it('exports the groups as CSV, the frame as columns and the sparkline as one JSON cell', async () => {
    const qs = new URLSearchParams({
      site: String(site),
      start: iso(T0),
      end: iso(T0 + 3 * HOUR),
      granularity: 'hour',
      report: 'errors',
    });
    const res = await app.inject({ method: 'GET', url: `/api/stats/export.csv?${qs}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual([
      'fingerprint',
      'message',
      'top_frame_file',
      'top_frame_function',
      'top_frame_line',
      'top_frame_col',
      'count',
      'sessions',
      'first_seen',
      'last_seen',
      'series',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[3], r[6]])).toEqual([
      ['Order 5 for "carol" failed', 'checkout', '3'],
      ['x is undefined', '', '2'],
      ["Order 17 for 'alice' failed", 'pay', '1'],
      ['boom', '', '1'],
    ]);
    expect(JSON.parse(rows[1]![10]!)).toEqual(GROUP_A.series);
  });

  it('refuses agents and both readerships on audience, answers a key, 401 without a credential, 403 for another user', async () => {
    for (const audience of ['agent', 'all']) {
      const res = await read({ audience });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'audience' });
    }
    const { key } = await createKey(app, cookie, site);
    expect((await read({}, { authorization: `Bearer ${key}` })).statusCode).toBe(200);
    expect((await read({}, {})).statusCode).toBe(401);
    const other = await signUp(app);
    expect((await read({}, { cookie: other.cookie })).statusCode).toBe(403);
  });
});
