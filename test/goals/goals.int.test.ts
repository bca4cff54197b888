import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

let t: TestApp;
let owner: { cookie: string; userId: number };
let stranger: { cookie: string; userId: number };
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
});
afterAll(() => t?.close());

type Method = 'GET' | 'POST' | 'DELETE';

function send(method: Method, url: string, cookie: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

async function newGoal(cookie: string, body: Record<string, unknown>) {
  const res = await send('POST', '/api/goals', cookie, body);
  if (res.statusCode !== 201) throw new Error(`create goal answered ${res.statusCode}: ${res.body}`);
  return res.json().data as { id: number; name: string };
}

describe('POST /api/goals', () => {
  it('answers 201 with an event goal, its name defaulting to the event and the currency', async () => {
    const site = await createSite(t.app, owner.cookie);

    const res = await send('POST', '/api/goals', owner.cookie, {
      site: site.id,
      event: 'Purchase',
      currency: 'EUR',
    });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        id: expect.any(Number),
        site: site.id,
        name: 'Purchase (EUR)',
        event: 'Purchase',
        path: null,
        currency: 'EUR',
        created_at: expect.stringMatching(ISO),
      },
    });
  });

  it('answers 201 with a path goal named "Visit <pattern>" by default, or as given (trimmed)', async () => {
    const site = await createSite(t.app, owner.cookie);

    const unnamed = await send('POST', '/api/goals', owner.cookie, { site: site.id, path: '/blog/*' });
    const named = await send('POST', '/api/goals', owner.cookie, {
      site: site.id,
      name: '  Pricing  ',
      path: '/pricing',
    });

    expect(unnamed.statusCode).toBe(201);
    expect(unnamed.json().data).toMatchObject({ name: 'Visit /blog/*', event: null, path: '/blog/*' });
    expect(named.statusCode).toBe(201);
    expect(named.json().data).toMatchObject({ name: 'Pricing', path: '/pricing', currency: null });
  });

  it.each([
    ['site', { event: 'Signup' }],
    ['site', { site: 'abc', event: 'Signup' }],
    ['site', { site: 0, event: 'Signup' }],
    ['event', { site: 1 }],
    ['event', { site: 1, event: '' }],
    ['event', { site: 1, event: 'x'.repeat(201) }],
    ['event', { site: 1, event: 'a\u0000b' }],
    ['path', { site: 1, event: 'Signup', path: '/a' }],
    ['path', { site: 1, path: 'blog/*' }],
    ['path', { site: 1, path: 42 }],
    ['currency', { site: 1, event: 'Purchase', currency: 'eur' }],
    ['currency', { site: 1, event: 'Purchase', currency: 'EURO' }],
    ['currency', { site: 1, path: '/checkout', currency: 'EUR' }],
    ['name', { site: 1, event: 'Signup', name: '   ' }],
    ['name', { site: 1, event: 'Signup', name: 'x'.repeat(101) }],
  ])('answers 400 validation_error on field %s for %j', async (field, body) => {
    const res = await send('POST', '/api/goals', owner.cookie, body);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: expect.any(String), field } });
  });

  it('answers 409 conflict on field name for a name the site already has; another site may use it', async () => {
    const site = await createSite(t.app, owner.cookie);
    const other = await createSite(t.app, owner.cookie);
    await newGoal(owner.cookie, { site: site.id, event: 'Signup' });

    const again = await send('POST', '/api/goals', owner.cookie, { site: site.id, event: 'Signup' });
    const perCurrency = await send('POST', '/api/goals', owner.cookie, {
      site: site.id,
      event: 'Signup',
      currency: 'USD',
    });
    const elsewhere = await send('POST', '/api/goals', owner.cookie, { site: other.id, event: 'Signup' });

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'conflict', message: 'this site already has a goal of this name', field: 'name' },
    });
    expect(perCurrency.statusCode).toBe(201);
    expect(elsewhere.statusCode).toBe(201);
  });

  it("answers 404 for an unknown site and 403 for another user's, on field site, storing nothing", async () => {
    const theirs = await createSite(t.app, stranger.cookie);

    const unknown = await send('POST', '/api/goals', owner.cookie, { site: 99_999_999, event: 'x' });
    const forbidden = await send('POST', '/api/goals', owner.cookie, { site: theirs.id, event: 'x' });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'no such site', field: 'site' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: { code: 'forbidden', message: 'this site is not yours', field: 'site' },
    });
    const { rows } = await t.database.pool.query('SELECT 1 FROM goals WHERE site_id = $1', [theirs.id]);
    expect(rows).toEqual([]);
  });
});

