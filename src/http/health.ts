import type { FastifyPluginAsync } from 'fastify';
import { pipelineStatus } from '../projector/status.js';
import type { AppDeps } from './deps.js';

export const healthRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const status = () =>
    pipelineStatus(deps.db, deps.nats.jsm, deps.config.STREAM_PREFIX, deps.config.PROJECTION_PARTITIONS);

  app.get('/healthz', async (_req, reply) => {
    const s = await status();
    reply
      .status(s.ok ? 200 : 503)
      .send({ status: s.ok ? 'ok' : 'degraded', stream: s.stream, projections: s.projections });
  });

  app.get('/metrics', async (_req, reply) => {
    const s = await status();
    for (const p of s.projections) if (p.lag !== null) deps.metrics.projectorLag.labels(p.name).set(p.lag);
    reply.type(deps.metrics.registry.contentType).send(await deps.metrics.registry.metrics());
  });
};
