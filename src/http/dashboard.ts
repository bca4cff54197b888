import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/** Where `npm run build` writes the dashboard (web/build.ts). */
export const WEB_OUTPUT = fileURLToPath(new URL('../../dist/web/', import.meta.url));

/** The single-page app's own paths; anything else (the API above all) is never answered with it. */
export const DASHBOARD_PATHS = [
  '/',
  '/sites',
  '/sites/:id',
  '/sites/:id/members',
  '/invitations/:token',
  '/reset-password',
  '/share/:token',
] as const;

export const dashboardRoutes: FastifyPluginAsync<{ root?: string }> = async (app, opts) => {
  const root = opts.root ?? WEB_OUTPUT;
  // Unbuilt (an API-only install, a test app) or being rebuilt (the build empties the folder first):
  // this app runs without the dashboard and says how to get it.
  const index = await readFile(join(root, 'index.html')).catch(() => null);
  if (index === null) {
    for (const path of DASHBOARD_PATHS) {
      app.get(path, async (_req, reply) =>
        reply.status(503).type('text/plain').send('The dashboard is not built: run `npm run build`.\n'),
      );
    }
    return;
  }
  // File names carry a content hash, so a cached copy can never be stale.
  await app.register(fastifyStatic, {
    root: join(root, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
  });
  for (const path of DASHBOARD_PATHS) {
    app.get(path, async (_req, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(index),
    );
  }
};
