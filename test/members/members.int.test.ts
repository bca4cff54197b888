import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenDigest } from '../../src/auth/tokens.js';
import { publicUrl } from '../../src/config.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createKey, createSite, signUp, uniqueEmail } from '../support/accounts.js';
import { accept, addMember, inviteByLink } from '../support/members.js';

/** Members and invitations on an app without SMTP: invitation links come back in the response. */
let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function send(method: Method, url: string, cookie: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
}

const DAY_MS = 86_400_000;

async function pendingRows(siteId: number) {
  const { rows } = await t.database.pool.query<{
    email: string;
    role: string;
    row: string;
    token_digest: Buffer;
  }>(
    `SELECT email, role, to_jsonb(i)::text AS row, token_digest FROM site_invitations i
     WHERE site_id = $1 AND accepted_at IS NULL ORDER BY id`,
    [siteId],
  );
  return rows;
}

describe('POST /api/sites/:id/members without SMTP', () => {
  it('answers 201 with the link once, and stores only its digest', async () => {
    const site = await createSite(t.app, owner.cookie);
    const before = Date.now();

    const res = await send('POST', `/api/sites/${site.id}/members`, owner.cookie, {
      email: ' New.Person@Example.TEST ',
      role: 'viewer',
    });

    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({
      email: 'new.person@example.test',
      role: 'viewer',
      invited_by: owner.userId,
      created_at: expect.any(String),
      expires_at: expect.any(String),
      mailed: false,
      url: expect.stringMatching(/\/invitations\/inv_[A-Za-z0-9_-]{43}$/),
    });
    expect(data.url.startsWith(`${publicUrl(t.deps.config)}/invitations/`)).toBe(true);
    const lifetime = Date.parse(data.expires_at) - Date.parse(data.created_at);
    expect(lifetime).toBe(7 * DAY_MS);
    expect(Date.parse(data.created_at)).toBeGreaterThanOrEqual(before - 5_000);
    const token = data.url.slice(data.url.lastIndexOf('/') + 1);
    const rows = await pendingRows(site.id);
    expect(rows.map((r) => [r.email, r.role])).toEqual([['new.person@example.test', 'viewer']]);
    expect(rows[0]!.token_digest.equals(tokenDigest(token))).toBe(true);
    expect(rows[0]!.row).not.toContain(token);
    expect(rows[0]!.row).not.toContain(token.slice(4));

    // Listed as pending, without the link.
    const list = await send('GET', `/api/sites/${site.id}/members`, owner.cookie);
    expect(list.json().data.invitations).toEqual([
      {
        email: 'new.person@example.test',
        role: 'viewer',
        invited_by: owner.userId,
        created_at: data.created_at,
        expires_at: data.expires_at,
      },
    ]);
    expect(list.body).not.toContain(token);
  });

  it('replaces a pending invitation for the same email: the old link stops working', async () => {
    const site = await createSite(t.app, owner.cookie);
    const invited = await signUp(t.app);
    const first = await inviteByLink(t.app, owner.cookie, site.id, invited.email, 'admin');
    const second = await inviteByLink(t.app, owner.cookie, site.id, invited.email, 'viewer');

    expect((await pendingRows(site.id)).map((r) => [r.email, r.role])).toEqual([[invited.email, 'viewer']]);
    const old = await accept(t.app, first, invited.cookie);
    expect([old.statusCode, old.json().error.code, old.json().error.field]).toEqual([
      404,
      'not_found',
      'token',
    ]);
    const now = await accept(t.app, second, invited.cookie);
    expect([now.statusCode, now.json().data.role]).toEqual([200, 'viewer']);
  });

  it('answers 409 on email for someone already on the site, the owner included', async () => {
    const site = await createSite(t.app, owner.cookie);
    const member = await addMember(t.app, owner.cookie, site.id, 'viewer');

    for (const email of [member.email, owner.email.toUpperCase()]) {
      const res = await send('POST', `/api/sites/${site.id}/members`, owner.cookie, { email, role: 'admin' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: { code: 'conflict', message: 'this person is already on the site', field: 'email' },
      });
    }
    expect(await pendingRows(site.id)).toEqual([]);
  });

  it.each([
    ['role', { email: 'a@example.test', role: 'owner' }],
    ['role', { email: 'a@example.test' }],
    ['email', { email: 'not an email', role: 'viewer' }],
    ['email', { email: `${'a'.repeat(250)}@example.test`, role: 'viewer' }],
  ])('answers 400 validation_error on %s', async (field, body) => {
    const site = await createSite(t.app, owner.cookie);
    const res = await send('POST', `/api/sites/${site.id}/members`, owner.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
  });

  it('refuses a 51st pending invitation with 409, and stores nothing', async () => {
    const site = await createSite(t.app, owner.cookie);
    await t.database.pool.query(
      `INSERT INTO site_invitations (site_id, email, role, token_digest, expires_at)
       SELECT $1::bigint, 'p' || n || '@example.test', 'viewer', sha256(('x' || n || '-' || $1::text)::bytea), now() + interval '1 day'
       FROM generate_series(1, 50) n`,
      [site.id],
    );

    const res = await send('POST', `/api/sites/${site.id}/members`, owner.cookie, {
      email: 'one-more@example.test',
      role: 'viewer',
    });

    expect([res.statusCode, res.json().error.code]).toEqual([409, 'conflict']);
    expect((await pendingRows(site.id)).length).toBe(50);
    // Re-inviting one of them replaces it rather than adding one.
    const again = await send('POST', `/api/sites/${site.id}/members`, owner.cookie, {
      email: 'p7@example.test',
      role: 'admin',
    });
    expect(again.statusCode).toBe(201);
    expect((await pendingRows(site.id)).length).toBe(50);
  });
});

describe('the invitations a site may send', () => {
  it('are at most 30 an hour (replacements included): the 31st is 429 with Retry-After', async () => {
    const site = await createSite(t.app, owner.cookie);
    const invite = (email: string) =>
      send('POST', `/api/sites/${site.id}/members`, owner.cookie, { email, role: 'viewer' });
    const statuses: number[] = [];
    for (let i = 0; i < 29; i++) statuses.push((await invite(uniqueEmail())).statusCode);
    statuses.push((await invite('again@example.test')).statusCode);

    const over = await invite('again@example.test');

    expect(statuses).toEqual(Array(30).fill(201));
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('rate_limited');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await pendingRows(site.id)).length).toBe(30);
  });
});

