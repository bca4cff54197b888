import cookiePlugin from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '../../src/auth/routes.js';
import type { AppDeps } from '../../src/http/deps.js';
import { AppError } from '../../src/errors/app-error.js';
import { registerErrorHandlers } from '../../src/http/errors.js';
import { segmentRoutes } from '../../src/segments/routes.js';
import { loadSegmentFilters } from '../../src/segments/segments.js';
import { keyRoutes } from '../../src/sites/key-routes.js';
import { siteRoutes } from '../../src/sites/routes.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';

/**
 * The app's own pieces (error envelope, cookies, auth, sites, keys) with the segment routes at
 * `/api/segments`, as `src/app.ts` registers them. Once app.ts registers the segment routes
 * itself, the real app is used instead.
 */
async function segmentsApp(t: TestApp): Promise<FastifyInstance> {
  if (t.app.hasRoute({ method: 'POST', url: '/api/segments' })) return t.app;
  const deps: AppDeps = t.deps;
  const app = Fastify({ bodyLimit: 1024 * 1024 });
  registerErrorHandlers(app);
  await app.register(cookiePlugin);
  await app.register(authRoutes, { deps, prefix: '/api/auth' });
  await app.register(siteRoutes, { deps, prefix: '/api/sites' });
  await app.register(keyRoutes, { deps, prefix: '/api/keys' });
  await app.register(segmentRoutes, { deps, prefix: '/api/segments' });
  await app.ready();
  return app;
}

