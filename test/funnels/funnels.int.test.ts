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
const STEPS = [{ path: '/' }, { path: '/pricing' }, { event: 'Signup' }];

let seq = 0;
async function newFunnel(cookie: string, site: number, body: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/funnels', cookie, {
    site,
    name: `funnel ${++seq}`,
    steps: STEPS,
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`create funnel answered ${res.statusCode}: ${res.body}`);
  return res.json().data as { id: number; name: string };
}

describe('POST /api/funnels', () => {
  it('answers 201 with the funnel: its steps in order, window_minutes null when not given', async () => {
    const site = await createSite(t.app, owner.cookie);

    const res = await send('POST', '/api/funnels', owner.cookie, {
      site: site.id,
      name: ' Signup ',
      steps: STEPS,
    });
    const windowed = await send('POST', '/api/funnels', owner.cookie, {
      site: site.id,
      name: 'Quick signup',
      steps: [{ event: 'Start' }, { path: '/blog/*' }],
      window_minutes: 30,
    });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        id: expect.any(Number),
        site: site.id,
        name: 'Signup',
        steps: STEPS,
        window_minutes: null,
        created_at: expect.stringMatching(ISO),
      },
    });
    expect(windowed.statusCode).toBe(201);
    expect(windowed.json().data).toMatchObject({
      steps: [{ event: 'Start' }, { path: '/blog/*' }],
      window_minutes: 30,
    });
  });

  it('takes 2 and 8 steps', async () => {
    const site = await createSite(t.app, owner.cookie);
    const eight = Array.from({ length: 8 }, (_, i) => ({ path: `/step-${i}` }));

    const two = await send('POST', '/api/funnels', owner.cookie, {
      site: site.id,
      name: 'two',
      steps: STEPS.slice(0, 2),
    });
    const most = await send('POST', '/api/funnels', owner.cookie, {
      site: site.id,
      name: 'eight',
      steps: eight,
    });

    expect(two.statusCode).toBe(201);
    expect(most.statusCode).toBe(201);
    expect(most.json().data.steps).toEqual(eight);
  });

  it.each([
    ['site', { name: 'n', steps: STEPS }],
    ['name', { site: 1, steps: STEPS }],
    ['name', { site: 1, name: ' ', steps: STEPS }],
    ['steps', { site: 1, name: 'n' }],
    ['steps', { site: 1, name: 'n', steps: [{ path: '/' }] }],
    ['steps', { site: 1, name: 'n', steps: Array.from({ length: 9 }, () => ({ path: '/' })) }],
    ['steps', { site: 1, name: 'n', steps: 'abc' }],
    ['steps[1]', { site: 1, name: 'n', steps: [{ path: '/' }, { path: '/a', event: 'b' }] }],
    ['steps[1]', { site: 1, name: 'n', steps: [{ path: '/' }, {}] }],
    ['steps[0]', { site: 1, name: 'n', steps: ['/', { path: '/' }] }],
    ['steps[0].path', { site: 1, name: 'n', steps: [{ path: 'pricing' }, { path: '/' }] }],
    ['steps[1].event', { site: 1, name: 'n', steps: [{ path: '/' }, { event: '' }] }],
    ['window_minutes', { site: 1, name: 'n', steps: STEPS, window_minutes: 0 }],
    ['window_minutes', { site: 1, name: 'n', steps: STEPS, window_minutes: 1.5 }],
    ['window_minutes', { site: 1, name: 'n', steps: STEPS, window_minutes: 1441 }],
    ['window_minutes', { site: 1, name: 'n', steps: STEPS, window_minutes: '30' }],
  ])('answers 400 validation_error on field %s for %j', async (field, body) => {
    const res = await send('POST', '/api/funnels', owner.cookie, body);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: expect.any(String), field } });
  });

  it('answers 409 conflict on field name for a name the site already has', async () => {
    const site = await createSite(t.app, owner.cookie);
    await newFunnel(owner.cookie, site.id, { name: 'Checkout' });

    const again = await send('POST', '/api/funnels', owner.cookie, {
      site: site.id,
      name: 'Checkout',
      steps: STEPS,
    });

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'conflict', message: 'this site already has a funnel of this name', field: 'name' },
    });
  });

  it("answers 404 for an unknown site and 403 for another user's, on field site", async () => {
    const theirs = await createSite(t.app, stranger.cookie);

    const unknown = await send('POST', '/api/funnels', owner.cookie, {
      site: 99_999_999,
      name: 'n',
      steps: STEPS,
    });
    const forbidden = await send('POST', '/api/funnels', owner.cookie, {
      site: theirs.id,
      name: 'n',
      steps: STEPS,
    });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'no such site', field: 'site' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: { code: 'forbidden', message: 'this site is not yours', field: 'site' },
    });
  });
});

