import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSessions } from '../../projections/path-sessions/projection.js';
import { pathVisitors } from '../../projections/path-visitors/projection.js';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { HitRecorded } from '../../streams/events.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * Designed sessions on three sites, read over six hours from T0 (10:00 UTC); minutes from T0.
 *
 * Site "order", funnel / → /pricing → Signup (event), no window_minutes:
 *   a1       /, /blog/x, /pricing, Signup          reaches 3 (other hits between are fine)
 *   a2 (DE)  /pricing, /, Signup                   reaches 1 (/pricing came before /)
 *   a3       /pricing, /, /pricing                 reaches 2 (the later /pricing counts)
 *   a4 (DE)  session at 100: /, /pricing           reaches 2
 *            session at 200: /, /pricing, Signup   reaches 3 (one visitor, two sessions)
 *   a5       /about                                no step 1
 *   a6       /, Signup                             reaches 1
 *   → step 1: 6 sessions of 5 visitors; step 2: 4 sessions of 3; step 3: 2 sessions of 2.
 *   The six hours before: p1 /, /pricing (reaches 2); p2 / (reaches 1).
 *
 * Site "repeat", funnels / → /pricing → / and /pricing → /pri*:
 *   r1 /, /pricing, /        3 and 1 (one hit never serves two steps)
 *   r2 /, /, /pricing        2 (the second / came before /pricing) and 1
 *   r3 /pricing, /pricing    — and 2
 *   r4 /prices, /pricing     — and 1 (/prices matches step 2 only, before step 1)
 *   r5 /signup and Signup in the same millisecond: the pageview comes first, so /signup → Signup
 *      reaches 2 and Signup → /signup 1
 *
 * Site "window", funnel / → /pricing → Signup with window_minutes 10, and the same without:
 *   w1 / 0, /pricing 5, Signup 15            2 (Signup 15 minutes after step 1), 3 without
 *   w2 / 0, / 20, /pricing 25, Signup 28     3 from the second / (the first is too early), 3
 *   w3 / 0, /pricing 4, Signup 10            3 (exactly 10 minutes is within), 3
 *   w4 / 0, /pricing 11                      1, 2 without
 */
const HOUR = 60 * MIN;
const at = (m: number) => T0 + m * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const WINDOW = { start: iso(T0), end: iso(T0 + 6 * HOUR) };
const STEPS = [{ path: '/' }, { path: '/pricing' }, { event: 'Signup' }];

let t: TestApp;
let cookie: string;
const sites = { order: 0, repeat: 0, window: 0, stranger: 0 };
const funnels = {
  order: 0,
  repeated: 0,
  overlapping: 0,
  sameMoment: 0,
  sameMomentReversed: 0,
  windowed: 0,
  unwindowed: 0,
  stranger: 0,
};

/** One visitor's hits from `start`: a path, or `!Name` for a custom event, each a minute apart unless timed. */
function visit(
  site: number,
  visitor: string,
  start: number,
  steps: (string | [string, number])[],
  over: Partial<HitRecorded> = {},
) {
  return steps.map((s, i) => {
    const [what, minute] = typeof s === 'string' ? [s, start + i] : [s[0], start + s[1]];
    const event = what.startsWith('!')
      ? { kind: 'custom' as const, name: what.slice(1) }
      : { pathname: what };
    return hit({ site, visitor, ts: at(minute), ...event, ...over });
  });
}