let t: TestApp;
let app: FastifyInstance;
let owner: { cookie: string; userId: number };
let stranger: { cookie: string; userId: number };
beforeAll(async () => {
  t = await buildTestApp();
  app = await segmentsApp(t);
  owner = await signUp(app);
  stranger = await signUp(app);
});
afterAll(async () => {
  if (app !== t?.app) await app?.close();
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function send(method: Method, url: string, cookie: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const PRICING = { dimension: 'pathname', op: 'is', value: '/pricing' };
const GERMANY = { dimension: 'country', op: 'is', value: 'DE' };

let seq = 0;
async function newSegment(cookie: string, site: number, body: Record<string, unknown> = {}) {
  const res = await send('POST', '/api/segments', cookie, {
    site,
    name: `segment ${++seq}`,
    filters: [PRICING],
    ...body,
  });
  if (res.statusCode !== 201) throw new Error(`create segment answered ${res.statusCode}: ${res.body}`);
  return res.json().data as { id: number; site: number; name: string; filters: unknown; created_at: string };
}

describe('POST /api/segments', () => {
  it('answers 201 with the segment; a top-level array is stored as an and group, the name trimmed', async () => {
    const site = await createSite(app, owner.cookie);

    const res = await send('POST', '/api/segments', owner.cookie, {
      site: site.id,
      name: '  Pricing from Germany ',
      filters: [PRICING, GERMANY],
    });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        id: expect.any(Number),
        site: site.id,
        name: 'Pricing from Germany',
        filters: { and: [PRICING, GERMANY] },
        created_at: expect.stringMatching(ISO),
      },
    });
    expect(Math.abs(Date.now() - Date.parse(res.json().data.created_at))).toBeLessThan(60_000);
    const { rows } = await t.database.pool.query(
      'SELECT site_id, name, filters, updated_at = created_at AS fresh FROM segments WHERE id = $1',
      [res.json().data.id],
    );
    expect(rows).toEqual([
      { site_id: site.id, name: 'Pricing from Germany', filters: { and: [PRICING, GERMANY] }, fresh: true },
    ]);
  });

  it('keeps a group as given, nested or/not included', async () => {
    const site = await createSite(app, owner.cookie);
    const filters = { or: [PRICING, { not: GERMANY }, { dimension: 'props.plan', op: 'is', value: 'pro' }] };

    const res = await send('POST', '/api/segments', owner.cookie, { site: site.id, name: 'mixed', filters });

    expect(res.statusCode).toBe(201);
    expect(res.json().data.filters).toEqual(filters);
  });

  it.each([
    ['site', { name: 'n', filters: [PRICING] }],
    ['site', { site: 'abc', name: 'n', filters: [PRICING] }],
    ['site', { site: 0, name: 'n', filters: [PRICING] }],
    ['site', { site: 1.5, name: 'n', filters: [PRICING] }],
    ['name', { site: 1, filters: [PRICING] }],
    ['name', { site: 1, name: '   ', filters: [PRICING] }],
    ['name', { site: 1, name: 'x'.repeat(101), filters: [PRICING] }],
    ['name', { site: 1, name: 'a\u0000b', filters: [PRICING] }],
    ['filters', { site: 1, name: 'n' }],
    ['filters', { site: 1, name: 'n', filters: null }],
    ['filters', { site: 1, name: 'n', filters: '[]' }],
  ])('answers 400 validation_error on field %s for %j', async (field, body) => {
    const res = await send('POST', '/api/segments', owner.cookie, body);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: expect.any(String), field } });
  });

  it('accepts a name of exactly 100 characters', async () => {
    const site = await createSite(app, owner.cookie);

    const res = await send('POST', '/api/segments', owner.cookie, {
      site: site.id,
      name: 'x'.repeat(100),
      filters: [PRICING],
    });

    expect(res.statusCode).toBe(201);
    expect(res.json().data.name).toBe('x'.repeat(100));
  });

  it.each([
    [
      [{ dimension: 'pathname', op: 'gt', value: 1 }],
      'filters[0].op: gt needs a numeric dimension; pathname is text',
    ],
    [{ dimension: 'asn', op: 'is', value: 'many' }, 'filters.value: asn is numeric; "many" is not a number'],
    [
      { and: [PRICING, { or: [{ dimension: 'country', op: 'almost', value: 'DE' }] }] },
      /^filters\.and\[1\]\.or\[0\]\.op: unknown operator "almost"/,
    ],
    // Segments are over human hits: an agent dimension is not in the catalog.
    [
      [{ dimension: 'operator', op: 'is', value: 'OpenAI' }],
      /^filters\[0\]\.dimension: unknown dimension "operator"; one of pathname, /,
    ],
  ])(
    "answers 400 validation_error on field filters for a bad tree %j, with the parser's message",
    async (filters, message) => {
      const site = await createSite(app, owner.cookie);

      const res = await send('POST', '/api/segments', owner.cookie, { site: site.id, name: 'bad', filters });

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'validation_error', message: expect.any(String), field: 'filters' },
      });
      expect(res.json().error.message).toMatch(message);
      const { rows } = await t.database.pool.query('SELECT 1 FROM segments WHERE site_id = $1', [site.id]);
      expect(rows).toEqual([]);
    },
  );

  it('answers 409 conflict on field name for a name the site already has; another site may use it', async () => {
    const site = await createSite(app, owner.cookie);
    const other = await createSite(app, owner.cookie);
    await newSegment(owner.cookie, site.id, { name: 'Checkout' });

    const again = await send('POST', '/api/segments', owner.cookie, {
      site: site.id,
      name: ' Checkout',
      filters: [GERMANY],
    });
    const elsewhere = await send('POST', '/api/segments', owner.cookie, {
      site: other.id,
      name: 'Checkout',
      filters: [GERMANY],
    });

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: { code: 'conflict', message: 'this site already has a segment of this name', field: 'name' },
    });
    expect(elsewhere.statusCode).toBe(201);
    const { rows } = await t.database.pool.query('SELECT filters FROM segments WHERE site_id = $1', [
      site.id,
    ]);
    expect(rows).toEqual([{ filters: { and: [PRICING] } }]);
  });

  it("answers 404 not_found for an unknown site and 403 forbidden for another user's, on field site", async () => {
    const theirs = await createSite(app, stranger.cookie);

    const unknown = await send('POST', '/api/segments', owner.cookie, {
      site: 99_999_999,
      name: 'n',
      filters: [PRICING],
    });
    const forbidden = await send('POST', '/api/segments', owner.cookie, {
      site: theirs.id,
      name: 'n',
      filters: [PRICING],
    });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'no such site', field: 'site' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: { code: 'forbidden', message: 'this site is not yours', field: 'site' },
    });
    const { rows } = await t.database.pool.query('SELECT 1 FROM segments WHERE site_id = $1', [theirs.id]);
    expect(rows).toEqual([]);
  });
});