describe('GET /api/funnels?site=N', () => {
  it("answers 200 with the site's funnels by name, and no other site's", async () => {
    const site = await createSite(t.app, owner.cookie);
    const other = await createSite(t.app, owner.cookie);
    const b = await newFunnel(owner.cookie, site.id, { name: 'beta' });
    const a = await newFunnel(owner.cookie, site.id, { name: 'alpha', window_minutes: 10 });
    await newFunnel(owner.cookie, other.id, { name: 'aardvark' });

    const res = await send('GET', `/api/funnels?site=${site.id}`, owner.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        id: a.id,
        site: site.id,
        name: 'alpha',
        steps: STEPS,
        window_minutes: 10,
        created_at: expect.stringMatching(ISO),
      },
      {
        id: b.id,
        site: site.id,
        name: 'beta',
        steps: STEPS,
        window_minutes: null,
        created_at: expect.stringMatching(ISO),
      },
    ]);
  });

  it("answers 400 on field site without one, 404 for an unknown site and 403 for another user's", async () => {
    const theirs = await createSite(t.app, stranger.cookie);

    const missing = await send('GET', '/api/funnels', owner.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 'validation_error', field: 'site' });
    expect((await send('GET', '/api/funnels?site=99999999', owner.cookie)).statusCode).toBe(404);
    expect((await send('GET', `/api/funnels?site=${theirs.id}`, owner.cookie)).statusCode).toBe(403);
  });
});

describe('DELETE /api/funnels/:id', () => {
  it('answers 204 and removes the funnel only: the events stay as they were', async () => {
    const site = await createSite(t.app, owner.cookie);
    const funnel = await newFunnel(owner.cookie, site.id);
    await foldBatch(
      t.database.pool,
      rawEvents,
      messages([
        [
          hit({ site: site.id, visitor: 'v1', ts: T0 }),
          hit({ site: site.id, visitor: 'v1', ts: T0 + MIN, pathname: '/pricing' }),
        ],
      ]),
    );
    const events = () =>
      t.database.pool.query('SELECT kind, pathname FROM events WHERE site_id = $1 ORDER BY ts', [site.id]);
    const before = (await events()).rows;

    const res = await send('DELETE', `/api/funnels/${funnel.id}`, owner.cookie);
    const again = await send('DELETE', `/api/funnels/${funnel.id}`, owner.cookie);

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: { code: 'not_found', message: 'no such funnel' } });
    expect(before).toEqual([
      { kind: 'pageview', pathname: '/' },
      { kind: 'pageview', pathname: '/pricing' },
    ]);
    expect((await events()).rows).toEqual(before);
    expect((await send('GET', `/api/funnels?site=${site.id}`, owner.cookie)).json().data).toEqual([]);
  });

  it("answers 403 for another user's funnel (kept) and 404 for an unknown or malformed id", async () => {
    const theirs = await createSite(t.app, stranger.cookie);
    const funnel = await newFunnel(stranger.cookie, theirs.id);

    const forbidden = await send('DELETE', `/api/funnels/${funnel.id}`, owner.cookie);

    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ error: { code: 'forbidden', message: 'this site is not yours' } });
    for (const id of ['99999999', 'abc', '-1']) {
      const res = await send('DELETE', `/api/funnels/${id}`, owner.cookie);
      expect(res.statusCode, id).toBe(404);
    }
    expect((await send('GET', `/api/funnels?site=${theirs.id}`, stranger.cookie)).json().data).toHaveLength(
      1,
    );
  });
});

describe('authentication', () => {
  it('answers 401 without a session and refuses an API key with 401, on every route', async () => {
    const site = await createSite(t.app, owner.cookie);
    const funnel = await newFunnel(owner.cookie, site.id, { name: 'kept' });
    const { key } = await createKey(t.app, owner.cookie, site.id);
    const routes: [Method, string, object | undefined][] = [
      ['POST', '/api/funnels', { site: site.id, name: 'by key', steps: STEPS }],
      ['GET', `/api/funnels?site=${site.id}`, undefined],
      ['DELETE', `/api/funnels/${funnel.id}`, undefined],
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
      expect(byKey.statusCode, `${method} ${url}`).toBe(401);
      expect(byKey.json().error.code).toBe('unauthorized');
    }
    const list = await send('GET', `/api/funnels?site=${site.id}`, owner.cookie);
    expect(list.json().data.map((f: { name: string }) => f.name)).toEqual(['kept']);
  });
});