async function createFunnel(site: number, body: Record<string, unknown>, as = cookie): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/funnels',
    headers: { cookie: as },
    payload: { site, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signUp(t.app));
  for (const name of ['order', 'repeat', 'window'] as const)
    sites[name] = (await createSite(t.app, cookie, { domain: `${name}.example`, timezone: 'UTC' })).id;
  const stranger = await signUp(t.app);
  sites.stranger = (await createSite(t.app, stranger.cookie)).id;
  const { order, repeat, window } = sites;
  const de = { country: 'DE' };
  const events = [
    ...visit(order, 'a1', 0, ['/', '/blog/x', '/pricing', '!Signup']),
    ...visit(order, 'a2', 10, ['/pricing', '/', '!Signup'], de),
    ...visit(order, 'a3', 20, ['/pricing', '/', '/pricing']),
    ...visit(order, 'a4', 100, ['/', '/pricing'], de),
    ...visit(order, 'a4', 200, ['/', '/pricing', '!Signup'], de),
    ...visit(order, 'a5', 50, ['/about']),
    ...visit(order, 'a6', 60, ['/', '!Signup']),
    ...visit(order, 'p1', -120, ['/', '/pricing']),
    ...visit(order, 'p2', -60, ['/']),
    ...visit(repeat, 'r1', 0, ['/', '/pricing', '/']),
    ...visit(repeat, 'r2', 10, ['/', '/', '/pricing']),
    ...visit(repeat, 'r3', 20, ['/pricing', '/pricing']),
    ...visit(repeat, 'r4', 30, ['/prices', '/pricing']),
    ...visit(repeat, 'r5', 40, [
      ['!Signup', 0],
      ['/signup', 0],
    ]),
    ...visit(window, 'w1', 0, [
      ['/', 0],
      ['/pricing', 5],
      ['!Signup', 15],
    ]),
    ...visit(window, 'w2', 0, [
      ['/', 0],
      ['/', 20],
      ['/pricing', 25],
      ['!Signup', 28],
    ]),
    ...visit(window, 'w3', 0, [
      ['/', 0],
      ['/pricing', 4],
      ['!Signup', 10],
    ]),
    ...visit(window, 'w4', 0, [
      ['/', 0],
      ['/pricing', 11],
    ]),
  ];
  // Step 1 on a path, without filters, is counted from path_sessions and path_visitors.
  for (const p of [rawEvents, rollupMinute, pathVisitors, pathSessions] as Projection[])
    await foldBatch(t.database.pool, p, messages([events]));
  funnels.order = await createFunnel(order, { name: 'Signup', steps: STEPS });
  funnels.repeated = await createFunnel(repeat, {
    name: 'Back home',
    steps: [{ path: '/' }, { path: '/pricing' }, { path: '/' }],
  });
  funnels.overlapping = await createFunnel(repeat, {
    name: 'Pricing twice',
    steps: [{ path: '/pricing' }, { path: '/pri*' }],
  });
  funnels.sameMoment = await createFunnel(repeat, {
    name: 'Same moment',
    steps: [{ path: '/signup' }, { event: 'Signup' }],
  });
  funnels.sameMomentReversed = await createFunnel(repeat, {
    name: 'Same moment reversed',
    steps: [{ event: 'Signup' }, { path: '/signup' }],
  });
  funnels.windowed = await createFunnel(window, { name: 'Quick', steps: STEPS, window_minutes: 10 });
  funnels.unwindowed = await createFunnel(window, { name: 'Slow', steps: STEPS });
  funnels.stranger = await createFunnel(sites.stranger, { name: 'Theirs', steps: STEPS }, stranger.cookie);
});
afterAll(() => t?.close());

async function read(
  site: number,
  id: number | string,
  params: Record<string, string> = {},
  headers: Record<string, string> = { cookie },
) {
  const qs = new URLSearchParams({ site: String(site), ...WINDOW, ...params });
  return t.app.inject({ method: 'GET', url: `/api/stats/funnel/${id}?${qs}`, headers });
}

