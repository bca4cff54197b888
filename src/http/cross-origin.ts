import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';

/**
 * CORS for the hit endpoints, without a hook: @fastify/cors answers the other cross-origin routes,
 * but its hook runs on every request and costs a hit several µs for what is two headers here. The
 * same answers as the plugin gives with `origin: true`: the request's origin is reflected.
 */
export function allowOrigin(req: FastifyRequest, reply: FastifyReply): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  reply.header('access-control-allow-origin', origin);
  reply.header('vary', 'Origin');
}

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
