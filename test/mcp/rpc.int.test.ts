import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, MIN, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * Raw JSON-RPC against POST /api/mcp. The designed data: 1,005 agent fetches of 1,005 distinct
 * paths (/p0 … /p1004) in the hour from T0, one a minute-fraction apart, so a breakdown by
 * pathname has 1,005 rows: more than the tool ceiling of 1,000.
 */
const PATHS = 1_005;
const HOUR = 60 * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const WINDOW = { start: iso(T0), end: iso(T0 + HOUR) };
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;
let key: string;
let otherSite: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'rpc.example', timezone: 'UTC' })).id;
  key = (await createKey(app, cookie, site)).key;
  const other = await signUp(app);
  otherSite = (await createSite(app, other.cookie, { domain: 'other.example' })).id;
  const crawl = Array.from({ length: PATHS }, (_, i) =>
    fetched({ site, ts: T0 + Math.floor((i * HOUR) / PATHS), pathname: `/p${i}` }),
  );
  await foldBatch(t.deps.db, agentFetchesProjection(loadCatalog()), messages([crawl]));
});
afterAll(() => t?.close());

function post(payload: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const request = (id: number | string, method: string, params?: object) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params ? { params } : {}),
});
const call = (id: number, name: string, args: object) => request(id, 'tools/call', { name, arguments: args });
const INITIALIZE = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  clientInfo: { name: 'rpc-test', version: '1.0.0' },
};

async function reply(payload: unknown) {
  const res = await post(payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /api/mcp: the protocol', () => {
  it('answers initialize with revision 2024-11-05, the server name and version and the tools capability, even to a client asking for 2025-11-25', async () => {
    const res = await post(request(1, 'initialize', INITIALIZE), {
      accept: 'application/json, text/event-stream',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: {
        protocolVersion: '2024-11-05',
        capabilities: { tools: {} },
        serverInfo: { name: 'twofold', version },
        instructions: expect.stringContaining('list_sites'),
      },
    });
  });

  it('answers ping with an empty result', async () => {
    expect(await reply(request('p', 'ping'))).toEqual({ jsonrpc: '2.0', id: 'p', result: {} });
  });

  it('answers a batch as an array in order, without members for its notifications', async () => {
    const body = await reply([
      request(3, 'ping'),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      request('b', 'tools/list'),
      request(1, 'resources/list'),
    ]);
    expect(body.map((r: { id: unknown }) => r.id)).toEqual([3, 'b', 1]);
    expect(body[0].result).toEqual({});
    expect(body[1].result.tools).toHaveLength(12);
    expect(body[2].error).toMatchObject({ code: -32601, data: { code: 'not_found', field: 'method' } });
  });

  it('answers a notification, and a batch of only notifications, with 202 and an empty body', async () => {
    for (const payload of [
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      [
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } },
      ],
    ]) {
      const res = await post(payload);
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe('');
    }
  });

  it('answers a body that is not JSON with -32700 and id null', async () => {
    expect(await reply('{"jsonrpc":"2.0","id":1,')).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32700, message: expect.any(String), data: { code: 'bad_request' } },
    });
  });

  it('answers an invalid request with -32600: wrong version, no method, an empty batch, members that are not objects', async () => {
    expect((await reply({ jsonrpc: '1.0', id: 7, method: 'ping' })).error.code).toBe(-32600);
    expect((await reply({ jsonrpc: '1.0', id: 7, method: 'ping' })).id).toBe(7);
    expect((await reply({ jsonrpc: '2.0', id: 8 })).error).toMatchObject({
      code: -32600,
      data: { code: 'bad_request' },
    });
    expect(await reply([])).toMatchObject({ id: null, error: { code: -32600 } });
    const members = await reply([1, 'x']);
    expect(members.map((m: { id: unknown; error: { code: number } }) => [m.id, m.error.code])).toEqual([
      [null, -32600],
      [null, -32600],
    ]);
  });

  it('answers invalid params with -32602 naming the field', async () => {
    expect((await reply(request(1, 'tools/call', { arguments: {} }))).error).toMatchObject({
      code: -32602,
      data: { code: 'validation_error', field: 'name' },
    });
    expect((await reply(request(2, 'initialize', { protocolVersion: '2024-11-05' }))).error).toMatchObject({
      code: -32602,
      data: { code: 'validation_error', field: 'capabilities' },
    });
    expect((await reply(request(3, 'tools/call', ['get_overview']))).error).toMatchObject({
      code: -32602,
      data: { field: 'params' },
    });
  });
});

