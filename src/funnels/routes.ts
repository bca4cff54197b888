import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../auth/guards.js';
import { IdParams, SiteQuery } from '../goals/schemas.js';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../input/parse-input.js';
import { ownedSite } from '../sites/owned-site.js';
import { CreateFunnelBody } from './schemas.js';
import { createFunnel, deleteFunnel, funnelOwner, listFunnels } from './store.js';

/**
 * Funnels (docs/api.md#goals-and-funnels), managed by the owner of their site with a signed-in session; API
 * keys only read, so they are refused here with `401`. `/api/stats/funnel/:id` reads one.
 */
export const funnelRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post('/', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const body = parseInput(CreateFunnelBody, req.body);
    const site = await ownedSite(db, body.site, userId);
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
    const site = await ownedSite(db, parseInput(SiteQuery, req.query).site, userId);
    return { data: await listFunnels(db, site.id) };
  });

  app.delete('/:id', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const p = IdParams.safeParse(req.params);
    const owner = p.success ? await funnelOwner(db, p.data.id) : null;
    if (owner === null) throw new AppError('not_found', 'no such funnel');
    if (owner !== userId) throw new AppError('forbidden', 'you do not own this funnel');
    if (!(await deleteFunnel(db, p.data!.id))) throw new AppError('not_found', 'no such funnel');
    return reply.status(204).send();
  });
};
