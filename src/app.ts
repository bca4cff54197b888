import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { authRoutes } from './auth/routes.js';
import { edgeRoutes } from './edge/routes.js';
import { funnelRoutes } from './funnels/routes.js';
import { goalRoutes } from './goals/routes.js';
import { ingestRoutes } from './ingest/routes.js';
import { mcpRoutes } from './mcp/routes.js';
import { mcpTools } from './mcp/tools.js';
import { AGENT_REPORTS } from './read/agents/reports.js';
import { citationReports } from './read/citation-gap/reports.js';
import { contentReports } from './read/content/reports.js';
import type { Report } from './read/envelope/report.js';
import { reportRoutes } from './read/envelope/routes.js';
import { QUALITY_REPORTS } from './read/performance/reports.js';
import { POLICY_REPORTS } from './read/policy/reports.js';
import { exportFamilies } from './read/export/families.js';
import { exportRoutes } from './read/export/routes.js';
import { GOAL_REPORTS } from './read/goals/reports.js';
import { STATS_REPORTS } from './read/stats/reports.js';
import type { ReadDeps } from './read/read-deps.js';
import { VISIT_REPORTS } from './read/visits/reports.js';
import { subscriptionRoutes } from './reports/routes.js';
import { keyRoutes } from './sites/key-routes.js';
import { invitationRoutes } from './members/invitation-routes.js';
import { memberRoutes } from './members/member-routes.js';
import { trackerRoutes } from './tracker/routes.js';
import { segmentRoutes } from './segments/routes.js';
import { shareRoutes } from './shares/routes.js';
import { robotsSuggestRoutes } from './sites/robots-suggest-routes.js';
import { siteRoutes } from './sites/routes.js';
import type { AppDeps } from './http/deps.js';
import { dashboardRoutes } from './http/dashboard.js';
import { registerErrorHandlers } from './http/errors.js';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors.js';
import { healthRoutes } from './http/health.js';
import { boundJsonBodies } from './http/json-body.js';
import { observeRequest } from './metrics.js';
import { addSecurityHeaders } from './http/security-headers.js';
import { trustProxyOption } from './http/trust-proxy.js';

/*
 * The composition root of the HTTP process: every route, in the order and context it is
 * registered, and what of the app's dependencies each is given. src/server.ts builds those
 * dependencies (pools, NATS, geo, metrics) and starts the roles; route modules never import this.
 */

/** What reads get of the app's dependencies: the pools and the budget, not the whole of `deps`. */
export function readDepsOf(deps: AppDeps): ReadDeps {
  return {
    db: deps.db,
    readDb: deps.readDb,
    readSlots: deps.readSlots,
    readTimeoutMs: deps.config.READ_TIMEOUT_MS,
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const reads = readDepsOf(deps);
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    trustProxy: trustProxyOption(deps.config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    // The hit routes' plugin waits for its ingest thread to load its lookups: a few seconds at
    // rest, beyond Fastify's default 10 s when a process restarts on a machine busy serving hits
    // (the API-process drill, docs/operations.md#fault-drills). A thread that cannot start fails
    // the start on its own (src/ingest/thread/gate.ts).
    pluginTimeout: 120_000,
  });

  // The hit endpoints come first and alone: no hook of any kind runs on them. Each hook costs a
  // hit several µs (measured: the CORS plugin's, the duration hook's and a per-request child
  // logger together took an empty route from 21 to 30 µs), so they answer CORS, time themselves
  // and log quietly on their own (src/ingest/routes.ts).
  await app.register(ingestRoutes, { deps });

  // Everything else is timed by one hook, 404s included (their handler is set in this context).
  await app.register(async (timed) => {
    registerErrorHandlers(timed);
    boundJsonBodies(timed);
    // A callback hook, not an async one: a promise per request adds up.
    timed.addHook('onResponse', (req, reply, done) => {
      observeRequest(
        deps.metrics,
        req.method,
        req.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime,
      );
      done();
    });
    await timed.register(healthRoutes, { deps });
    // The tracker script and edge shipments come from other origins too; they carry no session and
    // answer CORS route by route (src/http/cross-origin.ts): no route outside them grants an origin.
    await timed.register(trackerRoutes, { deps });
    await timed.register(edgeRoutes, { deps });
    // What a signed-in user calls: session cookies are read and set only here, and the dashboard's
    // and API's security headers are sent (src/http/security-headers.ts).
    await timed.register(async (withSessions) => {
      addSecurityHeaders(withSessions);
      await withSessions.register(cookie);
      await withSessions.register(authRoutes, { deps, prefix: '/api/auth' });
      await withSessions.register(siteRoutes, { deps, prefix: '/api/sites' });
      await withSessions.register(memberRoutes, { deps, prefix: '/api/sites' });
      await withSessions.register(robotsSuggestRoutes, { deps, prefix: '/api/sites' });
      await withSessions.register(invitationRoutes, { deps, prefix: '/api/invitations' });
      await withSessions.register(keyRoutes, { deps, prefix: '/api/keys' });
      await withSessions.register(segmentRoutes, { deps, prefix: '/api/segments' });
      await withSessions.register(goalRoutes, { deps, prefix: '/api/goals' });
      await withSessions.register(funnelRoutes, { deps, prefix: '/api/funnels' });
      await withSessions.register(shareRoutes, { deps, prefix: '/api' });
      await withSessions.register(subscriptionRoutes, { deps, prefix: '/api' });
      // The envelope reads, family by family under their prefixes: each given only `reads`.
      const families: [readonly Report[], string][] = [
        [STATS_REPORTS, '/api/stats'],
        [QUALITY_REPORTS, '/api/stats'],
        [GOAL_REPORTS, '/api/stats'],
        [VISIT_REPORTS, '/api/stats'],
        [AGENT_REPORTS, '/api/agents'],
        [citationReports(deps.config), '/api'],
        [contentReports(deps.config), '/api'],
        [POLICY_REPORTS, '/api'],
      ];
      for (const [reports, prefix] of families)
        await withSessions.register(reportRoutes, { deps: reads, reports, prefix });
      await withSessions.register(exportRoutes, {
        deps: reads,
        families: exportFamilies(deps.config),
        prefix: '/api/stats',
      });
      await withSessions.register(mcpRoutes, {
        deps: reads,
        tools: mcpTools(deps.config),
        prefix: '/api/mcp',
      });
      await withSessions.register(dashboardRoutes);
    });
  });
  return app;
}
