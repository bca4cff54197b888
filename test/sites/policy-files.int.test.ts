import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createSite, type SiteWithKey, signUp } from '../support/accounts.js';

let t: TestApp;
let cookie: string;
let site: SiteWithKey;
beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signUp(t.app));
  site = await createSite(t.app, cookie, { domain: 'policy.example' });
});
afterAll(async () => {
  await t?.close();
});

function put(file: string, body: string, opts: { cookie?: string; type?: string; siteId?: number } = {}) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/sites/${opts.siteId ?? site.id}/policy/${file}`,
    headers: { cookie: opts.cookie ?? cookie, 'content-type': opts.type ?? 'text/plain; charset=utf-8' },
    payload: body,
  });
}

async function versions(kind: string) {
  const { rows } = await t.database.pool.query(
    `SELECT version, body, source, encode(sha256, 'hex') AS sha256 FROM policy_files
     WHERE site_id = $1 AND kind = $2 ORDER BY version`,
    [site.id, kind],
  );
  return rows;
}

const ROBOTS = 'User-agent: GPTBot\nDisallow: /\n';

describe('PUT /api/sites/:id/policy/robots.txt and llms.txt', () => {
  it('answers 204 and stores a new version only when the text changed', async () => {
    expect((await put('robots.txt', ROBOTS)).statusCode).toBe(204);
    expect((await put('robots.txt', ROBOTS)).statusCode).toBe(204);
    expect((await put('robots.txt', 'User-agent: *\nAllow: /\n')).statusCode).toBe(204);

    const rows = await versions('robots');
    expect(rows.map((r) => [r.version, r.body, r.source])).toEqual([
      [1, ROBOTS, 'upload'],
      [2, 'User-agent: *\nAllow: /\n', 'upload'],
    ]);
    expect(rows[0].sha256).toBe(createHash('sha256').update(ROBOTS).digest('hex'));
  });

  it('keeps llms.txt versions apart from robots.txt', async () => {
    const res = await put('llms.txt', '# Policy example\n\n> Docs for agents.\n');

    expect(res.statusCode).toBe(204);
    expect((await versions('llms')).map((r) => r.version)).toEqual([1]);
  });

  it('answers 413 for a body over 512 KB and 415 for a body that is not text/plain', async () => {
    const big = await put('robots.txt', 'x'.repeat(512 * 1024 + 1));
    const json = await put('robots.txt', '{"a":1}', { type: 'application/json' });

    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('bad_request');
    expect(json.statusCode).toBe(415);
  });

  it('accepts a body of exactly 512 KB', async () => {
    expect((await put('llms.txt', 'y'.repeat(512 * 1024))).statusCode).toBe(204);
  });

  it("answers 403 for another user's site and 404 for an unknown one", async () => {
    const other = await signUp(t.app);

    expect((await put('robots.txt', ROBOTS, { cookie: other.cookie })).statusCode).toBe(403);
    expect((await put('robots.txt', ROBOTS, { siteId: 987654 })).statusCode).toBe(404);
  });
});
