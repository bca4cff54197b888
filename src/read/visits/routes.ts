import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../http/deps.js';
import { reportRoutes } from '../envelope/routes.js';
import { journeysRead } from '../journeys/route.js';
import { JOURNEYS, VISIT_REPORTS } from './reports.js';

/**
 * The visit reads as routes under the family's prefix: every one through the shared envelope route,
 * except journeys, whose `start` is a path the envelope would read as an instant (journeys/route.ts).
 */
export const visitRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(reportRoutes, { deps, reports: VISIT_REPORTS.filter((r) => r !== JOURNEYS) });
  app.get('/journeys', journeysRead(deps, JOURNEYS));
};
