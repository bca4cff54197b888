import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRoutes } from '../../src/http/dashboard.js';

let built: string;
const INDEX = '<!doctype html><title>twofold</title><script type="module" src="/assets/app-1.js"></script>';
const SCRIPT = 'console.log("dashboard")';

beforeAll(async () => {
  built = await mkdtemp(join(tmpdir(), 'twofold-web-'));
  await mkdir(join(built, 'assets'));
  await writeFile(join(built, 'index.html'), INDEX);
  await writeFile(join(built, 'assets', 'app-1.js'), SCRIPT);
  await writeFile(join(built, 'assets', 'app-1.js.gz'), gzipSync(SCRIPT));
});

afterAll(() => rm(built, { recursive: true, force: true }));

async function appWith(root: string) {
  const app = Fastify();
  await app.register(dashboardRoutes, { root });
  return app;
}

describe('the dashboard routes', () => {
  it("answer the app's paths (sites, members, invitation and shared links, the password reset) with the app, never cached stale, and nothing else", async () => {
    const app = await appWith(built);
    for (const url of [
      '/',
      '/sites',
      '/sites/42',
      '/sites/42/members',
      `/invitations/inv_${'A'.repeat(43)}`,
      '/reset-password',
      `/share/sh_${'a'.repeat(43)}`,
    ]) {
      const res = await app.inject({ url });
      expect([res.statusCode, res.headers['cache-control'], res.body]).toEqual([200, 'no-cache', INDEX]);
    }
    for (const url of ['/api/sites', '/sites/42/extra', '/invitations/x/y', '/share/x/extra', '/elsewhere']) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
  });

  it('serve hashed assets for a year, gzipped when the browser takes gzip', async () => {
    const app = await appWith(built);
    const plain = await app.inject({ url: '/assets/app-1.js' });
    expect([plain.statusCode, plain.body]).toEqual([200, SCRIPT]);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect([gz.headers['content-encoding'], gz.rawPayload.equals(gzipSync(SCRIPT))]).toEqual(['gzip', true]);
  });

  it('say how to build the app when it is not built, with 503', async () => {
    const app = await appWith(join(built, 'missing'));
    for (const url of ['/', '/sites', '/sites/1']) {
      const res = await app.inject({ url });
      expect([res.statusCode, res.body]).toEqual([503, 'The dashboard is not built: run `npm run build`.\n']);
    }
  });
});
