import { createHash } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { agentRollupMinuteProjection } from '../../projections/agent-rollup-minute/projection.js';
import { dimensionRollup } from '../../projections/dimension-rollup/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { serializers } from '../../src/log.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { createSite, signUp, uniqueAddress } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, hit, MIN, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * One designed hour (T0 = 10:00 UTC) on site A: people v1 on / then /pricing, v2 on /, v3 on
 * /pricing (4 pageviews, 3 visitors; /pricing alone: 2 and 2); agents: two GPTBot fetches of /
 * (2,000 bytes). Site B, the same owner's, has one pageview. The owner makes links of A; an admin
 * and a viewer of A are members; a stranger is not.
 */
const HOUR = 3_600_000;
const at = (m: number) => T0 + m * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const PRICING = { dimension: 'pathname', op: 'is', value: '/pricing' };
const HOME = { dimension: 'pathname', op: 'is', value: '/' };
const PASSWORD = 'open sesame 42';

let t: TestApp;
let app: FastifyInstance;
let owner: { cookie: string; userId: number };
let admin: { cookie: string; userId: number };
let viewer: { cookie: string; userId: number };
let stranger: { cookie: string; userId: number };
let siteA: number;
let siteB: number;
let pricingSegment: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { PUBLIC_URL: 'https://stats.example/' } });
  app = t.app;
  [owner, admin, viewer, stranger] = await Promise.all([signUp(app), signUp(app), signUp(app), signUp(app)]);
  siteA = (await createSite(app, owner.cookie, { domain: 'a.example', timezone: 'UTC' })).id;
  siteB = (await createSite(app, owner.cookie, { domain: 'b.example', timezone: 'UTC' })).id;
  await t.database.pool.query(
    `INSERT INTO site_members (site_id, user_id, role) VALUES ($1, $2, 'admin'), ($1, $3, 'viewer')`,
    [siteA, admin.userId, viewer.userId],
  );
  const seg = await app.inject({
    method: 'POST',
    url: '/api/segments',
    headers: { cookie: owner.cookie },
    payload: { site: siteA, name: 'pricing', filters: [PRICING] },
  });
  expect(seg.statusCode, seg.body).toBe(201);
  pricingSegment = seg.json().data.id;
  const people = [
    hit({ site: siteA, visitor: 'v1', ts: at(1) }),
    hit({ site: siteA, visitor: 'v1', ts: at(2), pathname: '/pricing' }),
    hit({ site: siteA, visitor: 'v2', ts: at(10) }),
    hit({ site: siteA, visitor: 'v3', ts: at(20), pathname: '/pricing' }),
    hit({ site: siteB, visitor: 'v9', ts: at(5) }),
  ];
  const agents = [fetched({ site: siteA, ts: at(5) }), fetched({ site: siteA, ts: at(6) })];
  const catalog = loadCatalog();
  const msgs = messages([people, agents]);
  for (const p of [
    rawEvents,
    rollupMinute,
    dimensionRollup,
    agentFetchesProjection(catalog),
    agentRollupMinuteProjection(catalog),
  ])
    await foldBatch(t.deps.db, p, msgs);
});
afterAll(() => t?.close());

async function createShare(cookie: string, body: Record<string, unknown>, site = siteA) {
  return app.inject({ method: 'POST', url: `/api/sites/${site}/shares`, headers: { cookie }, payload: body });
}