describe('GET /api/segments?site=N', () => {
  it("answers 200 with the site's segments ordered by name, and no other site's", async () => {
    const site = await createSite(app, owner.cookie);
    const other = await createSite(app, owner.cookie);
    const b = await newSegment(owner.cookie, site.id, { name: 'beta', filters: [GERMANY] });
    const a = await newSegment(owner.cookie, site.id, { name: 'alpha' });
    const c = await newSegment(owner.cookie, site.id, { name: 'gamma', filters: { not: PRICING } });
    await newSegment(owner.cookie, other.id, { name: 'aardvark' });

    const res = await send('GET', `/api/segments?site=${site.id}`, owner.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: a.id, site: site.id, name: 'alpha', filters: { and: [PRICING] }, created_at: a.created_at },
        { id: b.id, site: site.id, name: 'beta', filters: { and: [GERMANY] }, created_at: b.created_at },
        { id: c.id, site: site.id, name: 'gamma', filters: { not: PRICING }, created_at: c.created_at },
      ],
    });
  });

  it('answers 200 with an empty list for a site without segments', async () => {
    const site = await createSite(app, owner.cookie);

    const res = await send('GET', `/api/segments?site=${site.id}`, owner.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it.each(['/api/segments', '/api/segments?site=', '/api/segments?site=abc', '/api/segments?site=-3'])(
    'answers 400 validation_error on field site for %s',
    async (url) => {
      const res = await send('GET', url, owner.cookie);

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'validation_error', message: expect.any(String), field: 'site' },
      });
    },
  );

  it("answers 404 for an unknown site and 403 for another user's", async () => {
    const theirs = await createSite(app, stranger.cookie);
    await newSegment(stranger.cookie, theirs.id);

    const unknown = await send('GET', '/api/segments?site=99999999', owner.cookie);
    const forbidden = await send('GET', `/api/segments?site=${theirs.id}`, owner.cookie);

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'no such site', field: 'site' } });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: { code: 'forbidden', message: 'this site is not yours', field: 'site' },
    });
  });
});

describe('GET /api/segments/:id', () => {
  it('answers the owner 200 with the segment', async () => {
    const site = await createSite(app, owner.cookie);
    const seg = await newSegment(owner.cookie, site.id, { name: 'one', filters: { or: [PRICING, GERMANY] } });

    const res = await send('GET', `/api/segments/${seg.id}`, owner.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: seg.id,
        site: site.id,
        name: 'one',
        filters: { or: [PRICING, GERMANY] },
        created_at: seg.created_at,
      },
    });
  });

  it("answers 403 forbidden for another user's segment and 404 not_found for an unknown or malformed id", async () => {
    const theirs = await createSite(app, stranger.cookie);
    const seg = await newSegment(stranger.cookie, theirs.id);

    const forbidden = await send('GET', `/api/segments/${seg.id}`, owner.cookie);
    const unknown = await send('GET', '/api/segments/99999999', owner.cookie);
    const malformed = await send('GET', '/api/segments/abc', owner.cookie);
    const huge = await send('GET', '/api/segments/99999999999999999999', owner.cookie);

    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({
      error: { code: 'forbidden', message: 'this site is not yours' },
    });
    for (const res of [unknown, malformed, huge]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'no such segment' } });
    }
  });
});

