import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../http/deps.js';
import { envelopeRead } from '../envelope/handler.js';
import { STATS_REPORTS } from './reports.js';

export const statsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  for (const report of STATS_REPORTS) app.get(`/${report.name}`, envelopeRead(deps, report));
};
