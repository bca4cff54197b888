import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../http/deps.js';
import { AppError, errorBody } from '../http/errors.js';
import { appendHit, type DropReason, type IngestDeps, prepareHit } from './pipeline.js';
import { DailySalts } from './salts.js';
import { SiteCache } from './site-cache.js';

const TRACK_BODY_LIMIT = 64 * 1024;

export const ingestRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const ingest: IngestDeps = {
    sites: new SiteCache(deps.db),
    salts: new DailySalts(deps.db),
    appender: deps.appender,
    prefix: deps.config.STREAM_PREFIX,
  };
  const dropped = (endpoint: string, reason: DropReason, reply: FastifyReply) => {
    deps.metrics.hitsDropped.labels(endpoint, reason).inc();
    return reply.status(204).send();
  };

  // sendBeacon posts text/plain (a CORS-simple request); every body is parsed here, so a
  // malformed one is a silent drop rather than a parser error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.setErrorHandler((err, req, reply) => {
    const code = (err as { code?: string }).code;
    if (req.routeOptions.url === '/api/track' && code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return dropped('track', 'malformed', reply);
    if (err instanceof AppError)
      return reply.status(err.status).send(errorBody(err.code, err.message, err.field));
    req.log.error({ err }, 'ingest failed');
    return reply.status(503).send(errorBody('upstream_error', 'the hit could not be stored; retry later'));
  });

  app.post('/api/track', { bodyLimit: TRACK_BODY_LIMIT }, async (req: FastifyRequest, reply) => {
    let input: unknown;
    try {
      input = typeof req.body === 'string' ? JSON.parse(req.body) : req.body;
    } catch {
      return dropped('track', 'malformed', reply);
    }
    const outcome = await prepareHit(ingest, input, {
      address: req.ip,
      userAgent: req.headers['user-agent'] ?? '',
      receivedAt: Date.now(),
      source: 'tracker',
    });
    switch (outcome.kind) {
      case 'forbidden':
        throw new AppError('forbidden', outcome.message);
      case 'dropped':
        return dropped('track', outcome.reason, reply);
      case 'accepted':
        await appendHit(ingest, outcome.event);
        deps.metrics.hitsAccepted.labels('track', outcome.event.kind).inc();
        return reply.status(204).send();
    }
  });
};
