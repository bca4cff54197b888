import { Writable } from 'node:stream';
import { DiscardPolicy } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { streamCount } from '../support/stream.js';
import { hitsStreamName } from '../../streams/hits.js';

// The hit endpoints run without hooks (src/app.ts): they answer CORS, time themselves and log
// quietly on their own. These tests hold them to what the hooks gave every other route.

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ORIGIN = 'https://quiet.example';

let t: TestApp;
let site: number;
let cookie: string;
const logLines: Record<string, unknown>[] = [];

const track = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/track',
    remoteAddress: '198.51.100.61',
    headers: { 'content-type': 'text/plain', 'user-agent': CHROME, origin: ORIGIN },
    payload: JSON.stringify(body),
  });

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logLines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      cb();
    },
  });
  t = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream });
  ({ cookie } = await signUp(t.app));
  site = (await createSite(t.app, cookie, { domain: 'quiet.example' })).id;
});
afterAll(() => t.close());

describe('the hit endpoints without hooks', () => {
  it('log no line per hit at info, while other routes log each request', async () => {
    logLines.length = 0;
    expect((await track({ s: site, u: 'https://quiet.example/a' })).statusCode).toBe(204);
    expect((await track({ s: 999_999, u: 'https://quiet.example/a' })).statusCode).toBe(403);
    const pixel = await t.app.inject({
      method: 'GET',
      url: `/api/track/pixel.gif?s=${site}&u=${encodeURIComponent('https://quiet.example/p')}`,
      headers: { 'user-agent': CHROME },
    });
    expect(pixel.statusCode).toBe(200);
    expect(logLines).toEqual([]);

    const sites = await t.app.inject({ method: 'GET', url: '/api/sites', headers: { cookie } });
    expect(sites.statusCode).toBe(200);
    expect(logLines.map((l) => l.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('log a failure with the request id, and answer it 503', async () => {
    logLines.length = 0;
    // A stream that refuses every new message: the hit fails after validation, enrichment and the
    // limit, in the ingest thread, and the HTTP thread logs it with the request's id.
    const name = hitsStreamName(t.deps.config.STREAM_PREFIX);
    const { config } = await t.deps.nats.jsm.streams.info(name);
    const before = await streamCount(t.deps);
    await t.deps.nats.jsm.streams.update(name, {
      ...config,
      discard: DiscardPolicy.New,
      max_msgs: (await t.deps.nats.jsm.streams.info(name)).state.messages,
    });
    try {
      const res = await track({ s: site, u: 'https://quiet.example/fails' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: { code: 'upstream_error' } });
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(await streamCount(t.deps)).toBe(before);
    } finally {
      await t.deps.nats.jsm.streams.update(name, config);
    }
    expect(logLines).toHaveLength(1);
    expect(logLines[0]).toMatchObject({ level: 50, msg: 'ingest failed', reqId: expect.any(String) });
  });

  it('answer CORS on every outcome, preflights included, and only with an Origin', async () => {
    const stored = await track({ s: site, u: 'https://quiet.example/b' });
    expect(stored.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(stored.headers.vary).toBe('Origin');
    const forbidden = await track({ s: site, u: 'https://elsewhere.example/' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.headers['access-control-allow-origin']).toBe(ORIGIN);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/track',
      headers: { 'content-type': 'text/plain', 'user-agent': CHROME },
      payload: JSON.stringify({ s: site, u: 'https://quiet.example/c' }),
    });
    expect(noOrigin.statusCode).toBe(204);
    expect(noOrigin.headers['access-control-allow-origin']).toBeUndefined();

    for (const url of ['/api/track', '/api/track/batch', '/api/track/pixel.gif']) {
      const pre = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: ORIGIN,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(pre.statusCode).toBe(204);
      expect(pre.headers).toMatchObject({
        'access-control-allow-origin': ORIGIN,
        'access-control-allow-methods': 'GET, POST',
        'access-control-allow-headers': 'content-type',
        'access-control-max-age': '86400',
        'content-length': '0',
      });
    }
  });

  it('count their answers in the request-duration histogram by route and status', async () => {
    const count = async (route: string, status: number) => {
      const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = body
        .split('\n')
        .find((l) =>
          l.startsWith(
            `twofold_http_request_duration_seconds_count{method="${route.startsWith('GET') ? 'GET' : 'POST'}",route="${route.split(' ')[1]}",status="${status}"}`,
          ),
        );
      return line ? Number(line.split(' ').at(-1)) : 0;
    };
    const before204 = await count('POST /api/track', 204);
    const before403 = await count('POST /api/track', 403);
    await track({ s: site, u: 'https://quiet.example/d' });
    await track({ s: site, u: 'https://quiet.example/e' });
    await track({ s: site, u: 'https://other.example/' });
    expect(await count('POST /api/track', 204)).toBe(before204 + 2);
    expect(await count('POST /api/track', 403)).toBe(before403 + 1);
    // A 404 is timed too, now by the other routes' hook.
    const before404 = await count('GET unmatched', 404);
    expect((await t.app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    expect(await count('GET unmatched', 404)).toBe(before404 + 1);
  });
});
