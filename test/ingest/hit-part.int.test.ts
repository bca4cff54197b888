import { streamLayout } from '../../src/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestDeps } from '../../src/ingest/deps.js';
import { handleHitRequests, type HitRequest } from '../../src/ingest/handle.js';
import type { IngestDeps } from '../../src/ingest/pipeline.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { streamEvents } from '../support/stream.js';
import { countingTally } from '../support/tally.js';

// The ingest thread hands a part of up to 32 requests to the pipeline at once: each request must
// still be answered and counted as if it had come alone.
let t: TestApp;
let deps: IngestDeps;
let site: number;
let other: number;
beforeAll(async () => {
  t = await buildTestApp();
  const { cookie } = await signUp(t.app);
  site = (await createSite(t.app, cookie, { domain: 'part.example' })).id;
  other = (await createSite(t.app, cookie, { domain: 'other.example' })).id;
  deps = createIngestDeps(t.deps.db, t.deps.appender, t.deps.geo, streamLayout(t.deps.config));
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const request = (endpoint: HitRequest['endpoint'], body: unknown, address = '198.51.100.20'): HitRequest => ({
  endpoint,
  body,
  ctx: { address, userAgent: FIREFOX, receivedAt: Date.now(), source: 'tracker', optOut: false },
});
const track = (payload: object, address?: string) => request('track', JSON.stringify(payload), address);

describe('a part of hit requests handled together', () => {
  it('answers and counts each request as if it came alone, and stores exactly the accepted hits', async () => {
    const { seen, tally } = countingTally();
    const before = (await streamEvents(t.deps)).length;
    const answers = await handleHitRequests(
      deps,
      [
        track({ s: site, u: 'https://part.example/a' }),
        request('track', 'not json'),
        track({ s: site, u: 'https://foreign.example/x' }),
        request(
          'batch',
          JSON.stringify([
            { s: site, u: 'https://part.example/b1' },
            { s: other, u: 'https://other.example/b2' },
            { s: site, t: 'no-such-kind', u: 'https://part.example/b3' },
          ]),
        ),
        request(
          'batch',
          JSON.stringify([
            { s: site, u: 'https://part.example/never' },
            { s: 999_999, u: 'https://part.example/never' },
          ]),
        ),
        request(
          'batch',
          JSON.stringify(Array.from({ length: 201 }, () => ({ s: site, u: 'https://part.example/' }))),
        ),
        request('batch', '{"no":"events"}'),
        request('pixel', { s: site, u: 'https://part.example/pixel' }),
        track({ s: site, u: 'https://part.example/signup', t: 'custom', n: 'signup' }),
        track({ s: other, u: 'https://other.example/c' }),
      ],
      tally,
    );
    expect(answers).toEqual([
      { status: 204 },
      { status: 204 },
      { status: 403, error: { code: 'forbidden', message: 'hostname does not belong to the site' } },
      { status: 204 },
      { status: 403, error: { code: 'forbidden', message: 'unknown site' } },
      {
        status: 413,
        error: { code: 'bad_request', message: 'at most 200 hits per batch', field: 'events' },
      },
      {
        status: 400,
        error: {
          code: 'validation_error',
          message: 'send a JSON array of hits, or {"events": [...]}',
          field: 'events',
        },
      },
      { status: 200 },
      { status: 204 },
      { status: 204 },
    ]);
    expect(seen.sort()).toEqual(
      [
        'accepted track pageview 1',
        'dropped track malformed 1',
        'accepted batch pageview 1',
        'accepted batch pageview 1',
        'dropped batch invalid 1',
        'accepted pixel pageview 1',
        'accepted track custom 1',
        'accepted track pageview 1',
      ].sort(),
    );
    const stored = (await streamEvents(t.deps)).slice(before);
    expect(stored.map((e) => `${e.site} ${e.pathname}`).sort()).toEqual(
      [
        `${site} /a`,
        `${site} /b1`,
        `${other} /b2`,
        `${site} /pixel`,
        `${site} /signup`,
        `${other} /c`,
      ].sort(),
    );
  });

  it('drops a hit whose own steps throw as unprocessable, and answers and stores the rest of its part', async () => {
    // The routes drop JSON this deep before it is handed over; here it reaches the pipeline, whose
    // JSON.stringify of `p` overflows the stack: that must be the one hit's failure alone.
    const deep = '['.repeat(30_000) + ']'.repeat(30_000);
    const { seen, tally } = countingTally();
    const before = (await streamEvents(t.deps)).length;
    const answers = await handleHitRequests(
      deps,
      [
        track({ s: site, u: 'https://part.example/beside-1' }),
        request('track', `{"s":${site},"u":"https://part.example/deep","p":{"a":${deep}}}`),
        request('batch', `[{"s":${site},"u":"https://part.example/deep-batch","p":{"a":${deep}}}]`),
        request('pixel', { s: site, u: 'https://part.example/deep-pixel', p: { a: JSON.parse(deep) } }),
        track({ s: site, u: 'https://part.example/beside-2' }),
      ],
      tally,
    );
    expect(answers).toEqual([
      { status: 204 },
      { status: 204 },
      { status: 204 },
      { status: 200 },
      { status: 204 },
    ]);
    expect(seen.sort()).toEqual(
      [
        'accepted track pageview 1',
        'dropped track unprocessable 1',
        'dropped batch unprocessable 1',
        'dropped pixel unprocessable 1',
        'accepted track pageview 1',
      ].sort(),
    );
    const stored = (await streamEvents(t.deps)).slice(before).map((e) => e.pathname);
    expect(stored.sort()).toEqual(['/beside-1', '/beside-2']);
  });

  it("counts the part's hits against the limit in order, with the hits of earlier parts", async () => {
    const address = '198.51.100.21';
    const hits = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) =>
        track({ s: site, u: `https://part.example/n${from + i}` }, address),
      );
    const { tally } = countingTally();
    // All in one fixed window of the limiter.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 200));
    // 590 in earlier parts, then one part of 20 with another address's hit in the middle.
    for (let k = 0; k < 590; k += 118) await handleHitRequests(deps, hits(118, k), tally);
    const before = (await streamEvents(t.deps)).length;
    const part = [
      ...hits(10, 590),
      track({ s: site, u: 'https://part.example/elsewhere' }, '198.51.100.22'),
      ...hits(10, 600),
    ];
    expect((await handleHitRequests(deps, part, tally)).every((a) => a.status === 204)).toBe(true);
    const stored = (await streamEvents(t.deps)).slice(before).map((e) => e.pathname);
    expect(stored.sort()).toEqual(
      ['/elsewhere', ...Array.from({ length: 10 }, (_, i) => `/n${590 + i}`)].sort(),
    );
  });
});
