import type { FastifyPluginAsync } from 'fastify';
import { authenticate, authorizeSiteRead } from '../../auth/guards.js';
import type { AppDeps } from '../../http/deps.js';
import { parseInput } from '../../http/parse.js';
import { QueryEnvelope, understand } from '../envelope/query.js';
import { respond } from '../envelope/respond.js';
import { overview } from './overview.js';
import { TimeseriesParams, timeseries } from './timeseries.js';

export const statsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/overview', async (req) => {
    const startedAt = performance.now();
    const principal = await authenticate(deps.db, req, { allowSession: true });
    const env = parseInput(QueryEnvelope, req.query);
    const site = await authorizeSiteRead(deps.db, principal, env.site);
    const q = understand(env, site);
    return respond(q, await overview(deps.db, q), startedAt);
  });

  app.get('/timeseries', async (req) => {
    const startedAt = performance.now();
    const principal = await authenticate(deps.db, req, { allowSession: true });
    const env = parseInput(QueryEnvelope, req.query);
    const params = parseInput(TimeseriesParams, req.query);
    const site = await authorizeSiteRead(deps.db, principal, env.site);
    const q = understand(env, site);
    const data = await timeseries(deps.db, q, params);
    return respond(q, data, startedAt, { rows: data.series.length });
  });
};