describe('POST /api/mcp: tool failures are JSON-RPC errors with HTTP 200', () => {
  it('answers an unknown tool with -32602 and code not_found on field name', async () => {
    expect((await reply(call(1, 'drop_site', { site }))).error).toEqual({
      code: -32602,
      message: 'unknown tool "drop_site"; tools/list names them',
      data: { code: 'not_found', field: 'name' },
    });
  });

  it('answers an unrecognised range with validation_error on field range', async () => {
    expect((await reply(call(2, 'get_overview', { site, range: 'fortnight' }))).error).toMatchObject({
      code: -32602,
      data: { code: 'validation_error', field: 'range' },
    });
  });

  it('answers a site of another account with -32000 and code forbidden, as for a site that does not exist', async () => {
    for (const s of [otherSite, 999_999])
      expect((await reply(call(3, 'get_overview', { site: s, ...WINDOW }))).error).toEqual({
        code: -32000,
        message: 'this site may not be read',
        data: { code: 'forbidden' },
      });
  });

  it('refuses a series of more than 1,000 buckets on granularity, which the HTTP read (up to 2,000) answers', async () => {
    const day = { site, start: iso(T0), end: iso(T0 + 24 * HOUR), granularity: 'minute', audience: 'agent' };
    expect((await reply(call(4, 'get_timeseries', day))).error).toMatchObject({
      code: -32602,
      data: { code: 'validation_error', field: 'granularity' },
    });
    const http = await app.inject({
      method: 'GET',
      url: `/api/stats/timeseries?${new URLSearchParams({ ...day, site: String(site) })}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(http.json().data.series).toHaveLength(1440);
  });

  it('answers an unknown run_query metric on field metrics', async () => {
    const args = {
      site,
      ...WINDOW,
      audience: 'agent',
      dimension: 'pathname',
      metrics: ['fetches', 'visitors'],
    };
    expect((await reply(call(5, 'run_query', args))).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('"visitors"'),
      data: { code: 'validation_error', field: 'metrics' },
    });
  });
});

describe('POST /api/mcp: the row ceiling', () => {
  const byPath = () => ({ site, ...WINDOW, audience: 'agent', dimension: 'pathname' });

  it('caps limit 5000 at 1,000 rows of the 1,005 and says so in meta; the HTTP read gives all 1,005', async () => {
    const { result } = await reply(call(1, 'get_breakdown', { ...byPath(), limit: 5000 }));
    const { data, meta } = result.structuredContent;
    expect(data).toHaveLength(1000);
    expect(meta.rows).toBe(1000);
    expect(meta.capped).toEqual({ limit: 1000, requested: 5000 });
    expect(JSON.parse(result.content[1].text)).toEqual(result.structuredContent);
    const http = await app.inject({
      method: 'GET',
      url: `/api/stats/breakdown?${new URLSearchParams({ ...byPath(), site: String(site), limit: '5000' })}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(http.json().data).toHaveLength(PATHS);
    expect(http.json().data.slice(0, 1000)).toEqual(data);
  });

  it('leaves a limit under the ceiling alone, and so says nothing of a cap', async () => {
    const { result } = await reply(call(2, 'get_breakdown', { ...byPath(), limit: 999 }));
    expect(result.structuredContent.data).toHaveLength(999);
    expect(result.structuredContent.meta).not.toHaveProperty('capped');
  });

  it('shares the ceiling among the three lists of get_sources: at most 333 rows each', async () => {
    const { result } = await reply(call(3, 'get_sources', { site, ...WINDOW, limit: 5000 }));
    expect(result.structuredContent.meta.capped).toEqual({ limit: 333, requested: 5000 });
  });
});

describe('POST /api/mcp: HTTP', () => {
  it('answers 401 with the error envelope without a key, before reading the body', async () => {
    for (const payload of [request(1, 'ping'), 'not json']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: { 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'an API key is required' } });
    }
  });

  it("answers 401 to the owner's session cookie alone, which the HTTP reads accept", async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(request(1, 'ping')),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
    const http = await app.inject({
      method: 'GET',
      url: `/api/stats/overview?site=${site}&audience=agent`,
      headers: { cookie },
    });
    expect(http.statusCode).toBe(200);
  });

  it('answers 401 to an invalid key', async () => {
    const res = await post(request(1, 'ping'), { authorization: 'Bearer tf_not-a-key' });
    expect(res.statusCode).toBe(401);
  });

  it('answers GET with 405, Allow: POST and the error envelope', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/mcp',
      headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream' },
    });
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.json().error.code).toBe('bad_request');
  });

  it('answers a body that is not application/json with 415', async () => {
    const res = await post(JSON.stringify(request(1, 'ping')), { 'content-type': 'text/plain' });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('bad_request');
  });
});
