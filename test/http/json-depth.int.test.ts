import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { postEdge, sign } from '../support/edge.js';

// Every JSON body and JSON-valued parameter outside the hit routes nests at most 16 levels: deeper
// is a 400 validation_error naming the key, before anything parses, validates or stores it.
let t: TestApp;
let cookie: string;
let site: number;
let ingestKey: string;
let key: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signUp(t.app));
  const created = await createSite(t.app, cookie, { domain: 'deep.example' });
  site = created.id;
  ingestKey = created.ingest_key;
  key = (await createKey(t.app, cookie, site)).key;
});
afterAll(() => t.close());

const arrays = (n: number) => '['.repeat(n) + ']'.repeat(n);
const refused = (field: string) => ({
  error: { code: 'validation_error', message: 'JSON may nest at most 16 levels', field },
});

describe('the 16-level bound outside the hit routes', () => {
  it('refuses a management body deeper than 16 levels, naming the top-level key', async () => {
    const post = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/sites',
        headers: { cookie, 'content-type': 'application/json' },
        payload,
      });
    const deep = await post(`{"domain":"deeper.example","hostnames":${arrays(16)}}`);
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toEqual(refused('hostnames'));
    expect((await post(arrays(17))).json()).toEqual(refused('body'));
    // 16 levels are not refused for their depth (the schema then says what is wrong).
    const at16 = await post(`{"domain":"deeper.example","hostnames":${arrays(15)}}`);
    expect(at16.statusCode).toBe(400);
    expect(at16.json().error.message).not.toContain('16 levels');
    // Nearly 1 MB of brackets is one pass, not a stack overflow.
    const brackets = await post('['.repeat(1000 * 1000));
    expect(brackets.statusCode).toBe(400);
    expect(brackets.json()).toEqual(refused('body'));
    // The default parser's other checks stay: a body that is no JSON, a prototype key.
    expect((await post('{"domain":')).json().error.code).toBe('bad_request');
    expect((await post('{"__proto__":{"x":1}}')).statusCode).toBe(400);
  });

  it('refuses a filters parameter deeper than 16 levels', async () => {
    const read = (filters: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/stats/overview?${new URLSearchParams({ site: String(site), filters })}`,
        headers: { cookie },
      });
    const deep = `[{"dimension":"pathname","op":"is","value":"/","x":${arrays(15)}}]`;
    const res = await read(deep);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'filters' });
    expect(res.json().error.message).toContain('nest at most 16 levels');
    const brackets = await read('['.repeat(20_000));
    expect(brackets.json().error).toMatchObject({ code: 'validation_error', field: 'filters' });
    expect(brackets.json().error.message).toContain('nest at most 16 levels');
  });

  it('refuses an edge body deeper than 16 levels, before its signature is checked', async () => {
    const body = `{"site_id":${site},"events":[{"hostname":"deep.example","extra":${arrays(15)}}]}`;
    const res = await postEdge(t.app, body, sign(body, ingestKey));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('events'));
    const brackets = await postEdge(t.app, '['.repeat(2 * 1024 * 1024 - 16), undefined);
    expect(brackets.statusCode).toBe(400);
    expect(brackets.json()).toEqual(refused('body'));
  });

  it('refuses a tool endpoint body deeper than 16 levels, once the key is checked', async () => {
    const post = (payload: string, authorization = `Bearer ${key}`) =>
      t.app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: { authorization, 'content-type': 'application/json' },
        payload,
      });
    const body = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":${arrays(15)}}}`;
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused('params'));
    expect((await post(arrays(17))).json()).toEqual(refused('body'));
    expect((await post('['.repeat(1000 * 1000))).json()).toEqual(refused('body'));
    expect((await post(arrays(17), 'Bearer nope')).statusCode).toBe(401);
  });
});
