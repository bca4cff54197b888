import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.js';
import { parseInput } from '../../http/parse.js';
import { readRequest } from '../envelope/handler.js';
import type { Report } from '../envelope/report.js';
import { type Envelope, respond } from '../envelope/respond.js';
import { JourneyStart } from './read.js';

/** `start` is the path and the window comes from `range` alone, so `end` has nothing to end. */
const OwnKeys = JourneyStart.extend({
  end: z.never({ error: 'journeys take their window from range; end is not a parameter here' }).optional(),
});

/**
 * `/api/stats/journeys`, whose `start` is a path (decisions.md §5) where the shared envelope reads an
 * instant: the route takes `start` and `end` out of the envelope's input and hands the path to the
 * read. Checks keep the order of every read: credential, then parameters (`start`, `end` checked
 * first), then the site. The export reads journeys through the envelope, where `start`/`end` are
 * the window's and journeys start from entry pages, until the envelope can leave keys to a read.
 */
export function journeysRead(
  deps: AppDeps,
  report: Report,
): (req: FastifyRequest) => Promise<Envelope<unknown>> {
  return async (req) => {
    const startedAt = performance.now();
    const { start, end, ...envelope } = req.query as Record<string, unknown>;
    let own: z.infer<typeof OwnKeys> = {};
    const r = await readRequest(
      deps,
      req,
      () => {
        own = parseInput(OwnKeys, { start, end });
        return report;
      },
      envelope,
    );
    const data = await r.variant.read(deps.db, r.q, { ...(r.params as object), start: own.start });
    return respond(r.q, data, startedAt, r.variant.rows ? { rows: r.variant.rows(data) } : {});
  };
}