async function newShare(
  body: Record<string, unknown> = {},
): Promise<{ id: number; token: string; url: string }> {
  const res = await createShare(owner.cookie, { name: 'board', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** A read with the link's token, over the designed hour of site A unless told otherwise. */
function read(path: string, token: string, params: Record<string, string> = {}, cookie?: string) {
  const qs = new URLSearchParams({
    site: String(siteA),
    start: iso(T0),
    end: iso(T0 + HOUR),
    ...params,
    share: token,
  });
  return app.inject({ method: 'GET', url: `${path}?${qs}`, ...(cookie ? { headers: { cookie } } : {}) });
}

async function data(path: string, token: string, params: Record<string, string> = {}, cookie?: string) {
  const res = await read(path, token, params, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function refusal(res: LightMyRequestResponse) {
  return [res.statusCode, res.json().error];
}

function unlockCookie(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name.startsWith('twofold_share_'));
  if (c === undefined) throw new Error(`no unlock cookie in a ${res.statusCode} response: ${res.body}`);
  return `${c.name}=${c.value}`;
}

function unlock(token: string, password: string, remoteAddress = uniqueAddress()) {
  return app.inject({
    method: 'POST',
    url: `/api/share/${token}/unlock`,
    remoteAddress,
    payload: { password },
  });
}

describe('creating, listing and revoking links', () => {
  it('gives the owner 201 with the token once and its URL; stores only the digest and an argon2id hash', async () => {
    const res = await createShare(owner.cookie, {
      name: '  Board ',
      password: PASSWORD,
      segment: pricingSegment,
      audience: 'human',
    });

    expect(res.statusCode, res.body).toBe(201);
    const { id, token, url } = res.json().data;
    expect(res.json()).toEqual({
      data: { id: expect.any(Number), token: expect.any(String), url: expect.any(String) },
    });
    expect(token).toMatch(/^sh_[A-Za-z0-9_-]{43}$/);
    expect(url).toBe(`https://stats.example/share/${token}`);
    const { rows } = await t.database.pool.query(
      'SELECT site_id, name, token_digest, password_hash, segment_id, audience, created_by FROM shares WHERE id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      site_id: siteA,
      name: 'Board',
      token_digest: createHash('sha256').update(token).digest(),
      segment_id: pricingSegment,
      audience: 'human',
      created_by: owner.userId,
    });
    expect(rows[0].password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(rows)).not.toContain(PASSWORD);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('lets an admin create and list, never showing a token or a password', async () => {
    const made = await createShare(admin.cookie, { name: 'admin link', audience: 'agent' });
    expect(made.statusCode, made.body).toBe(201);

    const res = await app.inject({
      method: 'GET',
      url: `/api/sites/${siteA}/shares`,
      headers: { cookie: admin.cookie },
    });

    expect(res.statusCode).toBe(200);
    const mine = res.json().data.find((s: { id: number }) => s.id === made.json().data.id);
    expect(mine).toEqual({
      id: made.json().data.id,
      site: siteA,
      name: 'admin link',
      password: false,
      segment: null,
      audience: 'agent',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(res.body).not.toContain('sh_');
  });

  it('refuses a viewer and a stranger (403), no session (401), and a share as a credential (401)', async () => {
    const { token } = await newShare();
    const body = { name: 'x' };
    expect(refusal(await createShare(viewer.cookie, body))).toEqual([
      403,
      { code: 'forbidden', message: 'this needs the admin role on the site' },
    ]);
    expect(refusal(await createShare(stranger.cookie, body))).toEqual([
      403,
      { code: 'forbidden', message: 'this site is not yours' },
    ]);
    const anonymous = await app.inject({ method: 'POST', url: `/api/sites/${siteA}/shares`, payload: body });
    expect(anonymous.statusCode).toBe(401);
    const withShare = await app.inject({ method: 'GET', url: `/api/sites/${siteA}/shares?share=${token}` });
    expect(refusal(withShare)).toEqual([401, { code: 'unauthorized', message: 'sign in first' }]);
    const list = await app.inject({
      method: 'GET',
      url: `/api/sites/${siteA}/shares`,
      headers: { cookie: viewer.cookie },
    });
    expect(list.statusCode).toBe(403);
    const unknown = await createShare(owner.cookie, body, 987_654_321);
    expect(refusal(unknown)).toEqual([404, { code: 'not_found', message: 'no such site' }]);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 'x', password: 'short' }, 'password'],
    [{ name: 'x', password: 'p'.repeat(1025) }, 'password'],
    [{ name: 'x', audience: 'all' }, 'audience'],
    [{ name: 'x', segment: 'one' }, 'segment'],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const res = await createShare(owner.cookie, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
  });

  it("refuses another site's segment (404) and a segment the audience cannot read (400)", async () => {
    const other = await app.inject({
      method: 'POST',
      url: '/api/segments',
      headers: { cookie: owner.cookie },
      payload: { site: siteB, name: 'b pricing', filters: [PRICING] },
    });
    const foreign = await createShare(owner.cookie, { name: 'x', segment: other.json().data.id });
    expect(refusal(foreign)).toEqual([
      404,
      { code: 'not_found', message: 'no such segment for this site', field: 'segment' },
    ]);
    const seg = await app.inject({
      method: 'POST',
      url: '/api/segments',
      headers: { cookie: owner.cookie },
      payload: {
        site: siteA,
        name: 'browsers',
        filters: [{ dimension: 'browser', op: 'is', value: 'Firefox' }],
      },
    });
    const agentOnly = await createShare(owner.cookie, {
      name: 'x',
      segment: seg.json().data.id,
      audience: 'agent',
    });
    expect(agentOnly.statusCode).toBe(400);
    expect(agentOnly.json().error).toMatchObject({ code: 'validation_error', field: 'segment' });
  });

  it('revokes for owner and admin (204), refuses a viewer (403), unknown is 404; the next read is 401', async () => {
    const a = await newShare();
    const b = await newShare();
    expect((await read('/api/stats/overview', a.token)).statusCode).toBe(200);
    const del = (id: number, cookie: string) =>
      app.inject({ method: 'DELETE', url: `/api/shares/${id}`, headers: { cookie } });

    expect(refusal(await del(a.id, viewer.cookie))).toEqual([
      403,
      { code: 'forbidden', message: 'this needs the admin role on the site' },
    ]);
    expect((await del(a.id, owner.cookie)).statusCode).toBe(204);
    expect((await del(b.id, admin.cookie)).statusCode).toBe(204);
    expect(refusal(await del(a.id, owner.cookie))).toEqual([
      404,
      { code: 'not_found', message: 'no such shared link' },
    ]);

    expect(refusal(await read('/api/stats/overview', a.token))).toEqual([
      401,
      { code: 'unauthorized', message: 'this shared link does not exist or was revoked', field: 'share' },
    ]);
    expect((await read('/api/agents/overview', b.token)).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/share/${a.token}` })).statusCode).toBe(401);
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM shares WHERE id = ANY($1)', [
      [a.id, b.id],
    ]);
    expect(rows).toEqual([{ n: 0 }]);
  });
});

describe('reads with a link', () => {
  it('reads its site like the owner, people and agents, without any account', async () => {
    const { token } = await newShare();
    expect(await data('/api/stats/overview', token)).toMatchObject({
      visitors: 3,
      pageviews: 4,
      sessions: 3,
    });
    expect(await data('/api/agents/overview', token)).toMatchObject({ fetches: 2, bytes: 2000 });
    const pages = await data('/api/stats/breakdown', token, { dimension: 'pathname' });
    expect(pages.map((r: { value: string; pageviews: number }) => [r.value, r.pageviews]).sort()).toEqual([
      ['/', 2],
      ['/pricing', 2],
    ]);
  });

  it("refuses another site's id with 403, even the same owner's", async () => {
    const { token } = await newShare();
    expect(refusal(await read('/api/stats/overview', token, { site: String(siteB) }))).toEqual([
      403,
      { code: 'forbidden', message: 'this site may not be read' },
    ]);
  });

  it('wins over a session cookie sent beside it: the owner reading B with A’s link is refused', async () => {
    const { token } = await newShare();
    const res = await read('/api/stats/overview', token, { site: String(siteB) }, owner.cookie);
    expect(res.statusCode).toBe(403);
  });

  it('refuses a malformed or unknown token with 401, and is refused by the tool endpoint', async () => {
    for (const token of ['nope', `sh_${'A'.repeat(43)}`])
      expect(refusal(await read('/api/stats/overview', token))).toEqual([
        401,
        { code: 'unauthorized', message: 'this shared link does not exist or was revoked', field: 'share' },
      ]);
    const { token } = await newShare();
    const mcp = await app.inject({
      method: 'POST',
      url: `/api/mcp?share=${token}`,
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
    });
    expect(mcp.statusCode).toBe(401);
  });

  it('limited to a segment, ANDs it onto every read: wider filters or another segment cannot widen it', async () => {
    const { token } = await newShare({ segment: pricingSegment });
    expect(await data('/api/stats/overview', token)).toMatchObject({ visitors: 2, pageviews: 2 });
    const wider = JSON.stringify([{ or: [HOME, PRICING] }]);
    expect(await data('/api/stats/overview', token, { filters: wider })).toMatchObject({
      visitors: 2,
      pageviews: 2,
    });
    expect(await data('/api/stats/overview', token, { filters: JSON.stringify([HOME]) })).toMatchObject({
      visitors: 0,
      pageviews: 0,
    });
    const rows = await data('/api/stats/breakdown', token, { dimension: 'pathname', filters: wider });
    expect(rows.map((r: { value: string; pageviews: number }) => [r.value, r.pageviews])).toEqual([
      ['/pricing', 2],
    ]);
    const home = await app.inject({
      method: 'POST',
      url: '/api/segments',
      headers: { cookie: owner.cookie },
      payload: { site: siteA, name: 'home', filters: [HOME] },
    });
    const both = await data('/api/stats/overview', token, { segment: String(home.json().data.id) });
    expect(both).toMatchObject({ visitors: 0, pageviews: 0 });
    const csv = await read('/api/stats/export.csv', token, { report: 'breakdown', dimension: 'pathname' });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('/pricing');
    expect(csv.body).not.toMatch(/^\/,/m);
  });

  it('follows its segment: an edited segment changes the reads, a deleted one deletes the link', async () => {
    const seg = await app.inject({
      method: 'POST',
      url: '/api/segments',
      headers: { cookie: owner.cookie },
      payload: { site: siteA, name: 'edited', filters: [PRICING] },
    });
    const segId = seg.json().data.id;
    const { token } = await newShare({ segment: segId });
    await app.inject({
      method: 'PATCH',
      url: `/api/segments/${segId}`,
      headers: { cookie: owner.cookie },
      payload: { filters: [HOME] },
    });
    const rows = await data('/api/stats/breakdown', token, { dimension: 'pathname' });
    expect(rows.map((r: { value: string; pageviews: number }) => [r.value, r.pageviews])).toEqual([['/', 2]]);
    await app.inject({ method: 'DELETE', url: `/api/segments/${segId}`, headers: { cookie: owner.cookie } });
    expect((await read('/api/stats/overview', token)).statusCode).toBe(401);
  });

  it('limited to a readership, refuses the other and both with 403 on audience', async () => {
    const people = await newShare({ audience: 'human' });
    expect(await data('/api/stats/overview', people.token)).toMatchObject({ visitors: 3 });
    expect(refusal(await read('/api/agents/overview', people.token))).toEqual([
      403,
      { code: 'forbidden', message: 'this shared link shows only audience=human', field: 'audience' },
    ]);
    expect((await read('/api/stats/overview', people.token, { audience: 'agent' })).statusCode).toBe(403);
    expect((await read('/api/stats/overview', people.token, { audience: 'all' })).statusCode).toBe(403);
    const agents = await newShare({ audience: 'agent' });
    expect(await data('/api/agents/overview', agents.token)).toMatchObject({ fetches: 2 });
    expect((await read('/api/stats/overview', agents.token)).statusCode).toBe(403);
  });

  it('holds its own read budget: READ_CONCURRENCY reads in flight for the link, then 429', async () => {
    const { id, token } = await newShare();
    const gives = Array.from({ length: t.deps.readSlots.limit }, () => t.deps.readSlots.take(`share:${id}`)!);
    try {
      const res = await read('/api/stats/overview', token);
      expect(refusal(res)).toEqual([
        429,
        {
          code: 'rate_limited',
          message: `more than ${t.deps.readSlots.limit} reads in flight for this shared link; retry when one has finished`,
        },
      ]);
      expect(res.headers['retry-after']).toBe('1');
      // Another link, and the owner, have their own budgets.
      expect((await read('/api/stats/overview', (await newShare()).token)).statusCode).toBe(200);
    } finally {
      for (const give of gives) give();
    }
    expect((await read('/api/stats/overview', token)).statusCode).toBe(200);
  });
});

describe('a link with a password', () => {
  it('is refused without the cookie (401 on password), opens with the right password, for its own link only', async () => {
    const locked = await newShare({ password: PASSWORD });
    const other = await newShare({ password: PASSWORD });
    expect(refusal(await read('/api/stats/overview', locked.token))).toEqual([
      401,
      { code: 'unauthorized', message: 'this shared link needs its password', field: 'password' },
    ]);
    expect((await app.inject({ url: `/api/share/${locked.token}` })).statusCode).toBe(401);

    const wrong = await unlock(locked.token, 'not the password');
    expect(refusal(wrong)).toEqual([
      401,
      { code: 'unauthorized', message: 'wrong password', field: 'password' },
    ]);
    expect(wrong.cookies).toEqual([]);

    const right = await unlock(locked.token, PASSWORD);
    expect(right.statusCode, right.body).toBe(204);
    const set = right.cookies.find((c) => c.name === `twofold_share_${locked.id}`)!;
    expect(set).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(set.maxAge).toBe(12 * 3600);
    const cookie = unlockCookie(right);
    const { rows } = await t.database.pool.query(
      'SELECT share_id FROM share_unlocks WHERE token_digest = $1',
      [createHash('sha256').update(set.value).digest()],
    );
    expect(rows).toEqual([{ share_id: locked.id }]);

    expect(await data('/api/stats/overview', locked.token, {}, cookie)).toMatchObject({
      visitors: 3,
      pageviews: 4,
    });
    const info = await app.inject({ url: `/api/share/${locked.token}`, headers: { cookie } });
    expect(info.json()).toEqual({
      data: {
        name: 'board',
        site: { id: siteA, domain: 'a.example', timezone: 'UTC' },
        segment: null,
        audience: null,
      },
    });
    // The cookie names its link: renamed to the other link's, it opens nothing.
    const forged = `twofold_share_${other.id}=${set.value}`;
    expect((await read('/api/stats/overview', other.token, {}, forged)).statusCode).toBe(401);

    // Revoked: the cookie fails with the link on the next request.
    await app.inject({
      method: 'DELETE',
      url: `/api/shares/${locked.id}`,
      headers: { cookie: owner.cookie },
    });
    expect((await read('/api/stats/overview', locked.token, {}, cookie)).statusCode).toBe(401);
    const left = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM share_unlocks WHERE share_id = $1',
      [locked.id],
    );
    expect(left.rows).toEqual([{ n: 0 }]);
  });

  it('answers unlock of an unknown link 401 and of a link without a password 204 without a cookie', async () => {
    expect(refusal(await unlock(`sh_${'B'.repeat(43)}`, PASSWORD))).toEqual([
      401,
      { code: 'unauthorized', message: 'this shared link does not exist or was revoked', field: 'share' },
    ]);
    const open = await newShare();
    const res = await unlock(open.token, 'anything');
    expect([res.statusCode, res.cookies]).toEqual([204, []]);
  });

  it('limits password attempts per address like login: 40 in 5 minutes, then 429 with Retry-After', async () => {
    const { token } = await newShare({ password: PASSWORD });
    const address = uniqueAddress();
    for (let i = 0; i < 40; i++) {
      // An empty body is refused (400) after the attempt is counted: no argon2 work per attempt here.
      const res = await app.inject({
        method: 'POST',
        url: `/api/share/${token}/unlock`,
        remoteAddress: address,
        payload: {},
      });
      expect(res.statusCode).toBe(400);
    }
    const refused = await unlock(token, PASSWORD, address);
    expect(refusal(refused)).toEqual([
      429,
      { code: 'rate_limited', message: 'too many attempts; try again later' },
    ]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await unlock(token, PASSWORD)).statusCode).toBe(204);
  });
});

describe('request logs', () => {
  it("mask a link's token in a path, so a log does not open the link", async () => {
    const { token } = await newShare();
    for (const url of [`/share/${token}?tab=agents`, `/api/share/${token}/unlock`])
      expect(serializers.req({ method: 'GET', url }).url).toBe(url.split('?')[0]!.replace(token, 'sh_…'));
  });
});