describe('PATCH /api/segments/:id', () => {
  it('changes the name, the filters or both, answers 200 with the segment and moves updated_at', async () => {
    const site = await createSite(app, owner.cookie);
    const seg = await newSegment(owner.cookie, site.id, { name: 'before' });

    const renamed = await send('PATCH', `/api/segments/${seg.id}`, owner.cookie, { name: ' after ' });
    const refiltered = await send('PATCH', `/api/segments/${seg.id}`, owner.cookie, { filters: GERMANY });
    const both = await send('PATCH', `/api/segments/${seg.id}`, owner.cookie, {
      name: 'both',
      filters: [PRICING, GERMANY],
    });

    const view = { id: seg.id, site: site.id, created_at: seg.created_at };
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ data: { ...view, name: 'after', filters: { and: [PRICING] } } });
    expect(refiltered.statusCode).toBe(200);
    expect(refiltered.json()).toEqual({ data: { ...view, name: 'after', filters: GERMANY } });
    expect(both.statusCode).toBe(200);
    expect(both.json()).toEqual({ data: { ...view, name: 'both', filters: { and: [PRICING, GERMANY] } } });
    expect((await send('GET', `/api/segments/${seg.id}`, owner.cookie)).json()).toEqual(both.json());
    const { rows } = await t.database.pool.query(
      'SELECT updated_at > created_at AS moved FROM segments WHERE id = $1',
      [seg.id],
    );
    expect(rows).toEqual([{ moved: true }]);
  });

  it('keeps a name that is the segment’s own', async () => {
    const site = await createSite(app, owner.cookie);
    const seg = await newSegment(owner.cookie, site.id, { name: 'same' });

    const res = await send('PATCH', `/api/segments/${seg.id}`, owner.cookie, { name: 'same', filters: [] });

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'same', filters: { and: [] } });
  });

  it.each([
    ['name', { name: '' }],
    ['name', { name: 'x'.repeat(101) }],
    ['filters', { filters: [{ dimension: 'nope', op: 'is', value: 'x' }] }],
    ['filters', { filters: null }],
    ['filters', { name: 'fine', filters: 42 }],
  ])(
    'answers 400 validation_error (field %s) for %j and leaves the segment unchanged',
    async (field, body) => {
      const site = await createSite(app, owner.cookie);
      const seg = await newSegment(owner.cookie, site.id, { name: 'unchanged' });

      const res = await send('PATCH', `/api/segments/${seg.id}`, owner.cookie, body);

      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'validation_error', message: expect.any(String), field },
      });
      expect((await send('GET', `/api/segments/${seg.id}`, owner.cookie)).json().data).toEqual(seg);
    },
  );

  it('answers 400 validation_error without a field when neither name nor filters is sent', async () => {
    const site = await createSite(app, owner.cookie);
    const seg = await newSegment(owner.cookie, site.id);

    const empty = await send('PATCH', `/api/segments/${seg.id}`, owner.cookie, {});
    const none = await app.inject({
      method: 'PATCH',
      url: `/api/segments/${seg.id}`,
      headers: { cookie: owner.cookie },
    });

    for (const res of [empty, none]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'validation_error', message: 'send name, filters or both' },
      });
    }
  });

  it('answers 409 conflict on field name when renaming to a name the site already has', async () => {
    const site = await createSite(app, owner.cookie);
    await newSegment(owner.cookie, site.id, { name: 'taken' });
    const seg = await newSegment(owner.cookie, site.id, { name: 'free' });

    const res = await send('PATCH', `/api/segments/${seg.id}`, owner.cookie, {
      name: 'taken',
      filters: [GERMANY],
    });

    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'conflict', message: 'this site already has a segment of this name', field: 'name' },
    });
    expect((await send('GET', `/api/segments/${seg.id}`, owner.cookie)).json().data).toEqual(seg);
  });

  it("answers 403 for another user's segment (unchanged) and 404 for an unknown one", async () => {
    const theirs = await createSite(app, stranger.cookie);
    const seg = await newSegment(stranger.cookie, theirs.id, { name: 'theirs' });

    const forbidden = await send('PATCH', `/api/segments/${seg.id}`, owner.cookie, { name: 'mine now' });
    const unknown = await send('PATCH', '/api/segments/99999999', owner.cookie, { name: 'x' });

    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.code).toBe('forbidden');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    expect((await send('GET', `/api/segments/${seg.id}`, stranger.cookie)).json().data).toEqual(seg);
  });
});

describe('DELETE /api/segments/:id', () => {
  it('answers 204 with no body; the segment is gone and a second delete answers 404', async () => {
    const site = await createSite(app, owner.cookie);
    const seg = await newSegment(owner.cookie, site.id);
    const kept = await newSegment(owner.cookie, site.id);

    const res = await send('DELETE', `/api/segments/${seg.id}`, owner.cookie);
    const again = await send('DELETE', `/api/segments/${seg.id}`, owner.cookie);

    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await send('GET', `/api/segments/${seg.id}`, owner.cookie)).statusCode).toBe(404);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: { code: 'not_found', message: 'no such segment' } });
    expect((await send('GET', `/api/segments?site=${site.id}`, owner.cookie)).json()).toEqual({
      data: [kept],
    });
  });

  it("answers 403 for another user's segment and leaves it in place", async () => {
    const theirs = await createSite(app, stranger.cookie);
    const seg = await newSegment(stranger.cookie, theirs.id);

    const res = await send('DELETE', `/api/segments/${seg.id}`, owner.cookie);

    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'this site is not yours' } });
    expect((await send('GET', `/api/segments/${seg.id}`, stranger.cookie)).statusCode).toBe(200);
  });
});

