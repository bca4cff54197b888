import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { visitorName } from '../../src/read/visitors/visitor-key.js';
import type { HitRecorded } from '../../streams/events.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * Two designed UTC days, 2026-11-01 (D1) and 2026-11-02 (D2), of site "visitors.example":
 *   user-1  D1 10:00 views / as daily visitor a1, identifies at 10:01 (plan free, team red), views
 *           /app at 10:02; D2 09:00 views / as a2 (a new day, a new daily id) and identifies again at
 *           09:01 (plan pro). A backfilled identify of 2026-10-31 (plan trial, role admin) arrives
 *           last: traits are then plan pro (the latest), team red, role admin (set only by it).
 *   user-2  D2 12:00 identifies (plan free), 12:01 views /x.
 *   c       anonymous, D2 11:00 / and /y, then 14:00 / again (a second session).
 *   d       anonymous, D2 15:00 one pageview.
 */
const D1 = Date.UTC(2026, 10, 1);
const D2 = Date.UTC(2026, 10, 2);
const at = (day: number, h: number, m = 0) => day + h * 3_600_000 + m * MIN;
const TWO_DAYS = { start: '2026-11-01T00:00:00Z', end: '2026-11-03T00:00:00Z' };

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'visitors.example', timezone: 'UTC' })).id;
  const h = (over: Partial<HitRecorded> & Pick<HitRecorded, 'visitor' | 'ts'>) => hit({ site, ...over });
  const identify = (visitor: string, ts: number, identity: string, props: Record<string, string>) =>
    h({ visitor, ts, kind: 'custom', name: 'identify', identity, props });
  const first: HitRecorded[] = [
    h({ visitor: 'a1', ts: at(D1, 10) }),
    identify('a1', at(D1, 10, 1), 'user-1', { plan: 'free', team: 'red' }),
    h({ visitor: 'a1', ts: at(D1, 10, 2), pathname: '/app', identity: 'user-1' }),
    h({ visitor: 'a2', ts: at(D2, 9), identity: 'user-1' }),
    identify('a2', at(D2, 9, 1), 'user-1', { plan: 'pro' }),
    h({ visitor: 'c', ts: at(D2, 11) }),
    h({ visitor: 'c', ts: at(D2, 11, 1), pathname: '/y' }),
    identify('b', at(D2, 12), 'user-2', { plan: 'free' }),
    h({ visitor: 'b', ts: at(D2, 12, 1), pathname: '/x', identity: 'user-2' }),
    h({ visitor: 'c', ts: at(D2, 14) }),
    h({ visitor: 'd', ts: at(D2, 15) }),
  ];
  const backfilled = [identify('a0', at(D1 - 86_400_000, 8), 'user-1', { plan: 'trial', role: 'admin' })];
  for (const p of [rawEvents, rollupMinute])
    await foldBatch(t.database.pool, p, messages([first, backfilled]));
});
afterAll(() => t?.close());

async function read(
  path: string,
  params: Record<string, string> = {},
  headers: Record<string, string> = { cookie },
) {
  const qs = new URLSearchParams({ site: String(site), ...TWO_DAYS, ...params });
  return app.inject({ method: 'GET', url: `/api/stats/${path}?${qs}`, headers });
}

