import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { visitorName } from '../../src/read/visitors/visitor-key.js';
import type { HitRecorded } from '../../streams/events.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN } from '../support/events.js';
import { pdfPages } from '../support/pdf-text.js';
import { messages } from '../support/projection-spec.js';

/*
 * One designed UTC day (2026-11-02) of site "sessions.example", four sessions:
 *   A  v1 10:00–10:11  / → /pricing → /docs, then a Signup click; from Google, DE, desktop Firefox
 *   B  v2 11:00–11:02  / → identify user-1 (plan free) → /account (identified from the identify on)
 *   C  v3 12:00        /blog only; FR, mobile Safari
 *   D  v1 13:00        / again, three hours later: a new session
 * Another user's site holds session E at 10:30.
 */
const T = Date.UTC(2026, 10, 2);
const at = (h: number, m = 0) => T + h * 3_600_000 + m * MIN;
const WINDOW = { start: '2026-11-02T00:00:00Z', end: '2026-11-03T00:00:00Z' };
const ID = { A: randomUUID(), B: randomUUID(), C: randomUUID(), D: randomUUID(), E: randomUUID() };

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let key: string;
let site: number;
let strangerCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'sessions.example', timezone: 'UTC' })).id;
  key = (await createKey(app, cookie, site)).key;
  const stranger = await signUp(app);
  strangerCookie = stranger.cookie;
  const other = (await createSite(app, strangerCookie, { domain: 'other.example' })).id;
  const firefox = { browser: 'Firefox', device: 'desktop', country: 'DE' };
  const h = (over: Partial<HitRecorded> & Pick<HitRecorded, 'visitor' | 'ts'>) => hit({ site, ...over });
  const events: HitRecorded[] = [
    h({ id: ID.A, visitor: 'v1', ts: at(10), referrer: 'https://www.google.com/', ...firefox }),
    h({ visitor: 'v1', ts: at(10, 5), pathname: '/pricing', d: 4_000, sc: 50, ...firefox }),
    h({ visitor: 'v1', ts: at(10, 10), pathname: '/docs', ...firefox }),
    h({
      visitor: 'v1',
      ts: at(10, 11),
      kind: 'custom',
      name: 'Signup',
      pathname: '/docs',
      props: { plan: 'pro' },
      ...firefox,
    }),
    h({ id: ID.B, visitor: 'v2', ts: at(11) }),
    h({
      visitor: 'v2',
      ts: at(11, 1),
      kind: 'custom',
      name: 'identify',
      identity: 'user-1',
      props: { plan: 'free' },
    }),
    h({ visitor: 'v2', ts: at(11, 2), pathname: '/account', identity: 'user-1' }),
    h({
      id: ID.C,
      visitor: 'v3',
      ts: at(12),
      pathname: '/blog',
      country: 'FR',
      device: 'mobile',
      browser: 'Safari',
    }),
    h({ id: ID.D, visitor: 'v1', ts: at(13) }),
    hit({ id: ID.E, site: other, visitor: 'x', ts: at(10, 30) }),
  ];
  for (const p of [rawEvents, rollupMinute]) await foldBatch(t.database.pool, p, messages([events]));
});
afterAll(() => t?.close());

async function read(
  path: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = { cookie },
) {
  // A `range` is the window instead (journeys, whose `start` is a path, take theirs from it).
  const qs = new URLSearchParams({ site: String(site), ...(params.range ? {} : WINDOW), ...params });
  return app.inject({ method: 'GET', url: `/api/stats/${path}?${qs}`, headers });
}

