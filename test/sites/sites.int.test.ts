import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createKey, createSite, signUp } from '../support/accounts.js';

let t: TestApp;
let owner: { cookie: string; userId: number };
let stranger: { cookie: string; userId: number };
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app);
  stranger = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
});

function send(method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

describe('POST /api/sites', () => {
  it('answers 201 with the site, UTC by default, hostnames [domain] and an ik_ ingest key', async () => {
    const res = await send('POST', '/api/sites', owner.cookie, { domain: 'Blog.Example.COM.' });

    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      data: {
        id: expect.any(Number),
        domain: 'blog.example.com',
        timezone: 'UTC',
        hostnames: ['blog.example.com'],
        excluded_paths: [],
        respect_dnt: false,
        role: 'owner',
        ingest_key: expect.stringMatching(/^ik_[A-Za-z0-9_-]{43}$/),
      },
    });
  });

  it('keeps a given timezone and hostnames, including *.subdomain patterns', async () => {
    const site = await createSite(t.app, owner.cookie, {
      domain: 'shop.example',
      timezone: 'Europe/Berlin',
      hostnames: ['shop.example', '*.Shop.Example', 'shop.example'],
    });

    expect(site).toMatchObject({ timezone: 'Europe/Berlin', hostnames: ['shop.example', '*.shop.example'] });
  });

  it('stores an international domain in its ASCII form', async () => {
    const site = await createSite(t.app, owner.cookie, { domain: 'Bücher.example' });

    expect(site).toMatchObject({ domain: 'xn--bcher-kva.example', hostnames: ['xn--bcher-kva.example'] });
  });

  it.each([
    ['timezone', { domain: 'a.example', timezone: 'Mars/Olympus_Mons' }],
    ['domain', { domain: 'https://a.example/blog' }],
    ['domain', { domain: 'a.example:8080' }],
    ['domain', { domain: '*.a.example' }],
    ['domain', {}],
    ['hostnames[1]', { domain: 'a.example', hostnames: ['a.example', 'a example'] }],
  ])('answers 400 validation_error on field %s', async (field, body) => {
    const res = await send('POST', '/api/sites', owner.cookie, body);

    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: expect.any(String), field } });
  });

  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/sites', payload: { domain: 'a.example' } });

    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});

describe('GET /api/sites', () => {
  it("lists the user's own sites only, without ingest keys", async () => {
    const user = await signUp(t.app);
    const a = await createSite(t.app, user.cookie, { domain: 'one.example' });
    const b = await createSite(t.app, user.cookie, { domain: 'two.example', timezone: 'America/New_York' });
    await createSite(t.app, stranger.cookie, { domain: 'theirs.example' });

    const res = await send('GET', '/api/sites', user.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: a.id,
          domain: 'one.example',
          timezone: 'UTC',
          hostnames: ['one.example'],
          excluded_paths: [],
          respect_dnt: false,
          role: 'owner',
        },
        {
          id: b.id,
          domain: 'two.example',
          timezone: 'America/New_York',
          hostnames: ['two.example'],
          excluded_paths: [],
          respect_dnt: false,
          role: 'owner',
        },
      ],
    });
  });
});

