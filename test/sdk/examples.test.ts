import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { twofoldExpress } from '../../examples/express-middleware.js';
import { twofoldFastify } from '../../examples/fastify-middleware.js';
import { createTwofold } from '../../src/sdk/index.js';
import { errors, FIREFOX, GPTBOT, INGEST_KEY } from './fixtures.js';
import { startStandIn, type StandIn } from './stand-in.js';

let server: StandIn;
afterEach(async () => {
  await server?.close();
});

const HTML = '<!doctype html><title>Hi</title>';

describe('examples/fastify-middleware', () => {
  it('reports a crawler fetch and a person’s HTML page, and nothing else; closing the app sends them', async () => {
    server = await startStandIn();
    const seen = errors();
    const tf = createTwofold({
      endpoint: server.url,
      siteId: 7,
      ingestKey: INGEST_KEY,
      onError: seen.onError,
    });
    const app = Fastify();
    twofoldFastify(app, tf);
    app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').send(HTML));
    app.post('/', async (_req, reply) => reply.type('text/html').send(HTML));
    app.get('/api', async () => ({ ok: true }));

    const get = (url: string, headers: Record<string, string>) => app.inject({ method: 'GET', url, headers });
    await get('/?utm_source=news', { 'user-agent': FIREFOX, referer: 'https://news.example/' });
    await get('/', { 'user-agent': GPTBOT, 'if-none-match': '"abc"' });
    await get('/api', { 'user-agent': FIREFOX });
    await get('/', { 'user-agent': FIREFOX, 'sec-purpose': 'prefetch' });
    await get('/nowhere', { 'user-agent': FIREFOX });
    await app.inject({ method: 'POST', url: '/', headers: { 'user-agent': FIREFOX } });
    await app.close();

    expect(seen.list).toEqual([]);
    const rows = server.received.flatMap((r) => [...r.body.events, ...r.body.agent_events]);
    expect(rows).toEqual([
      expect.objectContaining({
        user_agent: FIREFOX,
        ip: '127.0.0.1',
        hostname: 'localhost',
        pathname: '/',
        query: 'utm_source=news',
        referrer: 'https://news.example/',
        status: 200,
      }),
      expect.objectContaining({
        user_agent: GPTBOT,
        method: 'GET',
        pathname: '/',
        status: 200,
        bytes: HTML.length,
        content_type: 'text/html; charset=utf-8',
        conditional: 1,
      }),
    ]);
  });
});

describe('examples/express-middleware', () => {
  it('works on a bare node:http server (no express installed), with the socket address and Host header', async () => {
    server = await startStandIn();
    const seen = errors();
    const tf = createTwofold({
      endpoint: server.url,
      siteId: 7,
      ingestKey: INGEST_KEY,
      onError: seen.onError,
    });
    const mw = twofoldExpress(tf);
    const app = createServer((req, res) =>
      mw(req, res, () => {
        res.setHeader('content-type', req.url === '/data.json' ? 'application/json' : 'text/html');
        res.end(req.url === '/data.json' ? '{}' : HTML);
      }),
    );
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
    await fetch(`${base}/docs/intro`, { headers: { 'user-agent': FIREFOX } }).then((r) => r.text());
    await fetch(`${base}/data.json`, { headers: { 'user-agent': FIREFOX } }).then((r) => r.text());
    await fetch(`${base}/data.json`, { headers: { 'user-agent': GPTBOT } }).then((r) => r.text());
    await tf.close();
    app.close();

    expect(seen.list).toEqual([]);
    const body = server.received[0]!.body;
    expect(body.events).toEqual([
      expect.objectContaining({
        pathname: '/docs/intro',
        ip: '127.0.0.1',
        hostname: '127.0.0.1',
        status: 200,
      }),
    ]);
    expect(body.agent_events).toEqual([
      expect.objectContaining({ pathname: '/data.json', content_type: 'application/json', conditional: 0 }),
    ]);
  });
});
