import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createKey, createSite, type SiteWithKey, signUp } from '../support/accounts.js';

let t: TestApp;
let owner: { cookie: string; userId: number };
let site: SiteWithKey;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app);
  site = await createSite(t.app, owner.cookie, { domain: 'keys.example' });
  await createSite(t.app, owner.cookie, { domain: 'second.example' });
});
afterAll(async () => {
  await t?.close();
});

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('POST /api/keys', () => {
  it('answers 201 with the key shown once, scoped stats:read by default, stored only as its SHA-256', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: owner.cookie },
      payload: { name: 'dashboard', site: site.id },
    });

    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'dashboard',
      site: site.id,
      scopes: ['stats:read'],
      key: expect.stringMatching(/^tf_[A-Za-z0-9_-]{43}$/),
    });
    const { rows } = await t.database.pool.query(
      'SELECT to_jsonb(k) AS row, key_digest FROM api_keys k WHERE id = $1',
      [data.id],
    );
    expect(rows[0].key_digest).toEqual(createHash('sha256').update(data.key).digest());
    expect(JSON.stringify(rows[0].row)).not.toContain(data.key.slice(3));
  });

  it("answers 403 on field site for another user's site and for an unknown site", async () => {
    const other = await signUp(t.app);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: other.cookie },
      payload: { name: 'x', site: site.id },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: owner.cookie },
      payload: { name: 'x', site: 424242 },
    });

    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().error).toMatchObject({ code: 'forbidden', field: 'site' });
    expect(unknown.statusCode).toBe(403);
  });

  it('answers 400 on field scopes[0] for an unknown scope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie: owner.cookie },
      payload: { name: 'x', site: site.id, scopes: ['sites:write'] },
    });

    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'scopes[0]' });
  });
});

describe('an API key', () => {
  it('reads GET /api/sites as its one site', async () => {
    const { key } = await createKey(t.app, owner.cookie, site.id);

    const res = await t.app.inject({ url: '/api/sites', headers: bearer(key) });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: site.id,
          domain: 'keys.example',
          timezone: 'UTC',
          hostnames: ['keys.example'],
          excluded_paths: [],
          respect_dnt: false,
          role: 'owner',
        },
      ],
    });
  });

  it('is refused with 401 on management endpoints', async () => {
    const { key } = await createKey(t.app, owner.cookie, site.id);

    const create = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: bearer(key),
      payload: { domain: 'x.example' },
    });
    const keys = await t.app.inject({ url: '/api/keys', headers: bearer(key) });
    const one = await t.app.inject({ url: `/api/sites/${site.id}`, headers: bearer(key) });

    expect([create.statusCode, keys.statusCode, one.statusCode]).toEqual([401, 401, 401]);
  });

  it('that is unknown or malformed answers 401', async () => {
    const unknown = await t.app.inject({ url: '/api/sites', headers: bearer(`tf_${'A'.repeat(43)}`) });
    const malformed = await t.app.inject({ url: '/api/sites', headers: { authorization: 'Basic abc' } });

    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe('unauthorized');
    expect(malformed.statusCode).toBe(401);
  });

  it('records last_used_at on use', async () => {
    const { id, key } = await createKey(t.app, owner.cookie, site.id, 'used');
    await t.app.inject({ url: '/api/sites', headers: bearer(key) });

    const list = await t.app.inject({ url: '/api/keys', headers: { cookie: owner.cookie } });
    const row = list.json().data.find((k: { id: number }) => k.id === id);

    expect(Date.now() - Date.parse(row.last_used_at)).toBeLessThan(60_000);
  });
});

describe('GET /api/keys', () => {
  it("lists the user's live keys without the secret", async () => {
    const user = await signUp(t.app);
    const s = await createSite(t.app, user.cookie, { domain: 'list.example' });
    const a = await createKey(t.app, user.cookie, s.id, 'first');
    const b = await createKey(t.app, user.cookie, s.id, 'second');

    const res = await t.app.inject({ url: '/api/keys', headers: { cookie: user.cookie } });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: a.id,
          name: 'first',
          site: s.id,
          scopes: ['stats:read'],
          created_at: expect.any(String),
          last_used_at: null,
        },
        {
          id: b.id,
          name: 'second',
          site: s.id,
          scopes: ['stats:read'],
          created_at: expect.any(String),
          last_used_at: null,
        },
      ],
    });
  });
});

describe('DELETE /api/keys/:id', () => {
  it('answers 204; the key fails with 401 on its very next use while the session still works', async () => {
    const { id, key } = await createKey(t.app, owner.cookie, site.id, 'to revoke');
    expect((await t.app.inject({ url: '/api/sites', headers: bearer(key) })).statusCode).toBe(200);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/keys/${id}`,
      headers: { cookie: owner.cookie },
    });

    expect(del.statusCode).toBe(204);
    const next = await t.app.inject({ url: '/api/sites', headers: bearer(key) });
    expect(next.statusCode).toBe(401);
    expect(next.json().error.code).toBe('unauthorized');
    expect((await t.app.inject({ url: '/api/sites', headers: { cookie: owner.cookie } })).statusCode).toBe(
      200,
    );
    const list = await t.app.inject({ url: '/api/keys', headers: { cookie: owner.cookie } });
    expect(list.json().data.map((k: { id: number }) => k.id)).not.toContain(id);
  });

  it("answers 404 for another user's key, an unknown key and an already revoked one", async () => {
    const { id } = await createKey(t.app, owner.cookie, site.id);
    const other = await signUp(t.app);
    const del = (keyId: number | string, cookie: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/keys/${keyId}`, headers: { cookie } });

    expect((await del(id, other.cookie)).statusCode).toBe(404);
    expect((await del(999999, owner.cookie)).statusCode).toBe(404);
    expect((await del('abc', owner.cookie)).statusCode).toBe(404);
    expect((await del(id, owner.cookie)).statusCode).toBe(204);
    expect((await del(id, owner.cookie)).statusCode).toBe(404);
  });
});
