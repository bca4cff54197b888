import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSessions } from '../../projections/path-sessions/projection.js';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { HitRecorded } from '../../streams/events.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * Ten designed sessions of one UTC day (2026-11-02), each its own visitor, pages a minute apart:
 *   s1–s3  / /a /x        s6  / /c /y        s8  /z / /a      (the journey starts at its 2nd page)
 *   s4–s5  / /b /x        s7  / /d           s9  / /a / /b    (only the first / starts it)
 *   s10    /q /r          (never views /)
 * s4 is in DE, every other hit has no country. From `/`: 9 sessions; their next pages /a 5, /b 2,
 * /c 1, /d 1; after /a: /x 3, / 1 (s8 ends); after /b: /x 2; after /c: /y 1; after s9's second /: /b.
 */
const T = Date.UTC(2026, 10, 2);
const WINDOW = 'range=all';

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;

const WALKS: [string, string[], Partial<HitRecorded>?][] = [
  ['s1', ['/', '/a', '/x']],
  ['s2', ['/', '/a', '/x']],
  ['s3', ['/', '/a', '/x']],
  ['s4', ['/', '/b', '/x'], { country: 'DE' }],
  ['s5', ['/', '/b', '/x']],
  ['s6', ['/', '/c', '/y']],
  ['s7', ['/', '/d']],
  ['s8', ['/z', '/', '/a']],
  ['s9', ['/', '/a', '/', '/b']],
  ['s10', ['/q', '/r']],
];

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'journeys.example', timezone: 'UTC' })).id;
  const events = WALKS.flatMap(([visitor, paths, over], i) =>
    paths.map((pathname, k) => hit({ site, visitor, ts: T + i * 10 * MIN + k * MIN, pathname, ...over })),
  );
  // A custom event between two pageviews is no step of the journey.
  events.push(hit({ site, visitor: 's1', ts: T + 30_000, kind: 'custom', name: 'Signup', pathname: '/' }));
  // path_sessions answers the journeys from the entry page (its walks), the raw hits the others.
  for (const p of [rawEvents, rollupMinute, pathSessions] as Projection[])
    await foldBatch(t.database.pool, p, messages([events]));
});
afterAll(() => t?.close());

async function read(path: string, query: string, headers: Record<string, string> = { cookie }) {
  return app.inject({ method: 'GET', url: `/api/stats/${path}?site=${site}&${query}`, headers });
}

