import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projector } from '../../src/projector/projector.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { postEdge, sign } from '../support/edge.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';
import { streamCount, streamEvents } from '../support/stream.js';

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

let t: TestApp;
let workers: Projector[];
let site: number;
let key: string;

const agentRow = (over: Record<string, unknown> = {}) => ({
  timestamp: new Date(Date.now() - 60_000).toISOString(),
  user_agent: GPTBOT,
  method: 'GET',
  hostname: 'docs.example',
  pathname: '/guide',
  status: 200,
  bytes: 5120,
  duration_ms: 12,
  content_type: 'text/html',
  conditional: 0,
  ip: '20.171.206.10',
  ...over,
});
const humanRow = (over: Record<string, unknown> = {}) => ({
  timestamp: new Date(Date.now() - 30_000).toISOString(),
  user_agent: SAFARI,
  ip: '1.1.1.1',
  hostname: 'docs.example',
  pathname: '/pricing',
  query: 'utm_source=chatgpt.com',
  status: 200,
  duration_ms: 40,
  ...over,
});
const body = (agent: unknown[], human: unknown[] = [], siteId = site) =>
  JSON.stringify({ site_id: siteId, agent_events: agent, events: human });

beforeAll(async () => {
  t = await buildTestApp();
  workers = await startProjectors(t.deps);
  const { cookie } = await signUp(t.app);
  const s = await createSite(t.app, cookie, { domain: 'docs.example' });
  site = s.id;
  key = s.ingest_key;
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
});

