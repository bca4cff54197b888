import type { FastifyInstance } from 'fastify';
import { jsonDepthError } from '../input/json-depth.js';

/**
 * JSON bodies of the routes of `app` are parsed by Fastify's own parser (its prototype-poisoning
 * checks kept) once they are known to nest no deeper than the bound: a refusal names the top-level
 * key that goes too deep (docs/api.md). The hit, edge and tool routes read their bodies raw and
 * check them themselves.
 */
export function boundJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const tooDeep = jsonDepthError(body as string);
    if (tooDeep) done(tooDeep, undefined);
    else parse(req, body as string, done);
  });
}
