import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dimensionRollup } from '../../projections/dimension-rollup/projection.js';
import { pathSessions } from '../../projections/path-sessions/projection.js';
import { pathVisitors } from '../../projections/path-visitors/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { sql } from '../../src/db/sql.js';
import { hitMatches } from '../../src/goals/target.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { events } from '../../src/read/stats/events.js';
import type { HitRecorded } from '../../streams/events.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN } from '../support/events.js';
import { messages } from '../support/projection-spec.js';
import { windowQuery } from '../support/window-query.js';

/*
 * One designed UTC day (2026-11-07), the tracker's automatic hits beside custom events:
 *   a  /, outbound https://x.org/a twice, file_download /b.pdf
 *   b  /, outbound https://y.org/, form {id: signup, action: /join}
 *   c  /, form {action: https://example.com/contact?x=1#f}, form {} (neither), custom Signup
 *   d  /, form {id: "", action: https://example.com} (a bare origin: "/")
 *   e  /, custom "Outbound Link: Click" (a custom event of an automatic name), on site two only
 * Outbound Link: Click: a, b (3 hits); Form: Submission: b, c, d (4); File Download: a; Signup: c.
 */
const DAY = 86_400_000;
const D0 = Date.UTC(2026, 10, 7);
const at = (m: number) => D0 + 9 * 60 * MIN + m * MIN;
const WINDOW = { start: new Date(D0).toISOString(), end: new Date(D0 + DAY).toISOString() };

let t: TestApp;
let cookie: string;
let site: number;
let clash: number;