describe('POST /api/log/edge', () => {
  it('accepts a signed request with 202 only after the stream stored all of it, as one message', async () => {
    const before = (await t.deps.nats.jsm.streams.info(`${t.deps.config.STREAM_PREFIX.toUpperCase()}HITS`))
      .state.messages;
    const b = body(
      [agentRow(), agentRow({ pathname: '/a', status: 304, conditional: 1 }), agentRow({ pathname: '/b' })],
      [humanRow(), humanRow({ pathname: '/' })],
    );
    const res = await postEdge(t.app, b, sign(b, key));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { accepted: { agent_events: 3, events: 2 } } });
    const info = await t.deps.nats.jsm.streams.info(`${t.deps.config.STREAM_PREFIX.toUpperCase()}HITS`);
    expect(info.state.messages).toBe(before + 1);

    const stored = await streamEvents(t.deps);
    const fetches = stored.filter((e) => e.type === 'FetchRecorded');
    expect(fetches).toHaveLength(3);
    expect(fetches[1]).toMatchObject({
      site,
      user_agent: GPTBOT,
      method: 'GET',
      hostname: 'docs.example',
      pathname: '/a',
      status: 304,
      bytes: 5120,
      duration_ms: 12,
      content_type: 'text/html',
      conditional: 1,
      country: 'US',
    });
    expect(fetches[0]!.address).toMatch(/^[0-9a-f]{64}$/);
    // 20.171.206.10 lies in OpenAI's published GPTBot range (20.171.206.0/24 in the shipped snapshot).
    expect(fetches[0]!.ranges).toEqual([{ family: 'gptbot', operator: 'openai', cidr: '20.171.206.0/24' }]);
    for (const f of fetches) expect(JSON.stringify(f)).not.toContain('20.171.206.10');

    const pageviews = stored.filter((e) => e.type === 'HitRecorded' && e.source === 'edge');
    expect(pageviews).toHaveLength(2);
    expect(pageviews[0]).toMatchObject({
      kind: 'pageview',
      pathname: '/pricing',
      query: 'utm_source=chatgpt.com',
      status: 200,
      duration_ms: 40,
      browser: 'Safari',
      country: 'AU',
    });
    expect(JSON.stringify(pageviews)).not.toContain('1.1.1.1');

    await waitForLagZero(t.app);
    const { rows } = await t.database.pool.query(
      'SELECT pathname, status, duration_ms, channel FROM events WHERE site_id = $1 ORDER BY pathname',
      [site],
    );
    expect(rows).toEqual([
      { pathname: '/', status: 200, duration_ms: 40, channel: 'answer_engine' },
      { pathname: '/pricing', status: 200, duration_ms: 40, channel: 'answer_engine' },
    ]);
  });

  it("carries an events row's hit key, so a shipment sent again after an unanswered attempt counts it once", async () => {
    const first = body([], [humanRow({ pathname: '/keyed', key: 'edge-row-key-1' })]);
    expect((await postEdge(t.app, first, sign(first, key))).statusCode).toBe(202);
    // The client's retry: the same rows, signed anew (a later t), so the signature is no replay.
    const retry = body(
      [],
      [humanRow({ pathname: '/keyed', key: 'edge-row-key-1' }), humanRow({ pathname: '/keyed' })],
    );
    expect(
      (await postEdge(t.app, retry, sign(retry, key, Math.floor(Date.now() / 1000) + 1))).statusCode,
    ).toBe(202);
    await waitForLagZero(t.app);
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM events WHERE site_id = $1 AND pathname = '/keyed'",
      [site],
    );
    expect(rows[0].n).toBe(2);
    const bad = body([], [humanRow({ key: 'short' })]);
    const refused = await postEdge(t.app, bad, sign(bad, key));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'validation_error', field: 'events[0].key' });
  });

  it("keeps an events row's optional id as the pageview's identity", async () => {
    const b = body([], [humanRow({ pathname: '/account', id: 'user-42' }), humanRow({ pathname: '/anon' })]);
    expect((await postEdge(t.app, b, sign(b, key))).statusCode).toBe(202);
    await waitForLagZero(t.app);
    const { rows } = await t.database.pool.query(
      "SELECT pathname, identity FROM events WHERE site_id = $1 AND pathname IN ('/account', '/anon') ORDER BY pathname",
      [site],
    );
    expect(rows).toEqual([
      { pathname: '/account', identity: 'user-42' },
      { pathname: '/anon', identity: null },
    ]);
    const identities = await t.database.pool.query('SELECT identity FROM identities WHERE site_id = $1', [
      site,
    ]);
    expect(identities.rows).toEqual([{ identity: 'user-42' }]);
    const bad = body([], [humanRow({ id: '' })]);
    const refused = await postEdge(t.app, bad, sign(bad, key));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'validation_error', field: 'events[0].id' });
  });

  it('refuses a replayed signature with 409 and stores nothing twice', async () => {
    const b = body([agentRow({ pathname: '/replay' })]);
    const sig = sign(b, key);
    expect((await postEdge(t.app, b, sig)).statusCode).toBe(202);
    const before = await streamCount(t.deps);
    const again = await postEdge(t.app, b, sig);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');
    expect(await streamCount(t.deps)).toBe(before);
    // The same body signed afresh (a later t) is a new request.
    const fresh = await postEdge(t.app, b, sign(b, key, Math.floor(Date.now() / 1000) + 1));
    expect(fresh.statusCode).toBe(202);
  });

  it.each([
    ['missing', (_b: string) => undefined],
    ['malformed', (_b: string) => 'v1=abc'],
    ['stale by more than five minutes', (b: string) => sign(b, key, Math.floor(Date.now() / 1000) - 301)],
    ['ahead by more than five minutes', (b: string) => sign(b, key, Math.floor(Date.now() / 1000) + 301)],
    ['made with another key', (b: string) => sign(b, 'ik_not-the-key')],
    ['made over another body', (b: string) => sign(b.replace('/guide', '/other'), key)],
    ['made over a re-serialised body', (b: string) => sign(JSON.stringify(JSON.parse(b), null, 1), key)],
  ])('answers 401 for a signature %s, storing nothing', async (_what, signature) => {
    const before = await streamCount(t.deps);
    const b = body([agentRow()]);
    const res = await postEdge(t.app, b, signature(b));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
    expect(await streamCount(t.deps)).toBe(before);
  });

  it('accepts a signature within the five-minute tolerance', async () => {
    const b = body([agentRow({ pathname: '/tolerance' })]);
    expect((await postEdge(t.app, b, sign(b, key, Math.floor(Date.now() / 1000) - 280))).statusCode).toBe(
      202,
    );
  });

  it('answers 401 for an unknown site', async () => {
    const b = body([agentRow()], [], 9_999_999);
    expect((await postEdge(t.app, b, sign(b, key))).statusCode).toBe(401);
  });

  it.each([
    [
      'agent_events[3].status',
      () => [agentRow(), agentRow(), agentRow(), agentRow({ status: 'ok' })],
      () => [],
    ],
    ['agent_events[0].ip', () => [agentRow({ ip: 'not-an-ip' })], () => []],
    [
      'agent_events[0].timestamp',
      () => [agentRow({ timestamp: new Date(Date.now() + 6 * 60_000).toISOString() })],
      () => [],
    ],
    ['agent_events[0].conditional', () => [agentRow({ conditional: 2 })], () => []],
    ['agent_events[1].referrer', () => [agentRow(), agentRow({ referrer: 'x' })], () => []],
    ['events[0].hostname', () => [], () => [humanRow({ hostname: 'elsewhere.example' })]],
    ['events[1].pathname', () => [agentRow()], () => [humanRow(), humanRow({ pathname: 'no-slash' })]],
  ])('refuses the whole request with 400 naming %s, storing nothing', async (field, agents, humans) => {
    const before = await streamCount(t.deps);
    const b = body(agents(), humans());
    const res = await postEdge(t.app, b, sign(b, key));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
    expect(await streamCount(t.deps)).toBe(before);
  });

  it.each([
    'agent_id',
    'operator',
    'purpose',
    'verified',
    'verified_by',
    'signature_forged',
    'asn',
    'country',
    'ip_hash',
    'robots_allowed',
    'llms_listed',
  ])('refuses a row that sends %s, which only the server establishes', async (k) => {
    const b = body([agentRow({ [k]: 'x' })]);
    const res = await postEdge(t.app, b, sign(b, key));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field: `agent_events[0].${k}` });
    const h = body([], [humanRow(), humanRow({ [k]: 1 })]);
    expect((await postEdge(t.app, h, sign(h, key))).json().error.field).toBe(`events[1].${k}`);
  });

  it('keeps no range for an address outside every published one (a spoofed GPTBot)', async () => {
    const b = body([agentRow({ ip: '8.8.8.8', pathname: '/spoofed' })]);
    expect((await postEdge(t.app, b, sign(b, key))).statusCode).toBe(202);
    const spoofed = (await streamEvents(t.deps)).find((e) => e.pathname === '/spoofed');
    expect(spoofed).toMatchObject({ user_agent: GPTBOT, ranges: [], country: 'US', asn: 15169 });
  });

  it('accepts rows from long ago (backfill)', async () => {
    const b = body(
      [agentRow({ timestamp: '2025-01-15T08:00:00Z', pathname: '/old' })],
      [humanRow({ timestamp: '2025-01-15T08:00:05Z' })],
    );
    const res = await postEdge(t.app, b, sign(b, key));
    expect(res.json()).toEqual({ data: { accepted: { agent_events: 1, events: 1 } } });
  });

  it('drops a crawler among the pageview rows, counting only what it stored', async () => {
    const b = body([], [humanRow(), humanRow({ user_agent: GPTBOT })]);
    const res = await postEdge(t.app, b, sign(b, key));
    expect(res.json()).toEqual({ data: { accepted: { agent_events: 0, events: 1 } } });
  });

  it('answers 413 over 500 rows in an array or over 2 MB', async () => {
    const many = body(Array.from({ length: 501 }, () => agentRow()));
    const res = await postEdge(t.app, many, sign(many, key));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({ code: 'bad_request', field: 'agent_events' });
    const huge = body([agentRow({ pathname: `/${'x'.repeat(2 * 1024 * 1024)}` })]);
    const big = await postEdge(t.app, huge, sign(huge, key));
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('bad_request');
  });
});

describe('the edge rate limit', () => {
  it('answers the request over the limit with 429, Retry-After: 60 and the envelope, storing nothing', async () => {
    const limited = await buildTestApp({ env: { EDGE_RATE_LIMIT: '3' } });
    try {
      const { cookie } = await signUp(limited.app);
      const s = await createSite(limited.app, cookie, { domain: 'docs.example' });
      const b = () => body([agentRow()], [], s.id);
      for (let i = 0; i < 3; i++) {
        const x = b();
        expect(
          (await postEdge(limited.app, x, sign(x, s.ingest_key, Math.floor(Date.now() / 1000) - i)))
            .statusCode,
        ).toBe(202);
      }
      const before = await streamCount(limited.deps);
      const x = b();
      const res = await postEdge(limited.app, x, sign(x, s.ingest_key, Math.floor(Date.now() / 1000) - 10));
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('60');
      expect(res.json().error.code).toBe('rate_limited');
      expect(await streamCount(limited.deps)).toBe(before);
      // Another address has its own budget.
      const y = b();
      expect((await postEdge(limited.app, y, sign(y, s.ingest_key), '192.0.2.99')).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });
});