describe('authentication', () => {
  let siteId: number;
  let segmentId: number;
  let key: string;
  beforeAll(async () => {
    const site = await createSite(app, owner.cookie);
    siteId = site.id;
    segmentId = (await newSegment(owner.cookie, site.id)).id;
    key = (await createKey(app, owner.cookie, site.id)).key;
  });

  const routes = (): [Method, string, object | undefined][] => [
    ['POST', '/api/segments', { site: siteId, name: 'by key', filters: [PRICING] }],
    ['GET', `/api/segments?site=${siteId}`, undefined],
    ['GET', `/api/segments/${segmentId}`, undefined],
    ['PATCH', `/api/segments/${segmentId}`, { name: 'by key' }],
    ['DELETE', `/api/segments/${segmentId}`, undefined],
  ];

  it('answers 401 unauthorized on every route without a session', async () => {
    for (const [method, url, payload] of routes()) {
      const res = await app.inject({ method, url, ...(payload ? { payload } : {}) });

      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'sign in first' } });
    }
  });

  it("refuses an API key with 401 on every route, even one with stats:read on the segment's site", async () => {
    for (const [method, url, payload] of routes()) {
      const res = await app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(payload ? { payload } : {}),
      });

      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({
        error: {
          code: 'unauthorized',
          message: 'API keys only read; managing an account needs a signed-in session',
        },
      });
    }
    const { rows } = await t.database.pool.query('SELECT name FROM segments WHERE site_id = $1', [siteId]);
    expect(rows).toHaveLength(1);
    expect(rows[0].name).not.toBe('by key');
  });
});

describe('deleting a site', () => {
  it('deletes its segments and no other site’s', async () => {
    const site = await createSite(app, owner.cookie);
    const other = await createSite(app, owner.cookie);
    const a = await newSegment(owner.cookie, site.id);
    await newSegment(owner.cookie, site.id);
    const kept = await newSegment(owner.cookie, other.id);

    await t.database.pool.query('DELETE FROM sites WHERE id = $1', [site.id]);

    const { rows } = await t.database.pool.query<{ id: number }>(
      'SELECT id FROM segments WHERE site_id = ANY($1::bigint[]) ORDER BY id',
      [[site.id, other.id]],
    );
    expect(rows.map((r) => Number(r.id))).toEqual([kept.id]);
    expect((await send('GET', `/api/segments/${a.id}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('loadSegmentFilters', () => {
  it("returns the segment's stored tree for its own site", async () => {
    const site = await createSite(app, owner.cookie);
    const seg = await newSegment(owner.cookie, site.id, { filters: [PRICING, { not: GERMANY }] });

    await expect(loadSegmentFilters(t.deps.db, site.id, seg.id)).resolves.toEqual({
      and: [PRICING, { not: GERMANY }],
    });
  });

  it("throws 404 not_found (field segment) for another site's segment, even the same owner's, and for an unknown id", async () => {
    const site = await createSite(app, owner.cookie);
    const sibling = await createSite(app, owner.cookie);
    const theirs = await createSite(app, stranger.cookie);
    const own = await newSegment(owner.cookie, site.id);
    const foreign = await newSegment(stranger.cookie, theirs.id);

    for (const [siteId, segmentId] of [
      [sibling.id, own.id],
      [site.id, foreign.id],
      [site.id, 99_999_999],
      [site.id, 2 ** 64],
      [site.id, -1],
      [99_999_999, own.id],
    ]) {
      const err = await loadSegmentFilters(t.deps.db, siteId!, segmentId!).catch((e: unknown) => e);

      expect(err, `site ${siteId} segment ${segmentId}`).toBeInstanceOf(AppError);
      expect(err).toMatchObject({
        code: 'not_found',
        status: 404,
        field: 'segment',
        message: 'no such segment for this site',
      });
    }
  });
});