describe('POST /api/invitations/:token/accept', () => {
  it('makes the invited account a member, once, and answers 200 with the site and role', async () => {
    const site = await createSite(t.app, owner.cookie, { domain: 'accept.example' });
    const invited = await signUp(t.app);
    const token = await inviteByLink(t.app, owner.cookie, site.id, invited.email.toUpperCase(), 'admin');

    const res = await accept(t.app, token, invited.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: site.id,
        domain: 'accept.example',
        timezone: 'UTC',
        hostnames: ['accept.example'],
        excluded_paths: [],
        respect_dnt: false,
        role: 'admin',
      },
    });
    const { rows } = await t.database.pool.query(
      'SELECT user_id, role FROM site_members WHERE site_id = $1',
      [site.id],
    );
    expect(rows).toEqual([{ user_id: invited.userId, role: 'admin' }]);
    const again = await accept(t.app, token, invited.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      error: {
        code: 'not_found',
        message: 'this invitation does not exist, was used or has expired',
        field: 'token',
      },
    });
    expect(await pendingRows(site.id)).toEqual([]);
  });

  it('answers 403 to an account whose email is not the invited one, and the link stays usable', async () => {
    const site = await createSite(t.app, owner.cookie);
    const invited = await signUp(t.app);
    const other = await signUp(t.app);
    const token = await inviteByLink(t.app, owner.cookie, site.id, invited.email, 'viewer');

    const res = await accept(t.app, token, other.cookie);

    expect([res.statusCode, res.json().error.code]).toEqual([403, 'forbidden']);
    const { rowCount } = await t.database.pool.query('SELECT 1 FROM site_members WHERE site_id = $1', [
      site.id,
    ]);
    expect(rowCount).toBe(0);
    expect((await accept(t.app, token, invited.cookie)).statusCode).toBe(200);
  });

  it('answers 404 on token for an expired link, an unknown one and garbage', async () => {
    const site = await createSite(t.app, owner.cookie);
    const invited = await signUp(t.app);
    const token = await inviteByLink(t.app, owner.cookie, site.id, invited.email, 'viewer');
    await t.database.pool.query(
      `UPDATE site_invitations SET expires_at = now() - interval '1 second' WHERE token_digest = $1`,
      [tokenDigest(token)],
    );

    for (const tk of [token, `inv_${'A'.repeat(43)}`, 'garbage']) {
      const res = await accept(t.app, tk, invited.cookie);
      expect([res.statusCode, res.json().error.code, res.json().error.field]).toEqual([
        404,
        'not_found',
        'token',
      ]);
    }
    // A token past the router's bound on a path segment never reaches the route.
    const long = await accept(t.app, `inv_${'A'.repeat(300)}`, invited.cookie);
    expect([long.statusCode, long.json().error.code]).toEqual([400, 'bad_request']);
    // Expired invitations are not listed as pending.
    const list = await send('GET', `/api/sites/${site.id}/members`, owner.cookie);
    expect(list.json().data.invitations).toEqual([]);
  });

  it('answers 401 without a session, and leaves the invitation pending', async () => {
    const site = await createSite(t.app, owner.cookie);
    const token = await inviteByLink(t.app, owner.cookie, site.id, uniqueEmail(), 'viewer');

    const res = await t.app.inject({ method: 'POST', url: `/api/invitations/${token}/accept` });

    expect([res.statusCode, res.json().error.code]).toEqual([401, 'unauthorized']);
    expect((await pendingRows(site.id)).length).toBe(1);
  });
});

