import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { postEdge, sign } from '../support/edge.js';
import { streamEvents } from '../support/stream.js';

const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let t: TestApp;
let site: number;
let key: string;

beforeAll(async () => {
  t = await buildTestApp();
  const { cookie } = await signUp(t.app);
  const s = await createSite(t.app, cookie, { domain: 'same.example' });
  site = s.id;
  key = s.ingest_key;
});
afterAll(async () => {
  await t.close();
});

const edge = (rows: unknown[]) => {
  const b = JSON.stringify({ site_id: site, events: rows });
  return postEdge(t.app, b, sign(b, key), '192.0.2.77');
};

const pageviewsFrom = async (source: string, pathname: string) =>
  (await streamEvents(t.deps)).filter(
    (e) => e.type === 'HitRecorded' && e.source === source && e.pathname === pathname,
  );

/** One visit, sent once by the tracker and once as an edge row. */
const VISIT = {
  ip: '8.8.8.8',
  pathname: '/pricing',
  query: 'utm_source=chatgpt.com',
  referrer: 'https://chatgpt.com/',
  id: 'user-7',
};

/** An event's fields but the ones each event has its own of (`id`) or that name its path (`source`). */
const shared = ({ id: _id, source: _source, ...rest }: Record<string, unknown>) => rest;

describe('edge pageviews and tracker hits', () => {
  it('store the same event for the same visitor, page, referrer, identity and time', async () => {
    const { ip, pathname, query, referrer, id } = VISIT;
    const tracked = await t.app.inject({
      method: 'POST',
      url: '/api/track',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json', 'user-agent': SAFARI },
      payload: JSON.stringify({
        s: site,
        t: 'pageview',
        u: `https://same.example${pathname}?${query}`,
        r: referrer,
        id,
      }),
    });
    expect(tracked.statusCode).toBe(204);
    const [tracker] = await pageviewsFrom('tracker', pathname);

    // The row's time is the tracker hit's own, so even the salt day and `ts` are the same.
    const at = new Date(tracker!.ts as number).toISOString();
    const res = await edge([{ timestamp: at, user_agent: SAFARI, hostname: 'same.example', ...VISIT }]);
    expect(res.statusCode).toBe(202);
    const [fromEdge] = await pageviewsFrom('edge', pathname);

    expect(tracker).toMatchObject({
      kind: 'pageview',
      hostname: 'same.example',
      pathname,
      query,
      referrer,
      identity: id,
      browser: 'Safari',
      os: 'macOS',
      device: 'desktop',
      country: 'US',
      asn: 15169,
      visitor: expect.stringMatching(/^[0-9a-f]+$/),
    });
    expect(fromEdge!.id).not.toBe(tracker!.id);
    expect(shared(fromEdge!)).toEqual(shared(tracker!));
  });

  it("counts rows against the edge's own limit only, not the tracker's 600 hits a minute per address", async () => {
    // Two shipments of 400 rows from one address; their bodies differ, as each signature must.
    for (let shipment = 0; shipment < 2; shipment++) {
      const rows = Array.from({ length: 400 }, (_, i) => ({
        timestamp: new Date(Date.now() - 1000 * shipment - i).toISOString(),
        user_agent: SAFARI,
        ip: '9.9.9.9',
        hostname: 'same.example',
        pathname: '/busy',
      }));
      const res = await edge(rows);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ data: { accepted: { agent_events: 0, events: 400 } } });
    }
    expect(await pageviewsFrom('edge', '/busy')).toHaveLength(800);
  });
});
