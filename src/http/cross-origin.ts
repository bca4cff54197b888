import type { FastifyReply, FastifyRequest, onRequestHookHandler, RouteHandlerMethod } from 'fastify';

/**
 * CORS for the few routes browsers call from other origins (docs/operations.md#security): the
 * hits, the tracker script and edge shipments. The request's origin is reflected; no credentials
 * are allowed. Every other route grants no foreign origin, so it has no CORS code at all.
 */
export function allowOrigin(req: FastifyRequest, reply: FastifyReply): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  reply.header('access-control-allow-origin', origin);
  reply.header('vary', 'Origin');
}

/**
 * allowOrigin as a hook of one route (the tracker script, edge shipments), so refusals made before
 * the handler (a body too large) carry it too. The hit routes call allowOrigin in their one answer
 * path instead: a hook costs a hit µs.
 */
export const allowOriginHook: onRequestHookHandler = (req, reply, done) => {
  allowOrigin(req, reply);
  done();
};

/** The preflight answer for routes that take `methods` from any origin, cached a day by browsers. */
export function preflight(methods: readonly string[]): RouteHandlerMethod {
  const allowed = methods.join(', ');
  return (req, reply) => {
    allowOrigin(req, reply);
    reply.header('access-control-allow-methods', allowed);
    const headers = req.headers['access-control-request-headers'];
    if (headers !== undefined) reply.header('access-control-allow-headers', headers);
    reply.header('vary', 'Origin, Access-Control-Request-Headers');
    reply.header('access-control-max-age', '86400');
    // Safari waits for a body on a 204 without a length.
    return reply.status(204).header('content-length', '0').send();
  };
}
