import type { FastifyInstance } from 'fastify';
import { signEdgeBody } from '../../src/sdk/sign.js';

/** `x-service-signature` for a body, as the SDK computes it. */
export function sign(body: string, key: string, t = Math.floor(Date.now() / 1000)): string {
  return signEdgeBody(body, key, t);
}

export function postEdge(
  app: FastifyInstance,
  body: string,
  signature: string | undefined,
  address = '192.0.2.10',
) {
  return app.inject({
    method: 'POST',
    url: '/api/log/edge',
    remoteAddress: address,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-service-signature': signature } : {}),
    },
    payload: body,
  });
}

/** One successful HTML fetch as an edge row, at `at` (epoch ms), from `ip`. */
export const htmlFetchRow = (
  hostname: string,
  at: number,
  user_agent: string,
  pathname: string,
  ip: string,
) => ({
  timestamp: new Date(at).toISOString(),
  user_agent,
  method: 'GET',
  hostname,
  pathname,
  status: 200,
  bytes: 2048,
  duration_ms: 8,
  content_type: 'text/html',
  conditional: 0,
  ip,
});
