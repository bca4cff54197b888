import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import type { AppDeps } from '../http/deps.js';
import { allowOrigin, preflight } from '../http/cross-origin.js';
import { toAppError } from '../errors/to-app-error.js';
import { errorBody } from '../http/errors.js';
import { isTooDeep } from '../input/json-depth.js';
import { observeRequest } from '../metrics.js';
import { keepBodiesRaw } from '../http/raw-bodies.js';
import { cityDbPaths } from '../enrich/open-geo-once.js';
import type { Logger } from '../log.js';
import { streamLayout } from '../config.js';
import { createIngestDeps } from './deps.js';
import { type HitGate, InlineGate, metricsTally } from './gate.js';
import { type Endpoint, type HitAnswer, type HitRequest, silentAnswer, type Tally } from './handle.js';
import { pixelPayload } from './pixel.js';
import { ThreadGate } from './thread/gate.js';

const TRACK_BODY_LIMIT = 64 * 1024;
/**
 * The user agent a hit is enriched by, cut to the length an edge row may carry: the parser reads
 * no further, and the caches keyed by it hold 10,000 agents each, of 16 KB at most uncut.
 */
const MAX_USER_AGENT = 1024;
const BATCH_BODY_LIMIT = 2 * 1024 * 1024;

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Why a hit failed is logged with its request id; the client is only told to retry. */
const NOT_STORED = errorBody('upstream_error', 'the hit could not be stored; retry later');

const ROUTES = { track: '/api/track', batch: '/api/track/batch', pixel: '/api/track/pixel.gif' } as const;

export const ingestRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const tally = metricsTally(deps.metrics);
  const gate = await openGate(deps, tally);
  app.addHook('onClose', () => gate.close());

  const request = (endpoint: Endpoint, body: unknown, req: FastifyRequest): HitRequest => ({
    endpoint,
    body,
    ctx: {
      address: req.ip,
      userAgent: (req.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT),
      receivedAt: Date.now(),
      source: 'tracker',
      optOut: req.headers['dnt'] === '1' || req.headers['sec-gpc'] === '1',
    },
  });

  // sendBeacon posts text/plain (a CORS-simple request); every body is parsed by the pipeline, so
  // a malformed one is a silent drop rather than a parser error.
  keepBodiesRaw(app, 'string');
  app.setChildLoggerFactory(quietLoggerFactory(deps.log));

  /** Every answer of these routes leaves here: CORS headers and the duration metric, no hook. */
  const answer = (req: FastifyRequest, reply: FastifyReply, route: string, status: number) => {
    allowOrigin(req, reply);
    observeRequest(deps.metrics, req.method, route, status, reply.elapsedTime);
    return reply.status(status);
  };

  /** The pipeline's answer as HTTP: an empty 204 (the pixel's GIF), or the error envelope. */
  const respond = (req: FastifyRequest, reply: FastifyReply, endpoint: Endpoint, a: HitAnswer) => {
    const route = ROUTES[endpoint];
    if (a.status < 300) {
      if (endpoint !== 'pixel') return answer(req, reply, route, a.status).send();
      return answer(req, reply, route, a.status)
        .header('cache-control', 'no-store')
        .type('image/gif')
        .send(GIF);
    }
    if (a.error) {
      if (endpoint === 'pixel') return answer(req, reply, route, a.status).type('image/gif').send(GIF);
      return answer(req, reply, route, a.status).send(
        errorBody(a.error.code, a.error.message, a.error.field),
      );
    }
    req.log.error({ err: { message: a.failure }, reqId: req.id }, 'ingest failed');
    return answer(req, reply, route, 503).send(NOT_STORED);
  };

  // What Fastify itself refuses before a handler runs (a body over its route's limit, a content
  // type it cannot parse): the client's fault, so a silent drop on /api/track as any malformed
  // body, else the error envelope; the pipeline's own refusals come back as answers (respond).
  app.setErrorHandler((err, req, reply: FastifyReply) => {
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    const route = req.routeOptions.url ?? 'unmatched';
    if (status >= 400 && status < 500) {
      if (route === ROUTES.track && req.method === 'POST') {
        tally.dropped('track', 'malformed');
        return answer(req, reply, route, 204).send();
      }
      const e = toAppError(err as Error);
      return answer(req, reply, route, e.status).send(errorBody(e.code, e.message, e.field));
    }
    req.log.error({ err, reqId: req.id }, 'ingest failed');
    return answer(req, reply, route, 503).send(NOT_STORED);
  });

  for (const url of Object.values(ROUTES)) app.options(url, preflight(['GET', 'POST']));

  /**
   * Hands the request over and answers when the pipeline does. A plain callback, not an async
   * handler: the promises an await would take cost the busiest thread a µs a hit, for nothing. It
   * returns nothing: a returned reply is a thenable, which Fastify waits on by hanging
   * end-of-stream listeners on the response, and unhooks them again, for every hit.
   */
  const handOver = (endpoint: Endpoint, body: unknown, req: FastifyRequest, reply: FastifyReply): void => {
    gate.submit(request(endpoint, body, req), (a) => respond(req, reply, endpoint, a));
  };

  /**
   * JSON nesting deeper than the bound is dropped here, before it crosses to the ingest thread:
   * a structured clone or a JSON.stringify of it overflows the stack
   * (docs/operations.md#request-bounds-and-process-safety). One pass over the text, a fraction of a µs
   * a hit.
   */
  const dropTooDeep = (endpoint: Endpoint, req: FastifyRequest, reply: FastifyReply): void => {
    tally.dropped(endpoint, 'malformed');
    respond(req, reply, endpoint, silentAnswer(endpoint));
  };
  const handOverText = (endpoint: Endpoint, req: FastifyRequest, reply: FastifyReply): void => {
    if (typeof req.body === 'string' && isTooDeep(req.body)) dropTooDeep(endpoint, req, reply);
    else handOver(endpoint, req.body, req, reply);
  };

  app.post(ROUTES.track, { bodyLimit: TRACK_BODY_LIMIT }, (req, reply) => handOverText('track', req, reply));
  app.post(ROUTES.batch, { bodyLimit: BATCH_BODY_LIMIT }, (req, reply) => handOverText('batch', req, reply));
  app.get(ROUTES.pixel, (req, reply) => {
    const payload = pixelPayload(req.query as Record<string, unknown>, req.headers.referer);
    if (payload === undefined) dropTooDeep('pixel', req, reply);
    else handOver('pixel', payload, req, reply);
  });
};

/**
 * The ingest thread where the config asks for it (the default), else the pipeline on this thread.
 * The thread opens connections of its own, to the servers this process uses.
 */
async function openGate(deps: AppDeps, tally: Tally): Promise<HitGate> {
  const { config } = deps;
  if (!config.INGEST_THREAD)
    return new InlineGate(createIngestDeps(deps.db, deps.appender, deps.geo, streamLayout(config)), tally);
  if (config.DATABASE_URL === undefined || config.NATS_URL === undefined)
    throw new Error('the ingest thread needs the DATABASE_URL and NATS_URL this process uses');
  const gate = new ThreadGate(
    {
      databaseUrl: config.DATABASE_URL,
      natsUrl: config.NATS_URL,
      layout: streamLayout(config),
      cityDbPaths: cityDbPaths(config.GEOIP_CITY_DB),
    },
    tally,
    deps.log,
  );
  try {
    await gate.ready;
  } catch (err) {
    await gate.close();
    throw err;
  }
  return gate;
}

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
