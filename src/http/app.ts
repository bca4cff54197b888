import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { authRoutes } from '../auth/routes.js';
import { edgeRoutes } from '../edge/routes.js';
import { funnelRoutes } from '../funnels/routes.js';
import { goalRoutes } from '../goals/routes.js';
import { ingestRoutes } from '../ingest/routes.js';
import { mcpRoutes } from '../mcp/routes.js';
import { AGENT_REPORTS } from '../read/agents/reports.js';
import { citationReports } from '../read/citation-gap/reports.js';
import { contentReports } from '../read/content/reports.js';
import { reportRoutes } from '../read/envelope/routes.js';
import { QUALITY_REPORTS } from '../read/performance/reports.js';
import { POLICY_REPORTS } from '../read/policy/reports.js';
import { exportFamilies } from '../read/export/families.js';
import { exportRoutes } from '../read/export/routes.js';
import { GOAL_REPORTS } from '../read/goals/reports.js';
import { STATS_REPORTS } from '../read/stats/reports.js';
import { VISIT_REPORTS } from '../read/visits/reports.js';
import { keyRoutes } from '../sites/key-routes.js';
import { trackerRoutes } from '../tracker/routes.js';
import { segmentRoutes } from '../segments/routes.js';
import { siteRoutes } from '../sites/routes.js';
import type { AppDeps } from './deps.js';
import { dashboardRoutes } from './dashboard.js';
import { registerErrorHandlers } from './errors.js';
import { healthRoutes } from './health.js';

/** A hop count becomes proxy-addr's trust function: the first `n` hops are proxies. */
function trustProxyOption(v: boolean | number | string[]) {
  return typeof v === 'number' ? (_addr: string, hop: number) => hop < v : v;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
  });
  registerErrorHandlers(app);

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    deps.metrics.requestDuration
      .labels(req.method, route, String(reply.statusCode))
      .observe(reply.elapsedTime / 1000);
  });

  await app.register(cookie);
  await app.register(healthRoutes, { deps });
  await app.register(authRoutes, { deps, prefix: '/api/auth' });
  await app.register(siteRoutes, { deps, prefix: '/api/sites' });
  await app.register(keyRoutes, { deps, prefix: '/api/keys' });
  await app.register(segmentRoutes, { deps, prefix: '/api/segments' });
  await app.register(goalRoutes, { deps, prefix: '/api/goals' });
  await app.register(funnelRoutes, { deps, prefix: '/api/funnels' });
  // Ingest takes hits from any site's pages: these routes, and only these, answer cross-origin
  // requests (static options, so nothing is worked out per request).
  await app.register(async (crossOrigin) => {
    await crossOrigin.register(cors, { origin: true, methods: ['GET', 'POST'], maxAge: 86400 });
    await crossOrigin.register(ingestRoutes, { deps });
    await crossOrigin.register(trackerRoutes, { deps });
    await crossOrigin.register(edgeRoutes, { deps });
  });
  await app.register(reportRoutes, { deps, reports: STATS_REPORTS, prefix: '/api/stats' });
  await app.register(reportRoutes, { deps, reports: QUALITY_REPORTS, prefix: '/api/stats' });
  await app.register(reportRoutes, { deps, reports: GOAL_REPORTS, prefix: '/api/stats' });
  await app.register(reportRoutes, { deps, reports: VISIT_REPORTS, prefix: '/api/stats' });
  await app.register(reportRoutes, { deps, reports: AGENT_REPORTS, prefix: '/api/agents' });
  await app.register(reportRoutes, { deps, reports: citationReports(deps.config), prefix: '/api' });
  await app.register(reportRoutes, { deps, reports: contentReports(deps.config), prefix: '/api' });
  await app.register(reportRoutes, { deps, reports: POLICY_REPORTS, prefix: '/api' });
  await app.register(exportRoutes, { deps, families: exportFamilies(deps.config), prefix: '/api/stats' });
  await app.register(mcpRoutes, { deps, prefix: '/api/mcp' });
  await app.register(dashboardRoutes);
  return app;
}
