import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';

/*
 * `page` and `limit` are bounded on every paged read: at most 10,000 each, whole and positive.
 * Past the bound the read is refused before any SQL is built (a page of 10^15 once overflowed
 * Postgres' bigint OFFSET and answered 500).
 */
let t: TestApp;
let site: number;
let key: string;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await signUp(t.app);
  site = (await createSite(t.app, owner.cookie, { domain: 'paging.example', timezone: 'UTC' })).id;
  key = (await createKey(t.app, owner.cookie, site)).key;
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${key}` } });

/** Every read that pages, through each way it is reached. */
const PAGED = [
  '/api/stats/pages?',
  '/api/stats/breakdown?dimension=pathname&',
  '/api/stats/sources?',
  '/api/stats/events?',
  '/api/stats/sessions?',
  '/api/stats/visitors?',
  '/api/stats/errors?',
  '/api/stats/performance?',
  '/api/agents/breakdown?dimension=agent&',
  '/api/agents/coverage?',
  '/api/stats/pages?audience=all&',
  '/api/citation-gap?',
  '/api/content/decay?',
  '/api/policy/violations?',
  '/api/stats/export.csv?report=pages&',
  '/api/stats/export.pdf?report=sessions&',
];

const REFUSED: readonly (readonly [string, string, string])[] = [
  ['page', '10001', 'page must be at most 10000'],
  ['page', '1000000000000000', 'page must be at most 10000'],
  ['page', '1e15', 'page must be at most 10000'],
  ['page', '-1', 'page must be an integer from 1 to 10000'],
  ['page', '0', 'page must be an integer from 1 to 10000'],
  ['page', '1.5', 'page must be an integer from 1 to 10000'],
  ['page', 'x', 'page must be an integer from 1 to 10000'],
  ['limit', '10001', 'limit must be at most 10000'],
  ['limit', '1e15', 'limit must be at most 10000'],
];

describe('page and limit past their bounds', () => {
  for (const path of PAGED)
    for (const [field, value, message] of REFUSED)
      it(`${path}${field}=${value} → 400 validation_error on ${field}`, async () => {
        const res = await get(`${path}site=${site}&range=7d&${field}=${value}`);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: { code: 'validation_error', message, field } });
      });

  it('page=10000 and limit=10000 are the largest accepted: 200 with no rows', async () => {
    const res = await get(`/api/stats/pages?site=${site}&range=7d&page=10000&limit=10000`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});

describe('the tool endpoint', () => {
  const call = (args: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_pages', arguments: args },
      },
    });

  it('a page past the bound is invalid params on page, not an internal error', async () => {
    for (const page of [10_001, 1e15]) {
      const res = await call({ site, range: '7d', page });
      expect(res.statusCode).toBe(200);
      expect(res.json().error).toEqual({
        code: -32602,
        message: 'page must be at most 10000',
        data: { code: 'validation_error', field: 'page' },
      });
    }
  });

  it('a limit past the ceiling is still capped, not refused', async () => {
    const res = await call({ site, range: '7d', limit: 1e15 });
    expect(res.json().result.structuredContent.meta.capped).toEqual({ limit: 1000, requested: 1e15 });
  });
});