async function journeys(query: string) {
  const res = await read('journeys', `${WINDOW}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const node = (step: number, path: string, sessions: number) => ({
  id: `${step}:${path}`,
  step,
  path,
  sessions,
});
const link = (source: string, target: string, sessions: number) => ({ source, target, sessions });

describe('GET /api/stats/journeys', () => {
  it('follows the sessions from the first pageview of start, depth pages on (default 3, no pruning at limit 10)', async () => {
    const res = await journeys('start=/');
    expect(res.data).toEqual({
      nodes: [
        node(0, '/', 9),
        node(1, '/a', 5),
        node(1, '/b', 2),
        node(1, '/c', 1),
        node(1, '/d', 1),
        node(2, '/x', 5),
        node(2, '/', 1),
        node(2, '/y', 1),
        node(3, '/b', 1),
      ],
      links: [
        link('0:/', '1:/a', 5),
        link('0:/', '1:/b', 2),
        link('0:/', '1:/c', 1),
        link('0:/', '1:/d', 1),
        link('1:/a', '2:/x', 3),
        link('1:/a', '2:/', 1),
        link('1:/b', '2:/x', 2),
        link('1:/c', '2:/y', 1),
        link('2:/', '3:/b', 1),
      ],
    });
    expect(res.meta.rows).toBe(18);
  });

  it('lets at most limit links leave a node: the busiest limit − 1, the rest merged into (other)', async () => {
    const { data } = await journeys('start=/&limit=3');
    expect(data).toEqual({
      nodes: [
        node(0, '/', 9),
        node(1, '/a', 5),
        node(1, '/b', 2),
        node(1, '(other)', 2),
        node(2, '/x', 5),
        node(2, '/', 1),
        node(2, '/y', 1),
        node(3, '/b', 1),
      ],
      links: [
        link('0:/', '1:/a', 5),
        link('0:/', '1:/b', 2),
        link('0:/', '1:(other)', 2),
        link('1:/a', '2:/x', 3),
        link('1:/a', '2:/', 1),
        link('1:/b', '2:/x', 2),
        // The (other) node goes on like any page: s6 to /y (s7 ends at /d).
        link('1:(other)', '2:/y', 1),
        link('2:/', '3:/b', 1),
      ],
    });
  });

  it('prunes at every step: with limit 1 every node sends its sessions on as one (other)', async () => {
    const { data } = await journeys('start=/&limit=1&depth=2');
    expect(data).toEqual({
      nodes: [node(0, '/', 9), node(1, '(other)', 9), node(2, '(other)', 7)],
      links: [link('0:/', '1:(other)', 9), link('1:(other)', '2:(other)', 7)],
    });
  });

  it('stops at depth (at most 6) and leaves out the sessions that never view start', async () => {
    const { data } = await journeys('start=/b&depth=1');
    expect(data).toEqual({
      nodes: [node(0, '/b', 3), node(1, '/x', 2)],
      links: [link('0:/b', '1:/x', 2)],
    });
    expect((await journeys('start=/nowhere')).data).toEqual({ nodes: [], links: [] });
  });

  it('starts from each session’s entry page without start, entry pages pruned like any step', async () => {
    const { data } = await journeys('depth=1&limit=2');
    expect(data).toEqual({
      nodes: [
        node(0, '/', 8),
        node(0, '(other)', 2),
        node(1, '/a', 4),
        node(1, '(other)', 4),
        node(1, '/', 1),
        node(1, '/r', 1),
      ],
      links: [
        link('0:/', '1:/a', 4),
        link('0:/', '1:(other)', 4),
        // /z and /q merged at step 0; their two next pages are within the limit of 2.
        link('0:(other)', '1:/', 1),
        link('0:(other)', '1:/r', 1),
      ],
    });
  });

  it('keeps the sessions holding a matching hit, each with all its pages, under a filter', async () => {
    const de = await journeys(
      `start=/&filters=${encodeURIComponent('[{"dimension":"country","op":"is","value":"DE"}]')}`,
    );
    expect(de.data).toEqual({
      nodes: [node(0, '/', 1), node(1, '/b', 1), node(2, '/x', 1)],
      links: [link('0:/', '1:/b', 1), link('1:/b', '2:/x', 1)],
    });
  });

  it('takes its window from range: sessions that started in it', async () => {
    const res = await read('journeys', 'range=yesterday&start=/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ nodes: [], links: [] });
  });

  it('400 naming the field: start, end, depth, limit, compare, audience; 401 and 403', async () => {
    for (const [query, field] of [
      ['range=all&start=pricing', 'start'],
      ['range=all&start=/&end=2026-11-03T00:00:00Z', 'end'],
      ['range=all&depth=7', 'depth'],
      ['range=all&depth=0', 'depth'],
      ['range=all&limit=0', 'limit'],
      ['range=all&compare=previous', 'compare'],
      ['range=all&audience=agent', 'audience'],
      ['range=all&audience=all', 'audience'],
      ['range=week&start=/', 'range'],
    ] as const) {
      const res = await read('journeys', query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    }
    expect((await read('journeys', 'start=/', {})).statusCode).toBe(401);
    expect((await read('journeys', 'start=pricing', {})).statusCode).toBe(401);
    const stranger = await signUp(app);
    expect((await read('journeys', 'start=/', { cookie: stranger.cookie })).statusCode).toBe(403);
  });

  it('exports nodes and links as one CSV, a list column naming each row’s list', async () => {
    const res = await read('export.csv', `${WINDOW}&report=journeys&depth=1&limit=2`);
    expect(res.statusCode, res.body).toBe(200);
    expect(parse(res.body)).toEqual([
      ['list', 'id', 'step', 'path', 'sessions', 'source', 'target'],
      ['nodes', '0:/', '0', '/', '8', '', ''],
      ['nodes', '0:(other)', '0', '(other)', '2', '', ''],
      ['nodes', '1:/a', '1', '/a', '4', '', ''],
      ['nodes', '1:(other)', '1', '(other)', '4', '', ''],
      ['nodes', '1:/', '1', '/', '1', '', ''],
      ['nodes', '1:/r', '1', '/r', '1', '', ''],
      ['links', '', '', '', '4', '0:/', '1:/a'],
      ['links', '', '', '', '4', '0:/', '1:(other)'],
      ['links', '', '', '', '1', '0:(other)', '1:/'],
      ['links', '', '', '', '1', '0:(other)', '1:/r'],
    ]);
  });

  it('exports from a starting path as the read answers it; the export refuses end like the read', async () => {
    const res = await read('export.csv', `${WINDOW}&report=journeys&start=/&depth=1&limit=3`);
    expect(res.statusCode, res.body).toBe(200);
    expect(parse(res.body)).toEqual([
      ['list', 'id', 'step', 'path', 'sessions', 'source', 'target'],
      ['nodes', '0:/', '0', '/', '9', '', ''],
      ['nodes', '1:/a', '1', '/a', '5', '', ''],
      ['nodes', '1:/b', '1', '/b', '2', '', ''],
      ['nodes', '1:(other)', '1', '(other)', '2', '', ''],
      ['links', '', '', '', '5', '0:/', '1:/a'],
      ['links', '', '', '', '2', '0:/', '1:/b'],
      ['links', '', '', '', '2', '0:/', '1:(other)'],
    ]);
    const json = await journeys('start=/&depth=1&limit=3');
    expect(json.data.nodes.map((n: { id: string }) => n.id)).toEqual(['0:/', '1:/a', '1:/b', '1:(other)']);
    for (const [query, field] of [
      ['report=journeys&start=pricing', 'start'],
      ['report=journeys&start=/&end=2026-11-03T00:00:00Z', 'end'],
    ] as const) {
      const bad = await read('export.csv', `${WINDOW}&${query}`);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'validation_error', field });
    }
  });
});
