import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../auth/guards.js';
import { AppError } from '../errors/app-error.js';
import type { AppDeps } from '../http/deps.js';
import { parseInput } from '../input/parse-input.js';
import { requireSiteRole } from '../sites/roles.js';
import { IdParams, SubscriptionBody } from './schemas.js';
import { listSubscriptions, subscribe, subscriptionHolder, unsubscribe } from './subscriptions.js';

/**
 * Mailed reports and alerts (docs/api.md#mailed-reports-and-alerts): any member of a site, viewer
 * and up, subscribes and unsubscribes for themselves only, with a signed-in session.
 */
export const subscriptionRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const { db } = deps;

  /** The site of `/sites/:id/…` for the signed-in member: unknown 404, not a member 403. */
  const memberSite = async (params: unknown, userId: number) => {
    const p = IdParams.safeParse(params);
    if (!p.success) throw new AppError('not_found', 'no such site');
    return requireSiteRole(db, p.data.id, userId, 'viewer');
  };

  app.post('/sites/:id/subscriptions', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const body = parseInput(SubscriptionBody, req.body);
    const site = await memberSite(req.params, userId);
    const { subscription, created } = await subscribe(db, {
      siteId: site.id,
      userId,
      kind: body.kind,
      threshold: body.threshold ?? null,
    });
    return reply.status(created ? 201 : 200).send({ data: subscription });
  });

  app.get('/sites/:id/subscriptions', async (req) => {
    const { userId } = await requireUser(db, req);
    const site = await memberSite(req.params, userId);
    return { data: await listSubscriptions(db, site.id, userId) };
  });

  app.delete('/subscriptions/:id', async (req, reply) => {
    const { userId } = await requireUser(db, req);
    const p = IdParams.safeParse(req.params);
    const holder = p.success ? await subscriptionHolder(db, p.data.id) : null;
    if (holder === null) throw new AppError('not_found', 'no such subscription');
    if (holder !== userId) throw new AppError('forbidden', 'this subscription is not yours');
    if (!(await unsubscribe(db, p.data!.id, userId))) throw new AppError('not_found', 'no such subscription');
    return reply.status(204).send();
  });
};
