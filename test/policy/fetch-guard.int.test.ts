import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchPolicyFile, type PolicyFetchOptions } from '../../src/policy/fetch-policy-files.js';
import { POLICY_MAX_BYTES } from '../../src/sites/policy-files.js';
import { createTestDatabase, insertSite, type TestDatabase } from '../support/database.js';

// The policy fetcher must reach only public addresses (issue 24, finding 4). A local server on
// 127.0.0.1 stands for whatever an attacker would point it at: it must see no request unless
// private ranges are allowed.
let db: TestDatabase;
let server: Server;
let port: number;
let site: { id: number; domain: string };
const requested: string[] = [];
let handler: Parameters<typeof createServer>[1];

beforeAll(async () => {
  db = await createTestDatabase();
  site = { id: await insertSite(db.pool, 'blog.example'), domain: 'blog.example' };
  server = createServer((req, res) => {
    requested.push(`${req.headers.host} ${req.url}`);
    handler!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await db.drop();
});
beforeEach(() => {
  requested.length = 0;
  handler = (_req, res) =>
    res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /x\n');
});

const stored = async () =>
  (await db.pool.query(`SELECT body FROM policy_files WHERE site_id = $1 ORDER BY version`, [site.id])).rows;
/** A resolver that answers every name with these addresses, so no test needs DNS. */
const resolvesTo =
  (...addresses: string[]): PolicyFetchOptions['lookup'] =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('the policy fetcher reaches public addresses only', () => {
  it('refuses an origin on a loopback address, and the server sees nothing', async () => {
    const outcome = await fetchPolicyFile(db.pool, site, 'robots', {
      originFor: () => `http://127.0.0.1:${port}`,
      timeoutMs: 5000,
    });
    expect(outcome).toEqual({
      status: 'failed',
      error: 'refused: 127.0.0.1 is a loopback address, not a public one',
    });
    expect(requested).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('refuses localhost, resolved by the system', async () => {
    const outcome = await fetchPolicyFile(db.pool, { ...site, domain: 'localhost' }, 'robots', {
      originFor: (d) => `http://${d}:${port}`,
      timeoutMs: 5000,
    });
    expect(outcome).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/^refused: localhost resolves to/),
    });
    expect(requested).toEqual([]);
  });

  it.each([
    ['127.0.0.1', 'loopback'],
    ['10.0.0.7', 'private'],
    ['169.254.169.254', 'metadata'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['fd00:ec2::254', 'metadata'],
  ])('refuses a public-looking name that resolves to %s', async (address, range) => {
    const outcome = await fetchPolicyFile(db.pool, site, 'robots', {
      originFor: (d) => `http://${d}:${port}`,
      lookup: resolvesTo(address),
      timeoutMs: 5000,
    });
    expect(outcome).toEqual({
      status: 'failed',
      error: `refused: blog.example resolves to ${address}, a ${range} address, not a public one`,
    });
    expect(requested).toEqual([]);
  });

  it('refuses a redirect to a refused address at that hop, and one to 0.0.0.0 (this machine)', async () => {
    for (const target of ['http://169.254.169.254/latest/meta-data/', `http://0.0.0.0:${port}/secret`]) {
      requested.length = 0;
      handler = (_req, res) => res.writeHead(302, { location: target }).end();
      const outcome = await fetchPolicyFile(db.pool, site, 'robots', {
        originFor: () => `http://127.0.0.1:${port}`,
        allowPrivate: true,
        timeoutMs: 5000,
      });
      expect(outcome).toEqual({
        status: 'failed',
        error: expect.stringMatching(
          /^refused: (169\.254\.169\.254|0\.0\.0\.0) is an? (metadata|unspecified) address/,
        ),
      });
      expect(requested).toEqual([`127.0.0.1:${port} /robots.txt`]);
    }
  });

  it('connects to the address it checked, not to a second answer of the resolver', async () => {
    let calls = 0;
    // The first answer is the local server; any later one is an address nothing listens on.
    const rebinding: PolicyFetchOptions['lookup'] = async () => [
      { address: calls++ === 0 ? '127.0.0.1' : '127.0.0.2', family: 4 },
    ];
    const outcome = await fetchPolicyFile(db.pool, site, 'robots', {
      originFor: (d) => `http://${d}:${port}`,
      lookup: rebinding,
      allowPrivate: true,
      timeoutMs: 5000,
    });
    expect(outcome).toMatchObject({ http: 200, status: 'stored' });
    expect(calls).toBe(1);
    expect(requested).toEqual([`blog.example:${port} /robots.txt`]);
  });

  it('connects only to the answers that pass when a name has several', async () => {
    const outcome = await fetchPolicyFile(db.pool, site, 'robots', {
      originFor: (d) => `http://${d}:${port}`,
      lookup: resolvesTo('169.254.169.254', '127.0.0.1'),
      allowPrivate: true,
      timeoutMs: 5000,
    });
    expect(outcome).toMatchObject({ http: 200, status: 'stored' });
    expect(requested).toEqual([`blog.example:${port} /robots.txt`]);
  });

  it('gives up after five redirects', async () => {
    handler = (req, res) => res.writeHead(301, { location: `${req.url}x` }).end();
    const outcome = await fetchPolicyFile(db.pool, site, 'llms', {
      originFor: () => `http://127.0.0.1:${port}`,
      allowPrivate: true,
      timeoutMs: 5000,
    });
    expect(outcome).toEqual({ status: 'failed', error: 'more than 5 redirects' });
    expect(requested).toHaveLength(6);
  });

  it('stops reading a body at the size cap', async () => {
    const line = 'Disallow: /' + 'y'.repeat(60) + '\n';
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      // Endless: only the reader's cap ends it.
      const more = () => {
        while (res.write(line.repeat(100)));
      };
      res.on('drain', more);
      res.write('User-agent: *\n');
      more();
    };
    const outcome = await fetchPolicyFile(db.pool, site, 'robots', {
      originFor: () => `http://127.0.0.1:${port}`,
      allowPrivate: true,
      timeoutMs: 5000,
    });
    expect(outcome).toMatchObject({ http: 200, status: 'stored' });
    const body = (await stored()).at(-1)!.body as string;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(POLICY_MAX_BYTES);
    expect(Buffer.byteLength(body)).toBeGreaterThan(POLICY_MAX_BYTES - line.length);
    expect(body.endsWith('\n')).toBe(true);
  });

  it('gives up on a server that never answers once the time cap is reached', async () => {
    handler = () => {};
    const started = Date.now();
    const outcome = await fetchPolicyFile(db.pool, site, 'robots', {
      originFor: () => `http://127.0.0.1:${port}`,
      allowPrivate: true,
      timeoutMs: 300,
    });
    expect(outcome).toEqual({ status: 'failed', error: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('gives up on a body that never ends within the same cap', async () => {
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('User-agent: *\n');
    };
    const outcome = await fetchPolicyFile(db.pool, site, 'llms', {
      originFor: () => `http://127.0.0.1:${port}`,
      allowPrivate: true,
      timeoutMs: 300,
    });
    expect(outcome).toEqual({ status: 'failed', error: 'no answer within 300 ms' });
  });

  it('fetches and stores from a loopback server when private ranges are allowed', async () => {
    handler = (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    const outcome = await fetchPolicyFile(db.pool, site, 'robots', {
      originFor: () => `http://127.0.0.1:${port}`,
      allowPrivate: true,
      timeoutMs: 5000,
    });
    expect(outcome).toMatchObject({ http: 200, status: 'stored', changed: true });
    expect((await stored()).at(-1)).toEqual({ body: 'User-agent: *\nAllow: /\n' });
  });
});
