import type { FastifyPluginAsync } from 'fastify';
import type { ReadDeps } from '../read-deps.js';
import { envelopeRead } from './handler.js';
import type { Report } from './report.js';

/** A family of envelope reads, each at its path (`/<name>` unless it names one) under the family's prefix. */
export const reportRoutes: FastifyPluginAsync<{ deps: ReadDeps; reports: readonly Report[] }> = async (
  app,
  { deps, reports },
) => {
  for (const report of reports) app.get(report.path ?? `/${report.name}`, envelopeRead(deps, report));
};
