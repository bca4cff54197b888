import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../auth/guards.js';
import { IdParams, SiteQuery } from '../goals/schemas.js';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../input/parse-input.js';
import { requireSiteRole } from '../sites/roles.js';
import { CreateFunnelBody } from './schemas.js';
import { createFunnel, deleteFunnel, funnelSite, listFunnels } from './store.js';

/**
 * Funnels (docs/api.md#goals-and-funnels), listed by anyone on their site and managed by its admins (and owner) with a signed-in session; API
 * keys only read, so they are refused here with `401`. `/api/stats/funnel/:id` reads one.
 */
export const funnelRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post('/', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const body = parseInput(CreateFunnelBody, req.body);
    const site = await requireSiteRole(db, body.site, userId, 'admin', 'site');
    const funnel = await createFunnel(db, {
      siteId: site.id,
      name: body.name,
      steps: body.steps,
      windowMinutes: body.window_minutes ?? null,
    });
    return reply.status(201).send({ data: funnel });
  });

  app.get('/', async (req) => {
    const { userId } = await requireUser(db, req);
    const site = await requireSiteRole(db, parseInput(SiteQuery, req.query).site, userId, 'viewer', 'site');
    return { data: await listFunnels(db, site.id) };
  });

  app.delete('/:id', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const p = IdParams.safeParse(req.params);
    const siteId = p.success ? await funnelSite(db, p.data.id) : null;
    if (siteId === null) throw new AppError('not_found', 'no such funnel');
    await requireSiteRole(db, siteId, userId, 'admin');
    if (!(await deleteFunnel(db, p.data!.id))) throw new AppError('not_found', 'no such funnel');
    return reply.status(204).send();
  });
};
