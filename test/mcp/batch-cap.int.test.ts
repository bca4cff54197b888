import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';

/* A JSON-RPC batch to the tool endpoint holds at most 50 members; a larger one runs nothing. */
let t: TestApp;
let key: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await signUp(t.app);
  site = (await createSite(t.app, owner.cookie, { domain: 'batch.example', timezone: 'UTC' })).id;
  key = (await createKey(t.app, owner.cookie, site)).key;
});
afterAll(() => t?.close());

const post = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

const pings = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: '2.0', id: i, method: 'ping' }));

const TOO_LARGE = {
  jsonrpc: '2.0',
  id: null,
  error: {
    code: -32600,
    message: 'a batch holds at most 50 members',
    data: { code: 'bad_request' },
  },
};

describe('the batch cap', () => {
  it('51 pings: one -32600 error with data.code bad_request, no member answered', async () => {
    const res = await post(pings(51));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(TOO_LARGE);
  });

  it('20,000 pings: the same one error, nothing run', async () => {
    const started = performance.now();
    const res = await post(pings(20_000));
    expect(res.json()).toEqual(TOO_LARGE);
    // A hang detector only: the refusal comes before any member would run.
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('5,000 tool calls (most a 1 MB body holds): the same one error, no read made', async () => {
    const calls = Array.from({ length: 5_000 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: 'get_pages', arguments: { site, range: '7d' } },
    }));
    let reads = 0;
    const counted = t.deps.readDb.query.bind(t.deps.readDb);
    t.deps.readDb.query = ((...args: Parameters<typeof counted>) => {
      reads += 1;
      return counted(...args);
    }) as typeof counted;
    try {
      expect((await post(calls)).json()).toEqual(TOO_LARGE);
    } finally {
      t.deps.readDb.query = counted;
    }
    expect(reads).toBe(0);
  });

  it('a batch of 50 is answered whole, in order', async () => {
    const res = await post([
      ...pings(49),
      {
        jsonrpc: '2.0',
        id: 'pages',
        method: 'tools/call',
        params: { name: 'get_pages', arguments: { site } },
      },
    ]);
    const replies = res.json();
    expect(replies).toHaveLength(50);
    expect(replies.slice(0, 49)).toEqual(pings(49).map(({ id }) => ({ jsonrpc: '2.0', id, result: {} })));
    expect(replies[49].id).toBe('pages');
    expect(replies[49].result.structuredContent.data).toEqual([]);
  });
});
