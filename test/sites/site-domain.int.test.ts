import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';

// A site's domain is where its robots.txt and llms.txt are fetched from: a name that is an
// address, or this machine, would point the fetcher inside the network (issue 24, finding 4).
let t: TestApp;
let owner: { cookie: string; userId: number };
beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUp(t.app);
});
afterAll(async () => {
  await t?.close();
});

const post = (domain: string) =>
  t.app.inject({ method: 'POST', url: '/api/sites', headers: { cookie: owner.cookie }, payload: { domain } });
const domains = async () =>
  (
    await t.database.pool.query<{ domain: string }>(
      'SELECT domain FROM sites WHERE owner_id = $1 ORDER BY id',
      [owner.userId],
    )
  ).rows.map((r) => r.domain);

describe('a site domain is a public DNS name', () => {
  it.each([
    ['127.0.0.1'],
    ['169.254.169.254'],
    ['10.0.0.1.'],
    // forms resolvers and URL parsers read as IPv4 addresses
    ['2130706433'],
    ['0x7f.1'],
    ['0x7F000001'],
    ['127.1'],
    ['0177.0.0.1'],
    ['1.2.3.4.5'],
    ['example.0x1'],
    // IPv6, bare or bracketed
    ['::1'],
    ['[::1]'],
    ['[::ffff:127.0.0.1]'],
    ['fd00:ec2::254'],
    // this machine
    ['localhost'],
    ['LocalHost.'],
    ['app.localhost'],
    // full-width digits, which IDNA maps to ASCII ones
    ['１２７．０．０．１'],
  ])('refuses %s with 400 validation_error on domain', async (domain) => {
    const res = await post(domain);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'validation_error', message: expect.any(String), field: 'domain' },
    });
  });

  it('says why, and stores nothing', async () => {
    const res = await post('127.0.0.1');
    expect(res.json().error.message).toBe('a public DNS name, not an IP address or localhost');
    expect(await domains()).toEqual([]);
  });

  it.each([
    ['1password.com'],
    ['123.example'],
    ['localhost.example'],
    ['example.c0m'],
    ['xn--80ak6aa92e.com'],
  ])('takes %s', async (domain) => {
    const res = await post(domain);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.domain).toBe(domain);
  });

  it('cannot be changed to an address afterwards: PATCH leaves the domain alone', async () => {
    const site = await createSite(t.app, owner.cookie, { domain: 'kept.example' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/sites/${site.id}`,
      headers: { cookie: owner.cookie },
      payload: { domain: '127.0.0.1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.domain).toBe('kept.example');
  });
});
