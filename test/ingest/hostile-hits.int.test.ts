import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { streamEvents } from '../support/stream.js';

// Hits no tracker sends, from anyone (no key is needed): none may take the process down or fail
// the ordinary hits sent beside it. Each runs with the pipeline on the ingest thread (where a part
// of hits is handled together) and on the HTTP thread.
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

describe.each(['an ingest thread', 'the HTTP thread'])('with the pipeline on %s', (mode) => {
  let t: TestApp;
  let site: number;
  beforeAll(async () => {
    t = await buildTestApp({ env: { INGEST_THREAD: String(mode === 'an ingest thread') } });
    const { cookie } = await signUp(t.app);
    site = (await createSite(t.app, cookie, { domain: 'hostile.example' })).id;
  });
  afterAll(() => t.close());

  const post = (url: string, contentType: string) => (body: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '198.51.100.30',
      headers: { 'content-type': contentType, 'user-agent': CHROME },
      payload: body,
    });
  const track = post('/api/track', 'text/plain');
  const batch = post('/api/track/batch', 'application/json');
  const pixel = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/track/pixel.gif?${query}`,
      remoteAddress: '198.51.100.30',
      headers: { 'user-agent': CHROME },
    });
  /** `n` ordinary hits, each to its own path under `tag`, sent in the same turn as `hostile`. */
  const beside = async (tag: string, n: number, hostile: () => Promise<{ statusCode: number }>) => {
    const ordinary = Array.from({ length: n }, (_, i) =>
      track(JSON.stringify({ s: site, u: `https://hostile.example/${tag}/${i}` })),
    );
    const [odd, ...rest] = await Promise.all([hostile(), ...ordinary]);
    expect(rest.map((r) => r.statusCode)).toEqual(Array.from({ length: n }, () => 204));
    const stored = (await streamEvents(t.deps)).filter((e) => String(e.pathname).startsWith(`/${tag}/`));
    expect(stored).toHaveLength(n);
    return odd!;
  };
  const dropped = async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const counts: Record<string, number> = {};
    for (const m of text.matchAll(
      /^twofold_ingest_hits_dropped_total\{endpoint="(\w+)",reason="(\w+)"\} (\d+)$/gm,
    ))
      counts[`${m[1]} ${m[2]}`] = Number(m[3]);
    return counts;
  };

  it('survives a pixel whose p nests 6,000 arrays, and serves the hits beside it', async () => {
    const u = encodeURIComponent('https://hostile.example/');
    const odd = await beside('pixel-deep', 10, () => pixel(`s=${site}&u=${u}&p=${nested(6000)}`));
    expect(odd.statusCode).toBe(200);
    expect(
      (await pixel(`s=${site}&u=${encodeURIComponent('https://hostile.example/after')}`)).statusCode,
    ).toBe(200);
  });

  it('answers a 60 KB track body whose p nests 30,000 arrays 204, and only its own hit', async () => {
    const body = `{"s":${site},"u":"https://hostile.example/x","p":{"a":${nested(30_000)}}}`;
    expect(body.length).toBeLessThan(64 * 1024);
    const before = await dropped();
    const odd = await beside('track-deep', 40, () => track(body));
    expect(odd.statusCode).toBe(204);
    expect((await dropped())['track malformed']).toBe((before['track malformed'] ?? 0) + 1);
  });

  it('keeps 16 levels and drops the 17th: a track body, a batch, the pixel', async () => {
    // The body is level 1 and `p` level 2, so 14 arrays inside p make 16 levels.
    const at = (path: string, arrays: number) =>
      `{"s":${site},"u":"https://hostile.example/${path}","p":{"a":${nested(arrays)}}}`;
    expect((await track(at('depth/16', 14))).statusCode).toBe(204);
    expect((await track(at('depth/17', 15))).statusCode).toBe(204);
    expect((await batch(`[${at('depth/batch-16', 13)}]`)).statusCode).toBe(204);
    expect((await batch(`[${at('depth/batch-17', 14)}]`)).statusCode).toBe(204);
    const u = (path: string) => encodeURIComponent(`https://hostile.example/${path}`);
    // The pixel's `p` is a parameter of its own: its object is level 1.
    expect((await pixel(`s=${site}&u=${u('depth/pixel-16')}&p={"a":${nested(15)}}`)).statusCode).toBe(200);
    expect((await pixel(`s=${site}&u=${u('depth/pixel-17')}&p={"a":${nested(16)}}`)).statusCode).toBe(200);
    const paths = (await streamEvents(t.deps))
      .map((e) => e.pathname)
      .filter((p) => String(p).startsWith('/depth/'));
    expect(paths.sort()).toEqual(['/depth/16', '/depth/batch-16', '/depth/pixel-16']);
  });

  it('answers 2 MB of [ to the batch route 204 and stores nothing of it', async () => {
    const odd = await beside('batch-brackets', 10, () => batch('['.repeat(2 * 1024 * 1024 - 16)));
    expect(odd.statusCode).toBe(204);
  });

  it('reads a user agent to 1,024 characters: agents alike that far are one agent', async () => {
    const long = (tail: string) => `${CHROME} ${'x'.repeat(1024)}${tail}`;
    const send = (tail: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/track',
        remoteAddress: '198.51.100.31',
        headers: { 'content-type': 'text/plain', 'user-agent': long(tail) },
        payload: JSON.stringify({ s: site, u: `https://hostile.example/agent/${tail}` }),
      });
    expect((await send('a')).statusCode).toBe(204);
    expect((await send('b')).statusCode).toBe(204);
    const stored = (await streamEvents(t.deps)).filter((e) => String(e.pathname).startsWith('/agent/'));
    expect(stored).toHaveLength(2);
    expect(stored[0]!.browser).toBe('Chrome');
    expect(stored[0]!.visitor).toBe(stored[1]!.visitor);
  });

  it('needed no last resort for any of it', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toMatch(/^twofold_uncaught_errors_total 0$/m);
  });
});