describe('GET /api/sites/:id/members and GET /api/sites', () => {
  it('lists the owner first, then members by arrival; GET /api/sites gives each user their role', async () => {
    const site = await createSite(t.app, owner.cookie);
    const admin = await addMember(t.app, owner.cookie, site.id, 'admin');
    const viewer = await addMember(t.app, owner.cookie, site.id, 'viewer');
    const own = await createSite(t.app, viewer.cookie);

    const res = await send('GET', `/api/sites/${site.id}/members`, admin.cookie);

    expect(res.statusCode).toBe(200);
    expect(res.json().data.members).toEqual([
      { user: owner.userId, email: owner.email, role: 'owner', since: expect.any(String) },
      { user: admin.userId, email: admin.email, role: 'admin', since: expect.any(String) },
      { user: viewer.userId, email: viewer.email, role: 'viewer', since: expect.any(String) },
    ]);
    const sites = await send('GET', '/api/sites', viewer.cookie);
    expect(sites.json().data.map((s: { id: number; role: string }) => [s.id, s.role])).toEqual([
      [site.id, 'viewer'],
      [own.id, 'owner'],
    ]);
  });
});

describe('PATCH /api/sites/:id/members/:user', () => {
  it('lets an admin change a viewer to admin and back, answering 200 with the member', async () => {
    const site = await createSite(t.app, owner.cookie);
    const admin = await addMember(t.app, owner.cookie, site.id, 'admin');
    const viewer = await addMember(t.app, owner.cookie, site.id, 'viewer');

    const up = await send('PATCH', `/api/sites/${site.id}/members/${viewer.userId}`, admin.cookie, {
      role: 'admin',
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({
      data: { user: viewer.userId, email: viewer.email, role: 'admin', since: expect.any(String) },
    });
    const down = await send('PATCH', `/api/sites/${site.id}/members/${viewer.userId}`, owner.cookie, {
      role: 'viewer',
    });
    expect([down.statusCode, down.json().data.role]).toEqual([200, 'viewer']);
    const { rows } = await t.database.pool.query('SELECT role FROM site_members WHERE user_id = $1', [
      viewer.userId,
    ]);
    expect(rows).toEqual([{ role: 'viewer' }]);
  });

  it("refuses to change the owner's role (403), an unknown member (404 on user) and a bad role (400)", async () => {
    const site = await createSite(t.app, owner.cookie);
    const admin = await addMember(t.app, owner.cookie, site.id, 'admin');
    const stranger = await signUp(t.app);
    const url = (user: number | string) => `/api/sites/${site.id}/members/${user}`;

    const ownerRole = await send('PATCH', url(owner.userId), admin.cookie, { role: 'viewer' });
    const selfOwner = await send('PATCH', url(owner.userId), owner.cookie, { role: 'admin' });
    const unknown = await send('PATCH', url(stranger.userId), owner.cookie, { role: 'viewer' });
    const malformed = await send('PATCH', url('x'), owner.cookie, { role: 'viewer' });
    const bad = await send('PATCH', url(admin.userId), owner.cookie, { role: 'king' });

    expect(ownerRole.json().error).toMatchObject({ code: 'forbidden', field: 'user' });
    expect([ownerRole.statusCode, selfOwner.statusCode]).toEqual([403, 403]);
    expect(unknown.json()).toEqual({
      error: { code: 'not_found', message: 'no such member of this site', field: 'user' },
    });
    expect(malformed.statusCode).toBe(404);
    expect([bad.statusCode, bad.json().error.field]).toEqual([400, 'role']);
  });
});

describe('transfer of ownership: PATCH …/members/:user {"role":"owner"}', () => {
  it('makes the member the owner and the previous owner an admin, in one step', async () => {
    const first = await signUp(t.app);
    const site = await createSite(t.app, first.cookie);
    const next = await addMember(t.app, first.cookie, site.id, 'viewer');

    const res = await send('PATCH', `/api/sites/${site.id}/members/${next.userId}`, first.cookie, {
      role: 'owner',
    });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { user: next.userId, email: next.email, role: 'owner', since: expect.any(String) },
    });
    const owners = await t.database.pool.query('SELECT owner_id FROM sites WHERE id = $1', [site.id]);
    expect(owners.rows).toEqual([{ owner_id: next.userId }]);
    const members = await t.database.pool.query('SELECT user_id, role FROM site_members WHERE site_id = $1', [
      site.id,
    ]);
    expect(members.rows).toEqual([{ user_id: first.userId, role: 'admin' }]);
    const list = await send('GET', `/api/sites/${site.id}/members`, next.cookie);
    expect(list.json().data.members.map((m: { user: number; role: string }) => [m.user, m.role])).toEqual([
      [next.userId, 'owner'],
      [first.userId, 'admin'],
    ]);

    // The previous owner, now an admin, may neither take it back nor leave it to another.
    const back = await send('PATCH', `/api/sites/${site.id}/members/${next.userId}`, first.cookie, {
      role: 'owner',
    });
    expect([back.statusCode, back.json().error.code]).toEqual([403, 'forbidden']);
  });

  it('is refused to an admin and a viewer (403) and for someone not on the site (404)', async () => {
    const site = await createSite(t.app, owner.cookie);
    const admin = await addMember(t.app, owner.cookie, site.id, 'admin');
    const viewer = await addMember(t.app, owner.cookie, site.id, 'viewer');
    const outsider = await signUp(t.app);
    const url = (user: number) => `/api/sites/${site.id}/members/${user}`;

    const byAdmin = await send('PATCH', url(viewer.userId), admin.cookie, { role: 'owner' });
    const byViewer = await send('PATCH', url(admin.userId), viewer.cookie, { role: 'owner' });
    const toOutsider = await send('PATCH', url(outsider.userId), owner.cookie, { role: 'owner' });

    expect([byAdmin.statusCode, byViewer.statusCode, toOutsider.statusCode]).toEqual([403, 403, 404]);
    const owners = await t.database.pool.query('SELECT owner_id FROM sites WHERE id = $1', [site.id]);
    expect(owners.rows).toEqual([{ owner_id: owner.userId }]);
  });
});

