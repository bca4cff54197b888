import { z } from 'zod';
import type { Report } from '../envelope/report.js';
import { variant } from '../envelope/report.js';
import type { Journeys } from '../journeys/graph.js';
import { JourneyStart, journeys, JourneysParams } from '../journeys/read.js';
import { RetentionParams, retention, type Retention } from '../retention/read.js';
import { SessionsParams, sessions } from '../sessions/list.js';
import { type SessionDetail, SessionParams, session } from '../sessions/one.js';
import { VisitorsParams, visitors } from '../visitors/list.js';

/**
 * Journeys, whose `start` is the starting path and whose window comes from `range` alone
 * (docs/api.md#get-apistatsjourneys), so `end` is refused. `meta.rows` counts its nodes and links.
 */
const JOURNEYS: Report = {
  name: 'journeys',
  ownKeys: JourneyStart.extend({
    end: z.never({ error: 'journeys take their window from range; end is not a parameter here' }).optional(),
  }),
  variants: {
    human: variant(JourneysParams, journeys, (d: Journeys) => d.nodes.length + d.links.length),
  },
};

/**
 * The reads of people's visits under `/api/stats/` (docs/api.md#get-apistatsvisitors and its neighbours),
 * each the `report` of the same name in exports. They follow sessions, identify ids and daily visitor ids,
 * which agents do not have: only the `human` variant, so `audience=agent` or `all` is a 400 on `audience`.
 */
export const VISIT_REPORTS: readonly Report[] = [
  { name: 'sessions', variants: { human: variant(SessionsParams, sessions) } },
  {
    name: 'session',
    path: '/sessions/:id',
    variants: { human: variant(SessionParams, session, (d: SessionDetail) => d.hits.length) },
  },
  { name: 'visitors', variants: { human: variant(VisitorsParams, visitors) } },
  JOURNEYS,
  {
    name: 'retention',
    variants: {
      human: variant(
        RetentionParams,
        retention,
        (d: Retention) => d.cohorts.length,
        // How many visitors the grid covers
        // (docs/api-decisions.md#visits-sessions-visitors-journeys-retention).
        (d: Retention) => ({ covered: d.covered, anonymous_left_out: d.anonymous_left_out }),
      ),
    },
  },
];