describe('GET and PATCH /api/sites/:id', () => {
  it('answers the owner 200 with the site', async () => {
    const site = await createSite(t.app, owner.cookie, { domain: 'get.example' });

    const res = await send('GET', `/api/sites/${site.id}`, owner.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: site.id,
        domain: 'get.example',
        timezone: 'UTC',
        hostnames: ['get.example'],
        excluded_paths: [],
        respect_dnt: false,
        role: 'owner',
      },
    });
  });

  it('changes timezone and hostnames and answers 200 with the site', async () => {
    const site = await createSite(t.app, owner.cookie, { domain: 'patch.example' });

    const tz = await send('PATCH', `/api/sites/${site.id}`, owner.cookie, { timezone: 'Asia/Tokyo' });
    const hosts = await send('PATCH', `/api/sites/${site.id}`, owner.cookie, {
      hostnames: ['patch.example', 'www.patch.example'],
    });

    expect(tz.json()).toEqual({
      data: {
        id: site.id,
        domain: 'patch.example',
        timezone: 'Asia/Tokyo',
        hostnames: ['patch.example'],
        excluded_paths: [],
        respect_dnt: false,
        role: 'owner',
      },
    });
    expect(hosts.statusCode).toBe(200);
    expect(hosts.json().data).toEqual({
      id: site.id,
      domain: 'patch.example',
      timezone: 'Asia/Tokyo',
      hostnames: ['patch.example', 'www.patch.example'],
      excluded_paths: [],
      respect_dnt: false,
      role: 'owner',
    });
  });

  it('answers 400 on field timezone for an unknown zone and leaves the site unchanged', async () => {
    const site = await createSite(t.app, owner.cookie, { domain: 'tz.example' });

    const res = await send('PATCH', `/api/sites/${site.id}`, owner.cookie, { timezone: 'Europe/Atlantis' });

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'timezone' });
    expect((await send('GET', `/api/sites/${site.id}`, owner.cookie)).json().data.timezone).toBe('UTC');
  });

  it("answers 403 forbidden for another user's site and 404 not_found for an unknown id", async () => {
    const site = await createSite(t.app, owner.cookie, { domain: 'mine.example' });

    const theirs = await send('GET', `/api/sites/${site.id}`, stranger.cookie);
    const patch = await send('PATCH', `/api/sites/${site.id}`, stranger.cookie, { timezone: 'UTC' });
    const unknown = await send('GET', '/api/sites/999999', owner.cookie);
    const malformed = await send('GET', '/api/sites/abc', owner.cookie);

    expect([theirs.statusCode, patch.statusCode, unknown.statusCode, malformed.statusCode]).toEqual([
      403, 403, 404, 404,
    ]);
    expect(theirs.json().error.code).toBe('forbidden');
    expect(unknown.json().error.code).toBe('not_found');
  });
});

describe('GET /api/sites/:id/ingest-key', () => {
  it('shows the owner the key the site was created with, uncached; nobody else', async () => {
    const res = await send('POST', '/api/sites', owner.cookie, { domain: 'keys.example' });
    const { id, ingest_key } = res.json().data;
    const shown = await send('GET', `/api/sites/${id}/ingest-key`, owner.cookie);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toEqual({ data: { ingest_key } });

    const theirs = await send('GET', `/api/sites/${id}/ingest-key`, stranger.cookie);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error.code).toBe('forbidden');
    expect((await send('GET', `/api/sites/999999/ingest-key`, owner.cookie)).statusCode).toBe(404);
    // An API key reads figures, never the secret that signs the site's logs.
    const key = await createKey(t.app, owner.cookie, id, 'reader');
    const withKey = await t.app.inject({
      url: `/api/sites/${id}/ingest-key`,
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(withKey.statusCode).toBe(401);
    expect(withKey.body).not.toContain(ingest_key);
    expect((await t.app.inject({ url: `/api/sites/${id}/ingest-key` })).statusCode).toBe(401);
  });
});

describe('site ingest settings', () => {
  it('keeps excluded path patterns and the Do-Not-Track choice, and PATCH changes them', async () => {
    const owner2 = await signUp(t.app);
    const site = await createSite(t.app, owner2.cookie, {
      domain: 'settings.example',
      excluded_paths: ['/admin/*', '/admin/*'],
    });
    expect(site).toMatchObject({ excluded_paths: ['/admin/*'], respect_dnt: false });
    const res = await send('PATCH', `/api/sites/${site.id}`, owner2.cookie, {
      respect_dnt: true,
      excluded_paths: [],
    });
    expect(res.json().data).toMatchObject({ excluded_paths: [], respect_dnt: true });
    const bad = await send('PATCH', `/api/sites/${site.id}`, owner2.cookie, { excluded_paths: ['admin'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ code: 'validation_error', field: 'excluded_paths[0]' });
  });
});