async function visitors(params: Record<string, string> = {}) {
  const res = await read('visitors', params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const iso = (ms: number) => new Date(ms).toISOString();

describe('GET /api/stats/visitors', () => {
  it('lists identified people across days and anonymous daily visitors, the most recently seen first', async () => {
    expect(await visitors()).toEqual([
      {
        visitor: visitorName(site, null, 'd'),
        identified: false,
        traits: {},
        first_seen: iso(at(D2, 15)),
        last_seen: iso(at(D2, 15)),
        sessions: 1,
        pageviews: 1,
      },
      {
        visitor: visitorName(site, null, 'c'),
        identified: false,
        traits: {},
        first_seen: iso(at(D2, 11)),
        last_seen: iso(at(D2, 14)),
        sessions: 2,
        pageviews: 3,
      },
      {
        visitor: 'user-2',
        identified: true,
        traits: { plan: 'free' },
        first_seen: iso(at(D2, 12)),
        last_seen: iso(at(D2, 12, 1)),
        sessions: 1,
        pageviews: 1,
      },
      {
        visitor: 'user-1',
        identified: true,
        traits: { plan: 'pro', team: 'red', role: 'admin' },
        first_seen: iso(at(D1, 10)),
        last_seen: iso(at(D2, 9, 1)),
        sessions: 2,
        pageviews: 3,
      },
    ]);
  });

  it('keeps each trait’s latest value: a backfilled older identify fills a trait but overwrites none', async () => {
    const [row] = await visitors({ filters: '[{"dimension":"identity","op":"is","value":"user-1"}]' });
    expect(row.traits).toEqual({ plan: 'pro', team: 'red', role: 'admin' });
  });

  it('names an anonymous visitor by a 16-hex-digit digest, never by its daily id', async () => {
    const res = await read('visitors');
    const names = res.json().data.map((v: { visitor: string }) => v.visitor);
    expect(names.slice(0, 2).every((n: string) => /^[0-9a-f]{16}$/.test(n))).toBe(true);
    for (const raw of ['"a1"', '"a2"', '"b"', '"c"', '"d"']) expect(res.body).not.toContain(raw);
  });

  it('pages with limit and page', async () => {
    expect((await visitors({ limit: '2', page: '2' })).map((v: { visitor: string }) => v.visitor)).toEqual([
      'user-2',
      'user-1',
    ]);
    expect(await visitors({ limit: '2', page: '3' })).toEqual([]);
  });

  it('counts only the window’s sessions, and under a filter the sessions holding a matching hit', async () => {
    const d2 = await visitors({ start: '2026-11-02T00:00:00Z', end: '2026-11-03T00:00:00Z' });
    expect(d2.at(-1)).toMatchObject({
      visitor: 'user-1',
      first_seen: iso(at(D2, 9)),
      sessions: 1,
      pageviews: 1,
    });
    expect(await visitors({ filters: '[{"dimension":"pathname","op":"is","value":"/y"}]' })).toEqual([
      {
        visitor: visitorName(site, null, 'c'),
        identified: false,
        traits: {},
        first_seen: iso(at(D2, 11)),
        last_seen: iso(at(D2, 11, 1)),
        sessions: 1,
        pageviews: 2,
      },
    ]);
  });

  it('refuses agents, both readerships and compare (400 naming the field); 401 and 403', async () => {
    for (const [params, field] of [
      [{ audience: 'agent' }, 'audience'],
      [{ audience: 'all' }, 'audience'],
      [{ compare: 'previous' }, 'compare'],
      [{ limit: 'many' }, 'limit'],
    ] as const) {
      const res = await read('visitors', params);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    }
    expect((await read('visitors', {}, {})).statusCode).toBe(401);
    const stranger = await signUp(app);
    expect((await read('visitors', {}, { cookie: stranger.cookie })).statusCode).toBe(403);
  });

  it('exports traits as one JSON cell, so every row has the same columns', async () => {
    const res = await read('export.csv', { report: 'visitors' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body) as string[][];
    expect(rows[0]).toEqual([
      'visitor',
      'identified',
      'traits',
      'first_seen',
      'last_seen',
      'sessions',
      'pageviews',
    ]);
    expect(rows.slice(3)).toEqual([
      ['user-2', 'true', '{"plan":"free"}', iso(at(D2, 12)), iso(at(D2, 12, 1)), '1', '1'],
      [
        'user-1',
        'true',
        '{"plan":"pro","role":"admin","team":"red"}',
        iso(at(D1, 10)),
        iso(at(D2, 9, 1)),
        '2',
        '3',
      ],
    ]);
  });
});
