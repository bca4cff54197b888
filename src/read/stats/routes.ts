import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.js';
import { envelopeRead } from '../envelope/handler.js';
import { BreakdownParams, breakdown } from './breakdown.js';
import { overview } from './overview.js';
import { TimeseriesParams, timeseries } from './timeseries.js';

const NoParams = z.object({});

export const statsRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/overview', envelopeRead(deps, NoParams, overview));
  app.get(
    '/timeseries',
    envelopeRead(deps, TimeseriesParams, timeseries, (d) => d.series.length),
  );
  app.get('/breakdown', envelopeRead(deps, BreakdownParams, breakdown));
};