describe('DELETE /api/sites/:id/members/:user', () => {
  it('lets an admin remove a member: their reads stop and the keys they made are revoked', async () => {
    const site = await createSite(t.app, owner.cookie);
    const admin = await addMember(t.app, owner.cookie, site.id, 'admin');
    const other = await addMember(t.app, owner.cookie, site.id, 'admin');
    const { key } = await createKey(t.app, other.cookie, site.id);
    const read = (headers: Record<string, string>) =>
      t.app.inject({ url: `/api/stats/overview?site=${site.id}&range=30d`, headers });
    expect((await read({ authorization: `Bearer ${key}` })).statusCode).toBe(200);

    const res = await send('DELETE', `/api/sites/${site.id}/members/${other.userId}`, admin.cookie);

    expect(res.statusCode).toBe(204);
    expect((await read({ cookie: other.cookie })).statusCode).toBe(403);
    expect((await read({ authorization: `Bearer ${key}` })).statusCode).toBe(401);
    const keys = await t.database.pool.query(
      'SELECT revoked_at IS NOT NULL AS revoked FROM api_keys WHERE user_id = $1',
      [other.userId],
    );
    expect(keys.rows).toEqual([{ revoked: true }]);
    const again = await send('DELETE', `/api/sites/${site.id}/members/${other.userId}`, admin.cookie);
    expect(again.statusCode).toBe(404);
  });

  it('refuses removing the owner (403), and a viewer removing someone else (403)', async () => {
    const site = await createSite(t.app, owner.cookie);
    const admin = await addMember(t.app, owner.cookie, site.id, 'admin');
    const viewer = await addMember(t.app, owner.cookie, site.id, 'viewer');
    const url = (user: number) => `/api/sites/${site.id}/members/${user}`;

    const ownerGone = await send('DELETE', url(owner.userId), admin.cookie);
    const byViewer = await send('DELETE', url(admin.userId), viewer.cookie);

    expect([ownerGone.statusCode, ownerGone.json().error.field]).toEqual([403, 'user']);
    expect(byViewer.statusCode).toBe(403);
    const { rowCount } = await t.database.pool.query('SELECT 1 FROM site_members WHERE site_id = $1', [
      site.id,
    ]);
    expect(rowCount).toBe(2);
  });

  it('lets a member leave (204): the site leaves their list; the owner cannot leave (403)', async () => {
    const site = await createSite(t.app, owner.cookie);
    const viewer = await addMember(t.app, owner.cookie, site.id, 'viewer');

    const leave = await send('DELETE', `/api/sites/${site.id}/members/${viewer.userId}`, viewer.cookie);
    const ownerLeaves = await send('DELETE', `/api/sites/${site.id}/members/${owner.userId}`, owner.cookie);

    expect([leave.statusCode, ownerLeaves.statusCode]).toEqual([204, 403]);
    expect((await send('GET', '/api/sites', viewer.cookie)).json().data).toEqual([]);
    expect((await send('GET', `/api/sites/${site.id}`, viewer.cookie)).statusCode).toBe(403);
  });
});

