import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.js';
import { envelopeRead } from '../envelope/handler.js';
import { BreakdownParams, breakdown, Paging } from './breakdown.js';
import { EventsParams, events } from './events.js';
import { devices, locations, sources } from './grouped-lists.js';
import { pages } from './pages.js';
import { realtime } from './realtime.js';
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
  app.get('/pages', envelopeRead(deps, Paging, pages));
  app.get('/events', envelopeRead(deps, EventsParams, events));
  app.get('/sources', envelopeRead(deps, Paging, sources));
  app.get('/locations', envelopeRead(deps, Paging, locations));
  app.get('/devices', envelopeRead(deps, Paging, devices));
  app.get(
    '/realtime',
    envelopeRead(deps, NoParams, realtime, (d) => d.pages.length),
  );
};
