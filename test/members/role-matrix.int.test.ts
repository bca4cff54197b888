import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createKey, createSite, signUp, uniqueEmail } from '../support/accounts.js';
import { accept, addMember, inviteByLink } from '../support/members.js';

/**
 * Who may do what on a site: every management route, a read of each read family, an export and
 * the tool endpoint, asked by the owner, an admin, a viewer, a stranger, an API key an admin made,
 * and a key whose maker (an admin) was then removed. Each cell is one request with an exact status.
 */
const WHO = ['owner', 'admin', 'viewer', 'stranger', 'adminKey', 'removedKey'] as const;
type Who = (typeof WHO)[number];
type Credential = { cookie: string } | { authorization: string };

let t: TestApp;
let site: number;
const cred = {} as Record<Who, Credential>;
const users = {} as Record<'owner' | 'admin' | 'viewer' | 'stranger', { cookie: string; email: string }>;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await signUp(t.app);
  site = (await createSite(t.app, owner.cookie)).id;
  const admin = await addMember(t.app, owner.cookie, site, 'admin');
  const viewer = await addMember(t.app, owner.cookie, site, 'viewer');
  const stranger = await signUp(t.app);
  await createSite(t.app, stranger.cookie);
  const leaving = await addMember(t.app, owner.cookie, site, 'admin');
  const adminKey = await createKey(t.app, admin.cookie, site, 'admin key');
  const removedKey = await createKey(t.app, leaving.cookie, site, 'removed key');
  const removed = await t.app.inject({
    method: 'DELETE',
    url: `/api/sites/${site}/members/${leaving.userId}`,
    headers: { cookie: owner.cookie },
  });
  expect(removed.statusCode).toBe(204);
  Object.assign(users, { owner, admin, viewer, stranger });
  Object.assign(cred, {
    owner: { cookie: owner.cookie },
    admin: { cookie: admin.cookie },
    viewer: { cookie: viewer.cookie },
    stranger: { cookie: stranger.cookie },
    adminKey: { authorization: `Bearer ${adminKey.key}` },
    removedKey: { authorization: `Bearer ${removedKey.key}` },
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** A request as the owner makes it (to set up what a cell changes). */
async function asOwner(method: InjectOptions['method'], url: string, payload?: object) {
  const res = await t.app.inject({ method, url, headers: cred.owner, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

type Request = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };
interface Row {
  route: string;
  /** The request of one cell; anything it changes is made for that cell alone. */
  request: () => Promise<Request>;
  expected: Record<Who, number>;
}

/** Statuses by who asks, for each kind of route. */
const READ = (ok: number) => ({
  owner: ok,
  admin: ok,
  viewer: ok,
  stranger: 403,
  adminKey: ok,
  removedKey: 401,
});
const VIEWER = (ok: number) => ({
  owner: ok,
  admin: ok,
  viewer: ok,
  stranger: 403,
  adminKey: 401,
  removedKey: 401,
});
const ADMIN = (ok: number) => ({
  owner: ok,
  admin: ok,
  viewer: 403,
  stranger: 403,
  adminKey: 401,
  removedKey: 401,
});
/** A read of what the site's agents did, for those who manage the site: their sessions and their keys. */
const ADMIN_READ = (ok: number) => ({
  owner: ok,
  admin: ok,
  viewer: 403,
  stranger: 403,
  adminKey: ok,
  removedKey: 401,
});
const OWNER = (ok: number) => ({
  owner: ok,
  admin: 403,
  viewer: 403,
  stranger: 403,
  adminKey: 401,
  removedKey: 401,
});
const ANY_SESSION = (ok: number) => ({
  owner: ok,
  admin: ok,
  viewer: ok,
  stranger: ok,
  adminKey: 401,
  removedKey: 401,
});
const KEY_ONLY = (ok: number) => ({
  owner: 401,
  admin: 401,
  viewer: 401,
  stranger: 401,
  adminKey: ok,
  removedKey: 401,
});

const get = (url: string) => async (): Promise<Request> => ({ method: 'GET', url });
const readUrl =
  (path: string, extra = '') =>
  () =>
    `${path}?site=${site}&range=7d${extra}`;

const newGoal = () => asOwner('POST', '/api/goals', { site, path: `/goal-${++seq}` });
const newFunnel = () =>
  asOwner('POST', '/api/funnels', { site, name: `funnel ${++seq}`, steps: [{ path: '/a' }, { path: '/b' }] });
const newSegment = () => asOwner('POST', '/api/segments', { site, name: `segment ${++seq}`, filters: [] });
/** A new account that joined the site as a viewer. */
const newViewer = () => addMember(t.app, users.owner.cookie, site, 'viewer');

/** A site of its own for a cell that hands the site over: the same team, and a member to hand it to. */
async function transferSite() {
  const id = (await createSite(t.app, users.owner.cookie)).id;
  for (const role of ['admin', 'viewer'] as const) {
    const token = await inviteByLink(t.app, users.owner.cookie, id, users[role].email, role);
    expect((await accept(t.app, token, users[role].cookie)).statusCode).toBe(200);
  }
  const heir = await addMember(t.app, users.owner.cookie, id, 'viewer');
  return { id, heir: heir.userId };
}

const ROWS: Row[] = [
  {
    route: 'GET /api/sites/:id',
    request: async () => ({ method: 'GET', url: `/api/sites/${site}` }),
    expected: VIEWER(200),
  },
  {
    route: 'PATCH /api/sites/:id',
    request: async () => ({ method: 'PATCH', url: `/api/sites/${site}`, payload: { respect_dnt: false } }),
    expected: ADMIN(200),
  },
  {
    route: 'GET /api/sites/:id/ingest-key',
    request: async () => ({ method: 'GET', url: `/api/sites/${site}/ingest-key` }),
    expected: ADMIN(200),
  },
  ...['robots.txt', 'llms.txt'].map((file) => ({
    route: `PUT /api/sites/:id/policy/${file}`,
    request: async () => ({
      method: 'PUT' as const,
      url: `/api/sites/${site}/policy/${file}`,
      headers: { 'content-type': 'text/plain' },
      payload: `User-agent: *\nDisallow: /private-${++seq}\n`,
    }),
    expected: ADMIN(204),
  })),
  {
    route: 'GET /api/sites/:id/robots/suggest',
    request: async () => ({ method: 'GET', url: `/api/sites/${site}/robots/suggest?training=disallow` }),
    expected: ADMIN_READ(200),
  },
  {
    route: 'GET /api/sites/:id/members',
    request: async () => ({ method: 'GET', url: `/api/sites/${site}/members` }),
    expected: ADMIN(200),
  },
  {
    route: 'POST /api/sites/:id/members',
    request: async () => ({
      method: 'POST',
      url: `/api/sites/${site}/members`,
      payload: { email: uniqueEmail(), role: 'viewer' },
    }),
    expected: ADMIN(201),
  },
  {
    route: 'PATCH /api/sites/:id/members/:user (role)',
    request: async () => ({
      method: 'PATCH',
      url: `/api/sites/${site}/members/${(await newViewer()).userId}`,
      payload: { role: 'admin' },
    }),
    expected: ADMIN(200),
  },
  {
    route: 'PATCH /api/sites/:id/members/:user (transfer)',
    request: async () => {
      const { id, heir } = await transferSite();
      return { method: 'PATCH', url: `/api/sites/${id}/members/${heir}`, payload: { role: 'owner' } };
    },
    expected: OWNER(200),
  },
  {
    route: 'DELETE /api/sites/:id/members/:user',
    request: async () => ({
      method: 'DELETE',
      url: `/api/sites/${site}/members/${(await newViewer()).userId}`,
    }),
    expected: ADMIN(204),
  },
  {
    route: 'POST /api/keys',
    request: async () => ({ method: 'POST', url: '/api/keys', payload: { name: 'k', site } }),
    expected: ADMIN(201),
  },
  { route: 'GET /api/keys', request: get('/api/keys'), expected: ANY_SESSION(200) },
  {
    route: 'GET /api/goals',
    request: async () => ({ method: 'GET', url: `/api/goals?site=${site}` }),
    expected: VIEWER(200),
  },
  {
    route: 'POST /api/goals',
    request: async () => ({
      method: 'POST',
      url: '/api/goals',
      payload: { site, path: `/new-goal-${++seq}` },
    }),
    expected: ADMIN(201),
  },
  {
    route: 'DELETE /api/goals/:id',
    request: async () => ({ method: 'DELETE', url: `/api/goals/${(await newGoal()).id}` }),
    expected: ADMIN(204),
  },
  {
    route: 'GET /api/funnels',
    request: async () => ({ method: 'GET', url: `/api/funnels?site=${site}` }),
    expected: VIEWER(200),
  },
  {
    route: 'POST /api/funnels',
    request: async () => ({
      method: 'POST',
      url: '/api/funnels',
      payload: { site, name: `new funnel ${++seq}`, steps: [{ path: '/a' }, { event: 'signup' }] },
    }),
    expected: ADMIN(201),
  },
  {
    route: 'DELETE /api/funnels/:id',
    request: async () => ({ method: 'DELETE', url: `/api/funnels/${(await newFunnel()).id}` }),
    expected: ADMIN(204),
  },
  {
    route: 'GET /api/segments',
    request: async () => ({ method: 'GET', url: `/api/segments?site=${site}` }),
    expected: VIEWER(200),
  },
  {
    route: 'POST /api/segments',
    request: async () => ({
      method: 'POST',
      url: '/api/segments',
      payload: { site, name: `new segment ${++seq}`, filters: [] },
    }),
    expected: ADMIN(201),
  },
  {
    route: 'GET /api/segments/:id',
    request: async () => ({ method: 'GET', url: `/api/segments/${(await newSegment()).id}` }),
    expected: VIEWER(200),
  },
  {
    route: 'PATCH /api/segments/:id',
    request: async () => ({
      method: 'PATCH',
      url: `/api/segments/${(await newSegment()).id}`,
      payload: { name: `renamed ${++seq}` },
    }),
    expected: ADMIN(200),
  },
  {
    route: 'DELETE /api/segments/:id',
    request: async () => ({ method: 'DELETE', url: `/api/segments/${(await newSegment()).id}` }),
    expected: ADMIN(204),
  },
  ...[
    '/api/stats/overview',
    '/api/stats/sessions',
    '/api/stats/goals',
    '/api/stats/performance',
    '/api/agents/overview',
    '/api/citation-gap',
    '/api/content/decay',
    '/api/policy',
  ].map((path) => ({
    route: `GET ${path}`,
    request: async () => ({ method: 'GET' as const, url: readUrl(path)() }),
    expected: READ(200),
  })),
  {
    route: 'GET /api/stats/export.csv',
    request: async () => ({ method: 'GET', url: readUrl('/api/stats/export.csv', '&report=pages')() }),
    expected: READ(200),
  },
  {
    route: 'POST /api/mcp',
    request: async () => ({
      method: 'POST',
      url: '/api/mcp',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_overview', arguments: { site, range: '7d' } },
      }),
    }),
    expected: KEY_ONLY(200),
  },
];

const CELLS = ROWS.flatMap((row) => WHO.map((who) => [row.route, who, row.expected[who], row] as const));

describe('the role matrix', () => {
  it.each(CELLS)('%s by %s answers %i', async (_route, who, status, row) => {
    const { headers, ...request } = await row.request();
    const res = await t.app.inject({ ...request, headers: { ...headers, ...cred[who] } });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  });

  it('lets the MCP tool answer the key of a member with the data, and lists the site for it', async () => {
    const call = (name: string, args: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/mcp',
        headers: { ...cred.adminKey, 'content-type': 'application/json' },
        payload: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name, arguments: args },
        }),
      });
    const overview = await call('get_overview', { site, range: '7d' });
    const sites = await call('list_sites', {});
    expect(overview.json().result.isError).toBeUndefined();
    expect(sites.json().result.structuredContent.data.map((s: { id: number }) => s.id)).toEqual([site]);
  });
});