describe('an API key made by a member', () => {
  it('reads while its maker is on the site, whatever their role, and stops the moment they are not', async () => {
    const site = await createSite(t.app, owner.cookie);
    const admin = await addMember(t.app, owner.cookie, site.id, 'admin');
    const { key } = await createKey(t.app, admin.cookie, site.id);
    const bearer = { authorization: `Bearer ${key}` };
    const sites = () => t.app.inject({ url: '/api/sites', headers: bearer });
    const read = () =>
      t.app.inject({ url: `/api/stats/overview?site=${site.id}&range=30d`, headers: bearer });

    await send('PATCH', `/api/sites/${site.id}/members/${admin.userId}`, owner.cookie, { role: 'viewer' });
    expect((await read()).statusCode).toBe(200);
    expect((await sites()).json().data.map((s: { id: number; role: string }) => [s.id, s.role])).toEqual([
      [site.id, 'viewer'],
    ]);

    // Without its maker on the site (the row gone, the key not yet revoked), it reads nothing.
    await t.database.pool.query('DELETE FROM site_members WHERE site_id = $1 AND user_id = $2', [
      site.id,
      admin.userId,
    ]);
    expect((await read()).statusCode).toBe(403);
    expect((await sites()).json()).toEqual({ data: [] });
  });
});
