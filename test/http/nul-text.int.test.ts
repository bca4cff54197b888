import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';

let t: TestApp;
let cookie: string;
let site: number;
let key: string;
beforeAll(async () => {
  t = await buildTestApp();
  cookie = (await signUp(t.app)).cookie;
  site = (await createSite(t.app, cookie)).id;
  key = (await createKey(t.app, cookie, site)).key;
});
afterAll(() => t?.close());

const NUL = { code: 'validation_error', message: 'must not contain a NUL character' };

// A NUL cannot travel in a PostgreSQL text parameter: each of these answered 500 internal_error.
describe('text with a NUL character', () => {
  it('is refused in an API key name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/keys',
      headers: { cookie },
      payload: { name: 'a\u0000b', site },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { ...NUL, field: 'name' } });
  });

  it('is refused in excluded paths, on creation and on change', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { cookie },
      payload: { domain: 'nul.example', excluded_paths: ['/ok', '/a\u0000'] },
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ error: { ...NUL, field: 'excluded_paths[1]' } });
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/sites/${site}`,
      headers: { cookie },
      payload: { excluded_paths: ['/\u0000'] },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ error: { ...NUL, field: 'excluded_paths[0]' } });
  });

  it("is refused in journeys' start path", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stats/journeys?site=${site}&start=/a%00`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { ...NUL, field: 'start' } });
  });
});
