import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../auth/guards.js';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../input/parse-input.js';
import { requireSiteRole } from '../sites/roles.js';
import { CreateGoalBody, IdParams, SiteQuery } from './schemas.js';
import { createGoal, defaultGoalName, deleteGoal, goalSite, listGoals } from './store.js';

/**
 * Goals (docs/api.md#goals-and-funnels), listed by anyone on their site and managed by its admins (and owner) with a signed-in session; API
 * keys only read, so they are refused here with `401`.
 */
export const goalRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post('/', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const body = parseInput(CreateGoalBody, req.body);
    const site = await requireSiteRole(db, body.site, userId, 'admin', 'site');
    const goal = await createGoal(db, {
      siteId: site.id,
      name: body.name ?? defaultGoalName(body),
      event: body.event ?? null,
      path: body.path ?? null,
      currency: body.currency ?? null,
    });
    return reply.status(201).send({ data: goal });
  });

  app.get('/', async (req) => {
    const { userId } = await requireUser(db, req);
    const site = await requireSiteRole(db, parseInput(SiteQuery, req.query).site, userId, 'viewer', 'site');
    return { data: await listGoals(db, site.id) };
  });

  app.delete('/:id', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const p = IdParams.safeParse(req.params);
    const siteId = p.success ? await goalSite(db, p.data.id) : null;
    if (siteId === null) throw new AppError('not_found', 'no such goal');
    await requireSiteRole(db, siteId, userId, 'admin');
    if (!(await deleteGoal(db, p.data!.id))) throw new AppError('not_found', 'no such goal');
    return reply.status(204).send();
  });
};
