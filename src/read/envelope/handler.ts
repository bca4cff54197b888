import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { authenticate, authorizeSiteRead } from '../../auth/guards.js';
import type { Db } from '../../db/sql.js';
import type { AppDeps } from '../../http/deps.js';
import { parseInput } from '../../http/parse.js';
import { loadSegmentFilters } from '../../segments/segments.js';
import { QueryEnvelope, type Query, understand } from './query.js';
import { type Envelope, respond } from './respond.js';

/**
 * The one way a read answers: credential (401), then the envelope and the read's own parameters
 * (400), then access to the site (403), then the read on the query as understood, enveloped.
 */
export function envelopeRead<P extends z.ZodType, T>(
  deps: AppDeps,
  params: P,
  read: (db: Db, q: Query, p: z.infer<P>) => Promise<T>,
  rows?: (data: T) => number,
): (req: FastifyRequest) => Promise<Envelope<T>> {
  return async (req) => {
    const startedAt = performance.now();
    const principal = await authenticate(deps.db, req, { allowSession: true });
    const env = parseInput(QueryEnvelope, req.query);
    const p = parseInput(params, req.query);
    const site = await authorizeSiteRead(deps.db, principal, env.site);
    const segment =
      env.segment === undefined ? undefined : await loadSegmentFilters(deps.db, site.id, env.segment);
    const q = understand(env, site, new Date(), segment);
    const data = await read(deps.db, q, p);
    return respond(q, data, startedAt, rows ? { rows: rows(data) } : {});
  };
}