function designed(s: number): HitRecorded[] {
  const h = (visitor: string, m: number, over: Partial<HitRecorded> = {}) =>
    hit({ site: s, visitor, ts: at(m), ...over });
  return [
    h('a', 0),
    h('a', 1, { kind: 'outbound', props: { url: 'https://x.org/a' } }),
    h('a', 2, { kind: 'outbound', props: { url: 'https://x.org/a' } }),
    h('a', 3, { kind: 'file_download', props: { url: 'https://example.com/b.pdf' } }),
    h('b', 10),
    h('b', 11, { kind: 'outbound', props: { url: 'https://y.org/' } }),
    h('b', 12, { kind: 'form', props: { id: 'signup', action: '/join' } }),
    h('c', 20),
    h('c', 21, { kind: 'form', props: { action: 'https://example.com/contact?x=1#f' } }),
    h('c', 22, { kind: 'form' }),
    h('c', 23, { kind: 'custom', name: 'Signup' }),
    h('d', 30),
    h('d', 31, { kind: 'form', props: { id: '', action: 'https://example.com' } }),
  ];
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signUp(t.app));
  site = (await createSite(t.app, cookie, { domain: 'auto.example', timezone: 'UTC' })).id;
  clash = (await createSite(t.app, cookie, { domain: 'clash.example', timezone: 'UTC' })).id;
  const hits = [
    ...designed(site),
    ...designed(clash),
    hit({ site: clash, visitor: 'e', ts: at(40) }),
    hit({ site: clash, visitor: 'e', ts: at(41), kind: 'custom', name: 'Outbound Link: Click' }),
  ];
  for (const p of [rawEvents, rollupMinute, dimensionRollup, pathVisitors, pathSessions])
    await foldBatch(t.database.pool, p, messages([hits]));
  for (const body of [{ event: 'Outbound Link: Click' }, { event: 'Form: Submission' }]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: { cookie },
      payload: { site, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t?.close());

async function get(path: string, params: Record<string, string> = {}, s = site) {
  const qs = new URLSearchParams({ site: String(s), ...WINDOW, ...params });
  const res = await t.app.inject({ method: 'GET', url: `${path}?${qs}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const NAMES = [
  { value: 'Form: Submission', visitors: 3, events: 4 },
  { value: 'Outbound Link: Click', visitors: 2, events: 3 },
  { value: 'File Download', visitors: 1, events: 1 },
  { value: 'Signup', visitors: 1, events: 1 },
];

describe('GET /api/stats/events: automatic events', () => {
  it('lists outbound clicks, downloads and form submits under their names beside custom events, on both paths', async () => {
    expect(await get('/api/stats/events')).toEqual(NAMES);
    const q = windowQuery(site, D0, D0 + DAY);
    expect(await events(t.database.pool, q, { limit: 100, page: 1 }, 'rollup')).toEqual(NAMES);
    expect(await events(t.database.pool, q, { limit: 100, page: 1 }, 'raw')).toEqual(NAMES);
    expect(await get('/api/stats/events', { name: 'Outbound Link: Click' })).toEqual([NAMES[1]]);
  });

  it('breaks them down by url, and form submits by the form: its id, else its action path', async () => {
    expect(await get('/api/stats/events', { name: 'Outbound Link: Click', property: 'url' })).toEqual([
      { value: 'https://x.org/a', visitors: 1, events: 2 },
      { value: 'https://y.org/', visitors: 1, events: 1 },
    ]);
    expect(await get('/api/stats/events', { name: 'File Download', property: 'url' })).toEqual([
      { value: 'https://example.com/b.pdf', visitors: 1, events: 1 },
    ]);
    expect(await get('/api/stats/events', { name: 'Form: Submission', property: 'form' })).toEqual([
      { value: '/', visitors: 1, events: 1 },
      { value: '/contact', visitors: 1, events: 1 },
      { value: 'signup', visitors: 1, events: 1 },
      { value: null, visitors: 1, events: 1 },
    ]);
  });

  it('counts a custom event of an automatic name with the hits of its kind, each visitor once', async () => {
    const merged = [
      { value: 'Form: Submission', visitors: 3, events: 4 },
      { value: 'Outbound Link: Click', visitors: 3, events: 4 },
      { value: 'File Download', visitors: 1, events: 1 },
      { value: 'Signup', visitors: 1, events: 1 },
    ];
    expect(await get('/api/stats/events', {}, clash)).toEqual(merged);
    const q = windowQuery(clash, D0, D0 + DAY);
    expect(await events(t.database.pool, q, { limit: 100, page: 1 }, 'rollup')).toEqual(merged);
  });

  it('keeps kind filters: outbound hits alone, and none of another kind', async () => {
    const kind = (value: string) => JSON.stringify([{ dimension: 'kind', op: 'is', value }]);
    expect(await get('/api/stats/events', { filters: kind('outbound') })).toEqual([NAMES[1]]);
    expect(await get('/api/stats/events', { filters: kind('pageview') })).toEqual([]);
  });
});

describe('goals and funnels on automatic events', () => {
  it('counts a goal naming an automatic event by the hits of its kind', async () => {
    const goals = (await get('/api/stats/goals')) as Record<string, unknown>[];
    expect(goals.map(({ id: _id, ...g }) => g)).toEqual([
      {
        name: 'Form: Submission',
        event: 'Form: Submission',
        path: null,
        visitors: 3,
        conversions: 4,
        conversion_rate: 75,
      },
      {
        name: 'Outbound Link: Click',
        event: 'Outbound Link: Click',
        path: null,
        visitors: 2,
        conversions: 3,
        conversion_rate: 50,
      },
    ]);
  });

  it('reads a goal’s hits from the custom-event and the automatic-event indexes, not the traffic', async () => {
    const c = await t.database.pool.connect();
    try {
      // The designed rows are few, so any scan is as cheap: without the table and the index by
      // time (dropped inside the transaction, which puts them back), only the partial indexes remain.
      await c.query('BEGIN');
      await c.query('DROP INDEX events_site_ts');
      await c.query('SET LOCAL enable_seqscan = off');
      const { rows } = await c.query<{ 'QUERY PLAN': string }>(sql`
        EXPLAIN SELECT count(DISTINCT e.visitor_id), count(*) FROM events e
        WHERE e.site_id = ${site} AND ${hitMatches({ event: 'Outbound Link: Click' })}
          AND e.ts >= ${WINDOW.start}::timestamptz AND e.ts < ${WINDOW.end}::timestamptz`);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(plan).toContain('events_automatic');
      expect(plan).toContain('events_custom_name');
      expect(plan).not.toContain('Seq Scan');
    } finally {
      await c.query('ROLLBACK');
      c.release();
    }
  });

  it('takes automatic events as funnel steps', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/funnels',
      headers: { cookie },
      payload: {
        site,
        name: 'Out then form',
        steps: [{ path: '/' }, { event: 'Outbound Link: Click' }, { event: 'Form: Submission' }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const funnel = await get(`/api/stats/funnel/${res.json().data.id}`);
    expect(
      (funnel.steps as Record<string, unknown>[]).map((s) => [s.event ?? s.path, s.visitors, s.sessions]),
    ).toEqual([
      ['/', 4, 4],
      ['Outbound Link: Click', 2, 2],
      ['Form: Submission', 1, 1],
    ]);
  });
});
