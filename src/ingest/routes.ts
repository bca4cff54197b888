import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { AppDeps } from '../http/deps.js';
import { allowOrigin, preflight } from '../http/cross-origin.js';
import { AppError, errorBody } from '../http/errors.js';
import { child, observeRequest } from '../http/metrics.js';
import type { Logger } from '../log.js';
import { addressDigestNow } from '../ratelimit/address.js';
import { BatchedWindowLimiter } from '../ratelimit/batched-window.js';
import {
  appendHits,
  type DropReason,
  type HitContext,
  type IngestDeps,
  type Outcome,
  prepareHits,
} from './pipeline.js';
import { pixelPayload } from './pixel.js';
import { DailySalts } from './salts.js';
import { SiteCache } from './site-cache.js';

const TRACK_BODY_LIMIT = 64 * 1024;
const BATCH_MAX = 200;
const BATCH_BODY_LIMIT = 2 * 1024 * 1024;
/** interface.md §8: 600 hits per minute per site per address. */
export const INGEST_LIMIT = { hits: 600, windowSeconds: 60 } as const;

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

type Endpoint = 'track' | 'batch' | 'pixel';

export const ingestRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const ingest: IngestDeps = {
    sites: new SiteCache(deps.db),
    salts: new DailySalts(deps.db),
    appender: deps.appender,
    geo: deps.geo,
    // One upsert in flight: what arrives meanwhile waits and is counted by the next one, so under
    // load there are half as many round trips to Postgres for the same hits.
    limiter: new BatchedWindowLimiter(deps.db, INGEST_LIMIT.hits, INGEST_LIMIT.windowSeconds, 1),
    addressDigest: (address) => addressDigestNow(deps.db, address),
    prefix: deps.config.STREAM_PREFIX,
  };
  const countDrop = (endpoint: Endpoint, reason: DropReason, n = 1) =>
    child(deps.metrics.hitsDropped, endpoint, reason).inc(n);

  const context = (req: FastifyRequest): HitContext => ({
    address: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
    receivedAt: Date.now(),
    source: 'tracker',
    optOut: req.headers['dnt'] === '1' || req.headers['sec-gpc'] === '1',
  });

  /** Stores the accepted hits and counts the rest; the caller answers only after the stream acknowledged. */
  async function settle(endpoint: Endpoint, outcomes: Outcome[]): Promise<void> {
    const forbidden = outcomes.find((o) => o.kind === 'forbidden');
    if (forbidden) throw new AppError('forbidden', forbidden.message);
    const accepted = outcomes.flatMap((o) => (o.kind === 'accepted' ? [o.event] : []));
    if (accepted.length > 0) await appendHits(ingest, accepted);
    for (const o of outcomes) {
      if (o.kind === 'dropped') countDrop(endpoint, o.reason);
      else if (o.kind === 'accepted') child(deps.metrics.hitsAccepted, endpoint, o.event.kind).inc();
    }
  }

  // sendBeacon posts text/plain (a CORS-simple request); every body is parsed here, so a
  // malformed one is a silent drop rather than a parser error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.setChildLoggerFactory(quietLoggerFactory(deps.log));

  /** Every answer of these routes leaves here: CORS headers and the duration metric, no hook. */
  const answer = (req: FastifyRequest, reply: FastifyReply, route: string, status: number) => {
    allowOrigin(req, reply);
    observeRequest(deps.metrics, req.method, route, status, reply.elapsedTime);
    return reply.status(status);
  };

  app.setErrorHandler((err, req, reply: FastifyReply) => {
    const code = (err as { code?: string }).code;
    const route = req.routeOptions.url ?? 'unmatched';
    if (route === '/api/track' && code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      countDrop('track', 'malformed');
      return answer(req, reply, route, 204).send();
    }
    if (err instanceof AppError) {
      if (route === '/api/track/pixel.gif')
        return answer(req, reply, route, err.status).type('image/gif').send(GIF);
      return answer(req, reply, route, err.status).send(errorBody(err.code, err.message, err.field));
    }
    if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return answer(req, reply, route, 413).send(errorBody('bad_request', 'body too large'));
    req.log.error({ err, reqId: req.id }, 'ingest failed');
    return answer(req, reply, route, 503).send(
      errorBody('upstream_error', 'the hit could not be stored; retry later'),
    );
  });

  for (const url of ['/api/track', '/api/track/batch', '/api/track/pixel.gif'])
    app.options(url, preflight(['GET', 'POST']));

  app.post('/api/track', { bodyLimit: TRACK_BODY_LIMIT }, async (req, reply) => {
    const input = parseJson(req.body);
    if (input === undefined) countDrop('track', 'malformed');
    else await settle('track', await prepareHits(ingest, [input], context(req)));
    return answer(req, reply, '/api/track', 204).send();
  });

  app.post('/api/track/batch', { bodyLimit: BATCH_BODY_LIMIT }, async (req, reply) => {
    const input = parseJson(req.body);
    const list = Array.isArray(input)
      ? input
      : typeof input === 'object' && input !== null && Array.isArray((input as { events?: unknown }).events)
        ? (input as { events: unknown[] }).events
        : undefined;
    if (list === undefined)
      throw new AppError('validation_error', 'send a JSON array of hits, or {"events": [...]}', {
        field: 'events',
      });
    if (list.length > BATCH_MAX)
      throw new AppError('bad_request', `at most ${BATCH_MAX} hits per batch`, {
        status: 413,
        field: 'events',
      });
    await settle('batch', await prepareHits(ingest, list, context(req)));
    return answer(req, reply, '/api/track/batch', 204).send();
  });

  app.get('/api/track/pixel.gif', async (req, reply) => {
    const payload = pixelPayload(req.query as Record<string, unknown>, req.headers.referer);
    await settle('pixel', await prepareHits(ingest, [payload], context(req)));
    return answer(req, reply, '/api/track/pixel.gif', 200)
      .header('cache-control', 'no-store')
      .type('image/gif')
      .send(GIF);
  });
};

/**
 * Hits log no line each: at the default level a line per request would be most of what the log
 * says, and building a child logger per request costs a hit µs. Their loggers keep warnings and
 * errors (whose lines name the request id themselves); at debug or trace they log as every route.
 */
function quietLoggerFactory(log: Logger): Parameters<FastifyInstance['setChildLoggerFactory']>[0] {
  if (log.isLevelEnabled('debug')) return (logger, bindings, opts) => logger.child(bindings, opts);
  const quiet = log.isLevelEnabled('warn') ? log.child({}, { level: 'warn' }) : log;
  return () => quiet as FastifyBaseLogger;
}

function parseJson(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
