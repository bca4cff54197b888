import type { FastifyInstance } from 'fastify';

/** The media types clients send bodies as: JSON, and text (sendBeacon's CORS-simple posts). */
const NAMED_TYPES = ['application/json', 'text/plain'];

/**
 * Every body of the routes of `app` as it arrived (text or bytes), whatever its content type: the
 * route parses it itself. The common types are registered by name as well as under `*`: Fastify
 * remembers the parser it found for a content type by name, but looks a `*` fallback up again on
 * every request, parsing the header each time.
 */
export function keepBodiesRaw(app: FastifyInstance, parseAs: 'string' | 'buffer', bodyLimit?: number): void {
  app.removeAllContentTypeParsers();
  const opts = bodyLimit === undefined ? { parseAs } : { parseAs, bodyLimit };
  for (const type of ['*', NAMED_TYPES])
    app.addContentTypeParser(type, opts, (_req, body, done) => done(null, body));
}
