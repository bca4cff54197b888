import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../auth/guards.js';
import type { AppDeps } from '../http/deps.js';
import { AppError } from '../errors/app-error.js';
import { parseInput } from '../input/parse-input.js';
import { ownedSite } from '../sites/owned-site.js';
import { CreateGoalBody, IdParams, SiteQuery } from './schemas.js';
import { createGoal, defaultGoalName, deleteGoal, goalOwner, listGoals } from './store.js';

/**
 * Goals (docs/api.md#goals-and-funnels), managed by the owner of their site with a signed-in session; API
 * keys only read, so they are refused here with `401`.
 */
export const goalRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  app.post('/', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const body = parseInput(CreateGoalBody, req.body);
    const site = await ownedSite(db, body.site, userId);
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
    const site = await ownedSite(db, parseInput(SiteQuery, req.query).site, userId);
    return { data: await listGoals(db, site.id) };
  });

  app.delete('/:id', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const p = IdParams.safeParse(req.params);
    const owner = p.success ? await goalOwner(db, p.data.id) : null;
    if (owner === null) throw new AppError('not_found', 'no such goal');
    if (owner !== userId) throw new AppError('forbidden', 'you do not own this goal');
    if (!(await deleteGoal(db, p.data!.id))) throw new AppError('not_found', 'no such goal');
    return reply.status(204).send();
  });
};
