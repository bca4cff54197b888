import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hitsStreamName } from '../../streams/hits.js';
import { messageText } from '../../streams/message-codec.js';
import type { Projector } from '../../src/projector/projector.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { postEdge, sign } from '../support/edge.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';

const V4 = '203.0.113.77';
const V6 = '2001:db8::77';
/** What an address may look like once stored: as text, or as the hex of that text in a bytea. */
const forms = [V4, V6, '2001:0db8', Buffer.from(V4).toString('hex'), Buffer.from(V6).toString('hex')];

let t: TestApp;
let workers: Projector[];
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  });
  t = await buildTestApp({ env: { LOG_LEVEL: 'trace', TRUST_PROXY: '127.0.0.1' }, logStream });
  workers = await startProjectors(t.deps);
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
});

describe('no raw IP is written anywhere', () => {
  it('keeps client addresses out of the stream, every table and every log line', async () => {
    const { cookie } = await signUp(t.app);
    const site = await createSite(t.app, cookie, { domain: 'private.example' });
    const { key } = await createKey(t.app, cookie, site.id);
    for (const address of [V4, V6]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/track',
        remoteAddress: address,
        headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Firefox/133.0' },
        payload: JSON.stringify({ s: site.id, u: 'https://private.example/page' }),
      });
      expect(res.statusCode).toBe(204);
      // A login attempt from the same address exercises the rate limiter's storage too.
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: address,
        payload: { email: 'nobody@private.example', password: 'wrong-password' },
      });
    }
    // The same addresses through a trusted proxy, the batch endpoint and the pixel.
    for (const address of [V4, V6]) {
      const headers = { 'user-agent': 'Mozilla/5.0 Firefox/133.0', 'x-forwarded-for': address };
      const batch = await t.app.inject({
        method: 'POST',
        url: '/api/track/batch',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify([{ s: site.id, u: 'https://private.example/batched' }]),
      });
      expect(batch.statusCode).toBe(204);
      const pixel = await t.app.inject({
        method: 'GET',
        url: `/api/track/pixel.gif?s=${site.id}&u=${encodeURIComponent('https://private.example/pixel')}`,
        headers,
      });
      expect(pixel.statusCode).toBe(200);
    }
    // A signed edge shipment naming both addresses in its rows: an agent fetch and a pageview each.
    const edgeBody = JSON.stringify({
      site_id: site.id,
      agent_events: [V4, V6].map((ip) => ({
        timestamp: new Date().toISOString(),
        user_agent: 'Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)',
        method: 'GET',
        hostname: 'private.example',
        pathname: '/crawled',
        status: 200,
        bytes: 10,
        duration_ms: 1,
        content_type: 'text/html',
        conditional: 0,
        ip,
      })),
      events: [V4, V6].map((ip) => ({
        timestamp: new Date().toISOString(),
        user_agent: 'Mozilla/5.0 Firefox/133.0',
        ip,
        hostname: 'private.example',
        pathname: '/served',
      })),
    });
    const edge = await postEdge(t.app, edgeBody, sign(edgeBody, site.ingest_key), V4);
    expect(edge.statusCode).toBe(202);
    await t.app.inject({
      method: 'GET',
      url: `/api/stats/overview?site=${site.id}`,
      remoteAddress: V4,
      headers: { authorization: `Bearer ${key}` },
    });
    await waitForLagZero(t.app);

    const stream = hitsStreamName(t.deps.config.STREAM_PREFIX);
    const info = await t.deps.nats.jsm.streams.info(stream);
    expect(info.state.messages).toBe(7);
    const stored: string[] = [];
    for (let seq = info.state.first_seq; seq <= info.state.last_seq; seq++) {
      const m = await t.deps.nats.jsm.streams.getMessage(stream, { seq });
      stored.push(messageText(m!.data)!);
    }
    expect(stored.join('\n')).toContain('"visitor"');

    const tables = await t.database.pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    const dumps: string[] = [];
    for (const { table_name } of tables.rows) {
      const rows = await t.database.pool.query(`SELECT x::text AS row FROM ${table_name} x`);
      dumps.push(...rows.rows.map((r) => `${table_name}: ${r.row}`));
    }
    expect(dumps.some((d) => d.startsWith('events: '))).toBe(true);
    expect(dumps.filter((d) => d.startsWith('agent_fetches: '))).toHaveLength(2);
    expect(dumps.some((d) => d.startsWith('edge_signatures: '))).toBe(true);
    expect(dumps.some((d) => d.startsWith('rate_limit_windows: '))).toBe(true);
    expect(dumps.some((d) => d.startsWith('hit_rate_windows: '))).toBe(true);
    expect(logLines.length).toBeGreaterThan(0);

    for (const form of forms) {
      expect(stored.filter((s) => s.includes(form))).toEqual([]);
      expect(dumps.filter((d) => d.toLowerCase().includes(form))).toEqual([]);
      expect(logLines.filter((l) => l.includes(form))).toEqual([]);
    }
  });
});
