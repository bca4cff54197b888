import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import {
  claimDuePolicyFetches,
  fetchDuePolicyFiles,
  fetchPolicyFile,
  type PolicyFetchOptions,
} from '../../src/policy/fetch-policy-files.js';
import { createTestDatabase, insertSite, type TestDatabase } from '../support/database.js';

let db: TestDatabase;
let server: Server;
let options: PolicyFetchOptions;
let site: { id: number; domain: string };
const served: Record<string, { status: number; type: string; body: string }> = {};
const requested: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  site = { id: await insertSite(db.pool, 'blog.example'), domain: 'blog.example' };
  server = createServer((req, res) => {
    requested.push(
      `${req.headers.host?.split(':')[0]} ${req.url} ${req.headers['user-agent']?.split('/')[0]}`,
    );
    const r = served[req.url ?? ''] ?? { status: 404, type: 'text/plain', body: 'not found' };
    res.writeHead(r.status, { 'content-type': r.type }).end(r.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // Every site's origin is the local server, as https://<domain> would be in production (allowed as
  // an intranet address would be with POLICY_FETCH_PRIVATE).
  options = { originFor: () => `http://127.0.0.1:${port}`, timeoutMs: 5000, allowPrivate: true };
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await db.drop();
});

const versions = async (kind: string) =>
  (
    await db.pool.query(
      `SELECT version, body, source FROM policy_files WHERE site_id = $1 AND kind = $2 ORDER BY version`,
      [site.id, kind],
    )
  ).rows;

describe('fetching robots.txt and llms.txt from the site', () => {
  it('stores a fetched robots.txt as a version, and a new version only when the text changes', async () => {
    served['/robots.txt'] = { status: 200, type: 'text/plain', body: 'User-agent: *\nDisallow: /drafts\n' };
    expect(await fetchPolicyFile(db.pool, site, 'robots', options)).toEqual({
      http: 200,
      status: 'stored',
      version: 1,
      changed: true,
    });
    expect(await fetchPolicyFile(db.pool, site, 'robots', options)).toMatchObject({
      version: 1,
      changed: false,
    });
    served['/robots.txt']!.body = 'User-agent: *\nDisallow: /drafts\nDisallow: /tmp\n';
    expect(await fetchPolicyFile(db.pool, site, 'robots', options)).toMatchObject({
      version: 2,
      changed: true,
    });
    expect(requested.at(-1)).toBe('127.0.0.1 /robots.txt twofold-policy-fetcher');
    const { rows } = await db.pool.query(
      `SELECT parsed FROM policy_files WHERE site_id = $1 AND kind = 'robots' AND version = 2`,
      [site.id],
    );
    expect(rows[0].parsed.groups).toEqual([
      {
        agents: ['*'],
        rules: [
          { allow: false, path: '/drafts' },
          { allow: false, path: '/tmp' },
        ],
      },
    ]);
  });

  it('keeps the version in force on a server error, and stores an empty one (everything allowed) on a 404', async () => {
    served['/robots.txt'] = { status: 503, type: 'text/plain', body: 'busy' };
    expect(await fetchPolicyFile(db.pool, site, 'robots', options)).toEqual({
      http: 503,
      status: 'failed',
      error: 'HTTP 503',
    });
    expect(await versions('robots')).toHaveLength(2);
    delete served['/robots.txt'];
    expect(await fetchPolicyFile(db.pool, site, 'robots', options)).toMatchObject({ http: 404, version: 3 });
    expect((await versions('robots')).at(-1)).toEqual({ version: 3, body: '', source: 'fetch' });
  });

  it('leaves "no llms.txt" unknown until the site first has one, and an HTML fallback page is no file', async () => {
    expect(await fetchPolicyFile(db.pool, site, 'llms', options)).toEqual({ http: 404, status: 'absent' });
    served['/llms.txt'] = { status: 200, type: 'text/html', body: '<!doctype html><p>app shell</p>' };
    expect(await fetchPolicyFile(db.pool, site, 'llms', options)).toEqual({ http: 200, status: 'absent' });
    expect(await versions('llms')).toEqual([]);
    served['/llms.txt'] = { status: 200, type: 'text/markdown', body: '# Blog\n\n## Posts\n- [One](/one)\n' };
    expect(await fetchPolicyFile(db.pool, site, 'llms', options)).toMatchObject({ version: 1 });
    delete served['/llms.txt'];
    expect(await fetchPolicyFile(db.pool, site, 'llms', options)).toMatchObject({ http: 404, version: 2 });
    expect((await versions('llms')).map((v) => v.body)).toEqual(['# Blog\n\n## Posts\n- [One](/one)\n', '']);
  });

  it('fetches each due file once per interval, however many machines claim at once', async () => {
    const log = createLogger('silent');
    await db.pool.query('DELETE FROM policy_fetch_state');
    const claims = await Promise.all([1, 2, 3].map(() => claimDuePolicyFetches(db.pool, 3600)));
    expect(
      claims
        .flat()
        .map((c) => c.kind)
        .sort(),
    ).toEqual(['llms', 'robots']);
    expect(await fetchDuePolicyFiles(db.pool, log, 3600, options)).toBe(0);
    await db.pool.query(`UPDATE policy_fetch_state SET last_attempt_at = now() - interval '2 hours'`);
    served['/robots.txt'] = { status: 500, type: 'text/plain', body: 'oops' };
    expect(await fetchDuePolicyFiles(db.pool, log, 3600, options)).toBe(2);
    const { rows } = await db.pool.query(
      `SELECT kind, last_status, last_error FROM policy_fetch_state WHERE site_id = $1 ORDER BY kind`,
      [site.id],
    );
    expect(rows).toEqual([
      { kind: 'llms', last_status: 404, last_error: null },
      { kind: 'robots', last_status: 500, last_error: 'HTTP 500' },
    ]);
  });
});