describe('GET /api/goals?site=N', () => {
  it("answers 200 with the site's goals ordered by name, and no other site's", async () => {
    const site = await createSite(t.app, owner.cookie);
    const other = await createSite(t.app, owner.cookie);
    const b = await newGoal(owner.cookie, { site: site.id, path: '/b*' });
    const a = await newGoal(owner.cookie, { site: site.id, event: 'Activate' });
    await newGoal(owner.cookie, { site: other.id, event: 'Elsewhere' });

    const res = await send('GET', `/api/goals?site=${site.id}`, owner.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: a.id,
        site: site.id,
        name: 'Activate',
        event: 'Activate',
        path: null,
        currency: null,
        created_at: expect.stringMatching(ISO),
      },
      {
        id: b.id,
        site: site.id,
        name: 'Visit /b*',
        event: null,
        path: '/b*',
        currency: null,
        created_at: expect.stringMatching(ISO),
      },
    ]);
  });

  it.each(['/api/goals', '/api/goals?site=abc', '/api/goals?site=-1'])(
    'answers 400 validation_error on field site for %s',
    async (url) => {
      const res = await send('GET', url, owner.cookie);

      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'site' });
    },
  );

  it("answers 404 for an unknown site and 403 for another user's", async () => {
    const theirs = await createSite(t.app, stranger.cookie);

    expect((await send('GET', '/api/goals?site=99999999', owner.cookie)).statusCode).toBe(404);
    const forbidden = await send('GET', `/api/goals?site=${theirs.id}`, owner.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error).toMatchObject({ code: 'forbidden', field: 'site' });
  });
});

describe('DELETE /api/goals/:id', () => {
  it('answers 204 and removes the goal only: the events it counted stay as they were', async () => {
    const site = await createSite(t.app, owner.cookie);
    const goal = await newGoal(owner.cookie, { site: site.id, event: 'Signup' });
    const kept = await newGoal(owner.cookie, { site: site.id, path: '/' });
    await foldBatch(
      t.database.pool,
      rawEvents,
      messages([
        [
          hit({ site: site.id, visitor: 'v1', ts: T0 }),
          hit({ site: site.id, visitor: 'v1', ts: T0 + MIN, kind: 'custom', name: 'Signup' }),
        ],
      ]),
    );
    const events = () =>
      t.database.pool.query('SELECT kind, name, pathname FROM events WHERE site_id = $1 ORDER BY ts', [
        site.id,
      ]);
    const before = (await events()).rows;

    const res = await send('DELETE', `/api/goals/${goal.id}`, owner.cookie);
    const again = await send('DELETE', `/api/goals/${goal.id}`, owner.cookie);

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: { code: 'not_found', message: 'no such goal' } });
    expect(before).toEqual([
      { kind: 'pageview', name: null, pathname: '/' },
      { kind: 'custom', name: 'Signup', pathname: '/' },
    ]);
    expect((await events()).rows).toEqual(before);
    const list = await send('GET', `/api/goals?site=${site.id}`, owner.cookie);
    expect(list.json().data.map((g: { id: number }) => g.id)).toEqual([kept.id]);
  });

  it("answers 403 for another user's goal (kept) and 404 for an unknown or malformed id", async () => {
    const theirs = await createSite(t.app, stranger.cookie);
    const goal = await newGoal(stranger.cookie, { site: theirs.id, event: 'Signup' });

    const forbidden = await send('DELETE', `/api/goals/${goal.id}`, owner.cookie);

    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: { code: 'forbidden', message: 'this site is not yours' } });
    for (const id of ['99999999', 'abc', '99999999999999999999']) {
      const res = await send('DELETE', `/api/goals/${id}`, owner.cookie);
      expect(res.statusCode, id).toBe(404);
    }
    const list = await send('GET', `/api/goals?site=${theirs.id}`, stranger.cookie);
    expect(list.json().data).toHaveLength(1);
  });
});

describe('authentication', () => {
  it('answers 401 without a session and refuses an API key with 401, on every route', async () => {
    const site = await createSite(t.app, owner.cookie);
    const goal = await newGoal(owner.cookie, { site: site.id, event: 'Signup' });
    const { key } = await createKey(t.app, owner.cookie, site.id);
    const routes: [Method, string, object | undefined][] = [
      ['POST', '/api/goals', { site: site.id, event: 'By key' }],
      ['GET', `/api/goals?site=${site.id}`, undefined],
      ['DELETE', `/api/goals/${goal.id}`, undefined],
    ];

    for (const [method, url, payload] of routes) {
      const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      const byKey = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });

      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json()).toEqual({ error: { code: 'unauthorized', message: 'sign in first' } });
      expect(byKey.statusCode, `${method} ${url}`).toBe(401);
    }
    const list = await send('GET', `/api/goals?site=${site.id}`, owner.cookie);
    expect(list.json().data.map((g: { name: string }) => g.name)).toEqual(['Signup']);
  });
});