async function data(path: string, params: Record<string, string> = {}) {
  const res = await read(path, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const anonymous = (visitor: string) => visitorName(site, null, visitor);

// The rows as the list gives them; built once the site (which the digests include) exists.
type Row = Record<string, unknown> & { visitor: string; started_at: string };
let A: Row;
let B: Row;
let C: Row;
let D: Row;
beforeAll(() => {
  A = {
    id: ID.A,
    visitor: anonymous('v1'),
    started_at: '2026-11-02T10:00:00.000Z',
    duration: 660,
    pageviews: 3,
    entry: '/',
    exit: '/docs',
    channel: 'organic_search',
    source: 'Google',
    country: 'DE',
    device: 'desktop',
    browser: 'Firefox',
  };
  B = {
    id: ID.B,
    visitor: 'user-1',
    started_at: '2026-11-02T11:00:00.000Z',
    duration: 120,
    pageviews: 2,
    entry: '/',
    exit: '/account',
    channel: 'direct',
    source: null,
    country: null,
    device: null,
    browser: null,
  };
  C = {
    ...B,
    id: ID.C,
    visitor: anonymous('v3'),
    started_at: '2026-11-02T12:00:00.000Z',
    duration: 0,
    pageviews: 1,
    entry: '/blog',
    exit: '/blog',
    country: 'FR',
    device: 'mobile',
    browser: 'Safari',
  };
  D = {
    ...B,
    id: ID.D,
    visitor: anonymous('v1'),
    started_at: '2026-11-02T13:00:00.000Z',
    duration: 0,
    pageviews: 1,
    exit: '/',
  };
});

describe('GET /api/stats/sessions', () => {
  it('lists the window’s sessions newest first, each with its figures and attributes', async () => {
    const res = await data('sessions');
    expect(res.data).toEqual([D, C, B, A]);
    expect(res.meta).toMatchObject({ rows: 4, query: { audience: 'human', compare: 'none' } });
  });

  it('names an anonymous visitor by a short digest, the same for both sessions of v1, never its daily id', async () => {
    expect(A.visitor).toMatch(/^[0-9a-f]{16}$/);
    expect(A.visitor).toBe(D.visitor);
    expect(A.visitor).not.toBe(C.visitor);
    const body = (await read('sessions')).body;
    expect(body).not.toContain('"v1"');
  });

  it('pages with limit and page: no session twice, none left out', async () => {
    expect((await data('sessions', { limit: '3', page: '1' })).data).toEqual([D, C, B]);
    expect((await data('sessions', { limit: '3', page: '2' })).data).toEqual([A]);
    expect((await data('sessions', { limit: '2', page: '2' })).data).toEqual([B, A]);
    expect((await data('sessions', { limit: '2', page: '3' })).data).toEqual([]);
  });

  it('keeps the sessions that hold a matching hit, each whole, under a filter', async () => {
    const f = (filters: unknown) => data('sessions', { filters: JSON.stringify(filters) });
    expect((await f([{ dimension: 'pathname', op: 'is', value: '/pricing' }])).data).toEqual([A]);
    expect((await f([{ dimension: 'identity', op: 'is', value: 'user-1' }])).data).toEqual([B]);
    expect((await f({ not: { dimension: 'country', op: 'is', value: 'DE' } })).data).toEqual([D, C, B]);
  });

  it('lists only sessions that started in the window', async () => {
    const later = await data('sessions', { start: '2026-11-02T11:30:00Z', end: '2026-11-02T12:30:00Z' });
    expect(later.data).toEqual([C]);
  });
});

describe('GET /api/stats/sessions/:id', () => {
  it('gives the session and its hits in the order they happened', async () => {
    const res = await data(`sessions/${ID.A}`);
    expect(res.data).toEqual({
      ...A,
      hits: [
        {
          ts: '2026-11-02T10:00:00.000Z',
          kind: 'pageview',
          name: null,
          pathname: '/',
          props: null,
          time_on_page: 4,
          scroll_depth: 50,
        },
        { ts: '2026-11-02T10:05:00.000Z', kind: 'pageview', name: null, pathname: '/pricing', props: null },
        { ts: '2026-11-02T10:10:00.000Z', kind: 'pageview', name: null, pathname: '/docs', props: null },
        {
          ts: '2026-11-02T10:11:00.000Z',
          kind: 'custom',
          name: 'Signup',
          pathname: '/docs',
          props: { plan: 'pro' },
        },
      ],
    });
    expect(res.meta.rows).toBe(4);
  });

  it('names the session’s identity, and filters narrow the hits listed', async () => {
    const res = await data(`sessions/${ID.B}`, {
      filters: JSON.stringify([{ dimension: 'kind', op: 'is', value: 'pageview' }]),
    });
    expect(res.data).toEqual({
      ...B,
      hits: [
        { ts: '2026-11-02T11:00:00.000Z', kind: 'pageview', name: null, pathname: '/', props: null },
        { ts: '2026-11-02T11:02:00.000Z', kind: 'pageview', name: null, pathname: '/account', props: null },
      ],
    });
  });

  it('finds a session by its id whatever the window', async () => {
    const res = await data(`sessions/${ID.C}`, {
      start: '2026-10-01T00:00:00Z',
      end: '2026-10-02T00:00:00Z',
    });
    expect(res.data.id).toBe(ID.C);
  });

  it('is 404 for a session of another site, and for an id no session has', async () => {
    for (const id of [ID.E, randomUUID()]) {
      const res = await read(`sessions/${id}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'not_found', field: 'id' });
    }
  });
});

describe('the sessions reads refuse what they cannot answer', () => {
  const refused = async (path: string, params: Record<string, string>, field: string) => {
    const res = await read(path, params);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
  };

  it('400 on audience for agents and for both readerships (sessions are people’s)', async () => {
    for (const audience of ['agent', 'all']) {
      await refused('sessions', { audience }, 'audience');
      await refused(`sessions/${ID.A}`, { audience }, 'audience');
    }
  });

  it('400 on compare, limit, page and id', async () => {
    await refused('sessions', { compare: 'previous' }, 'compare');
    await refused(`sessions/${ID.A}`, { compare: 'year' }, 'compare');
    await refused('sessions', { limit: '0' }, 'limit');
    await refused('sessions', { limit: '10001' }, 'limit');
    await refused('sessions', { page: '0' }, 'page');
    await refused('sessions/not-a-uuid', {}, 'id');
    await refused('sessions', { filters: '[{"dimension":"shoe","op":"is","value":1}]' }, 'filters');
  });

  it('401 without a credential, 403 for a site the credential may not read; the API key reads', async () => {
    expect((await read('sessions', {}, {})).statusCode).toBe(401);
    expect((await read(`sessions/${ID.A}`, {}, {})).statusCode).toBe(401);
    expect((await read('sessions', {}, { authorization: 'Bearer tf_nope' })).statusCode).toBe(401);
    expect((await read('sessions', {}, { cookie: strangerCookie })).statusCode).toBe(403);
    expect((await read(`sessions/${ID.A}`, {}, { cookie: strangerCookie })).statusCode).toBe(403);
    const withKey = await read('sessions', {}, { authorization: `Bearer ${key}` });
    expect(withKey.statusCode).toBe(200);
    expect(withKey.json().data).toHaveLength(4);
  });
});

describe('exporting sessions', () => {
  it('writes every session as a CSV row with the JSON’s columns', async () => {
    const res = await read('export.csv', { report: 'sessions' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="twofold-sessions.example-sessions-2026-11-02-2026-11-02.csv"',
    );
    const rows = parse(res.body) as string[][];
    expect(rows).toEqual([
      [
        'id',
        'visitor',
        'started_at',
        'duration',
        'pageviews',
        'entry',
        'exit',
        'channel',
        'source',
        'country',
        'device',
        'browser',
      ],
      [ID.D, D.visitor, D.started_at, '0', '1', '/', '/', 'direct', '', '', '', ''],
      [ID.C, C.visitor, C.started_at, '0', '1', '/blog', '/blog', 'direct', '', 'FR', 'mobile', 'Safari'],
      [ID.B, 'user-1', B.started_at, '120', '2', '/', '/account', 'direct', '', '', '', ''],
      [
        ID.A,
        A.visitor,
        A.started_at,
        '660',
        '3',
        '/',
        '/docs',
        'organic_search',
        'Google',
        'DE',
        'desktop',
        'Firefox',
      ],
    ]);
  });

  it('writes one session as its row, then its hits', async () => {
    const res = await read('export.csv', { report: 'session', id: ID.B });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual([
      'list',
      'id',
      'visitor',
      'started_at',
      'duration',
      'pageviews',
      'entry',
      'exit',
      'channel',
      'source',
      'country',
      'device',
      'browser',
      'ts',
      'kind',
      'name',
      'pathname',
      'props',
      'time_on_page',
      'scroll_depth',
    ]);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[13], r[14], r[15], r[16], r[17]])).toEqual([
      ['', ID.B, '', '', '', '', ''],
      ['hits', '', '2026-11-02T11:00:00.000Z', 'pageview', '', '/', ''],
      ['hits', '', '2026-11-02T11:01:00.000Z', 'custom', 'identify', '/', '{"plan":"free"}'],
      ['hits', '', '2026-11-02T11:02:00.000Z', 'pageview', '', '/account', ''],
    ]);
  });

  it('exports every visit read as a CSV and a one-page PDF', async () => {
    for (const [report, params] of [
      ['sessions', {}],
      ['session', { id: ID.A }],
      ['visitors', {}],
      ['journeys', { depth: '2', range: 'all', start: '/' }],
      ['retention', { granularity: 'day' }],
    ] as const) {
      const csv = await read('export.csv', { report, ...params });
      expect(csv.statusCode, `${report}: ${csv.body}`).toBe(200);
      expect(parse(csv.body).length, report).toBeGreaterThan(1);
      const pdf = await read('export.pdf', { report, ...params });
      expect(pdf.statusCode, `${report}: ${pdf.body}`).toBe(200);
      expect(await pdfPages(pdf.rawPayload), report).toHaveLength(1);
    }
  });
});