async function steps(site: number, id: number, params: Record<string, string> = {}) {
  const res = await read(site, id, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.steps as Record<string, unknown>[];
}

/** Per step [visitors, sessions, dropoff, conversion_rate]. */
const figures = (rows: Record<string, unknown>[]) =>
  rows.map((r) => [r.visitors, r.sessions, r.dropoff, r.conversion_rate]);

describe('GET /api/stats/funnel/:id', () => {
  it('counts the sessions that reached each step in order, and their visitors', async () => {
    const res = await read(sites.order, funnels.order);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toMatchObject({ rows: 3, sampled: false, query: { audience: 'human' } });
    expect(res.json().data).toEqual({
      id: funnels.order,
      name: 'Signup',
      window_minutes: null,
      steps: [
        { step: 1, path: '/', event: null, visitors: 5, sessions: 6, dropoff: 0, conversion_rate: 100 },
        {
          step: 2,
          path: '/pricing',
          event: null,
          visitors: 3,
          sessions: 4,
          dropoff: 2,
          conversion_rate: 66.7,
        },
        { step: 3, path: null, event: 'Signup', visitors: 2, sessions: 2, dropoff: 2, conversion_rate: 33.3 },
      ],
    });
  });

  it('needs a later hit for a repeated step: one hit never serves two steps', async () => {
    expect(figures(await steps(sites.repeat, funnels.repeated))).toEqual([
      [2, 2, 0, 100],
      [2, 2, 0, 100],
      [1, 1, 1, 50],
    ]);
    expect(figures(await steps(sites.repeat, funnels.overlapping))).toEqual([
      [4, 4, 0, 100],
      [1, 1, 3, 25],
    ]);
  });

  it('orders hits of the same millisecond pageview first', async () => {
    expect(figures(await steps(sites.repeat, funnels.sameMoment))).toEqual([
      [1, 1, 0, 100],
      [1, 1, 0, 100],
    ]);
    expect(figures(await steps(sites.repeat, funnels.sameMomentReversed))).toEqual([
      [1, 1, 0, 100],
      [0, 0, 1, 0],
    ]);
  });

  it('counts a step only within window_minutes of step 1, from whichever step-1 hit gets furthest', async () => {
    const res = await read(sites.window, funnels.windowed);

    expect(res.json().data.window_minutes).toBe(10);
    expect(figures(res.json().data.steps)).toEqual([
      [4, 4, 0, 100],
      [3, 3, 1, 75],
      [2, 2, 1, 50],
    ]);
    expect(figures(await steps(sites.window, funnels.unwindowed))).toEqual([
      [4, 4, 0, 100],
      [4, 4, 0, 100],
      [3, 3, 1, 75],
    ]);
  });

  it('compares with the previous window: each step with its comparison and percent changes', async () => {
    const rows = await steps(sites.order, funnels.order, { compare: 'previous' });

    expect(rows.map((r) => [r.comparison, r.change])).toEqual([
      [
        { visitors: 2, sessions: 2, dropoff: 0, conversion_rate: 100 },
        { visitors: 150, sessions: 200, conversion_rate: 0 },
      ],
      [
        { visitors: 1, sessions: 1, dropoff: 1, conversion_rate: 50 },
        { visitors: 200, sessions: 300, dropoff: 100, conversion_rate: 33.4 },
      ],
      // Nobody reached step 3 before: no change from 0 (rule 1).
      [{ visitors: 0, sessions: 0, dropoff: 1, conversion_rate: 0 }, { dropoff: 100 }],
    ]);
  });

  it('with filters, takes the sessions that hold a matching hit, with all their hits', async () => {
    const germany = await steps(sites.order, funnels.order, {
      filters: JSON.stringify([{ dimension: 'country', op: 'is', value: 'DE' }]),
    });
    const blog = await steps(sites.order, funnels.order, {
      filters: JSON.stringify([{ dimension: 'pathname', op: 'is', value: '/blog/x' }]),
    });

    expect(figures(germany)).toEqual([
      [2, 3, 0, 100],
      [1, 2, 1, 66.7],
      [1, 1, 1, 33.3],
    ]);
    // a1's session has the /blog/x hit, and its /, /pricing and Signup take part.
    expect(figures(blog)).toEqual([
      [1, 1, 0, 100],
      [1, 1, 0, 100],
      [1, 1, 0, 100],
    ]);
  });

  it('leaves conversion rates absent, never 0, when no session reached step 1', async () => {
    const rows = await steps(sites.order, funnels.order, {
      start: iso(T0 + 24 * HOUR),
      end: iso(T0 + 25 * HOUR),
    });

    expect(rows.map(({ step: _s, path: _p, event: _e, ...f }) => f)).toEqual([
      { visitors: 0, sessions: 0, dropoff: 0 },
      { visitors: 0, sessions: 0, dropoff: 0 },
      { visitors: 0, sessions: 0, dropoff: 0 },
    ]);
  });

  it('reads with an API key of the site', async () => {
    const { key } = await createKey(t.app, cookie, sites.order);

    const res = await read(sites.order, funnels.order, {}, { authorization: `Bearer ${key}` });

    expect(res.statusCode).toBe(200);
    expect(res.json().data.steps).toHaveLength(3);
  });

  it("answers 404 not_found on field id for another site's funnel, even the same owner's, and an unknown one", async () => {
    for (const id of [funnels.repeated, funnels.stranger, 99_999_999]) {
      const res = await read(sites.order, id);

      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'not_found', message: 'no such funnel for this site', field: 'id' },
      });
    }
  });

  it.each([
    ['audience', { audience: 'agent' }],
    ['audience', { audience: 'all' }],
    ['filters', { filters: '[{"dimension":"agent_id","op":"is","value":"gptbot"}]' }],
    ['compare', { compare: 'sometimes' }],
  ])('answers 400 validation_error on field %s for %j', async (field, params) => {
    const res = await read(sites.order, funnels.order, params);

    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
  });

  it('answers 400 validation_error on field id for an id that is not one', async () => {
    for (const id of ['abc', '0', '1.5']) {
      const res = await read(sites.order, id);

      expect(res.statusCode, id).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'id' });
    }
  });

  it("answers 401 without a credential and 403 for another user's site", async () => {
    const anonymous = await read(sites.order, funnels.order, {}, {});
    const foreign = await read(sites.stranger, funnels.stranger);

    expect(anonymous.statusCode).toBe(401);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('forbidden');
  });

  it('exports as CSV with report=funnel&id=N: one row per step', async () => {
    const qs = new URLSearchParams({
      site: String(sites.order),
      ...WINDOW,
      report: 'funnel',
      id: String(funnels.order),
    });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stats/export.csv?${qs}`,
      headers: { cookie },
    });
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/stats/export.csv?site=${sites.order}&report=funnel`,
      headers: { cookie },
    });

    expect(res.statusCode, res.body).toBe(200);
    expect(parse(res.body)).toEqual([
      ['step', 'path', 'event', 'visitors', 'sessions', 'dropoff', 'conversion_rate'],
      ['1', '/', '', '5', '6', '0', '100'],
      ['2', '/pricing', '', '3', '4', '2', '66.7'],
      ['3', '', 'Signup', '2', '2', '2', '33.3'],
    ]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'validation_error', field: 'id' });
  });
});
