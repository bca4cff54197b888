import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { sendRaw, wireClient } from '../support/http-wire.js';

let t: TestApp;
let url: string;
let client: ReturnType<typeof wireClient>;
beforeAll(async () => {
  t = await buildTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  client = wireClient(url, { timeoutMs: 5_000 });
});
afterAll(async () => {
  client?.close();
  await t?.close();
});

const envelope = (body: Buffer) => JSON.parse(body.toString());

describe('what Fastify and Node refuse before a route runs', () => {
  it.each(['/%zz', '/api/sites/%E0%A4%A', '/api/goals/%ff?site=1', '/api/track/pixel.gif%ff'])(
    'answers a path with broken percent-encoding (%s) with 400 and the error envelope',
    async (path) => {
      const res = await client.send({ method: 'GET', path });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(envelope(res.body)).toEqual({ error: { code: 'bad_request', message: 'the URL is not valid' } });
    },
  );

  it('answers a request head over the size limit with 431 and the error envelope', async () => {
    const res = await client.send({
      method: 'GET',
      path: `/api/stats/overview?filters=${'a'.repeat(20_000)}`,
    });
    expect(res.status).toBe(431);
    expect(envelope(res.body)).toEqual({
      error: { code: 'bad_request', message: 'the request head is larger than 16 KB' },
    });
  });

  it('answers malformed HTTP with 400 and the error envelope, then closes', async () => {
    const raw = await rawAnswer('GET /healthz HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n');
    expect(raw.status).toBe(400);
    expect(JSON.parse(raw.body)).toEqual({
      error: { code: 'bad_request', message: 'the request is not valid HTTP' },
    });
    expect(await sendRaw(url, Buffer.from('GARBAGE\r\n\r\n'), 5_000)).toBe(400);
  });
});

async function rawAnswer(text: string): Promise<{ status: number; body: string }> {
  const { connect } = await import('node:net');
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    let got = '';
    socket.on('data', (c) => (got += c.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body = ''] = got.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1] ?? 0), body });
    });
    socket.end(text);
  });
}
