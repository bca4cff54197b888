import { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import type { Source } from '../plan/planner.js';
import { Paging, pageOf } from '../envelope/paging.js';
import { planDimensionRead, rollupEventNames, rollupEventProperty } from './dimension-rollup.js';
import { pairEventNames } from './dimension-pairs.js';
import { inWindow } from '../envelope/in-window.js';
import {
  automaticEvent,
  EVENT_KIND_LIST,
  EVENT_NAME,
  eventMatches,
  eventProperty,
} from '../../goals/automatic-events.js';

export const EventsParams = Paging.extend({
  /** With `property`: the event whose property values to break down. */
  name: z.string().min(1).max(200).optional(),
  property: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'property is a key of 1 to 64 of A-Z a-z 0-9 _ . -')
    .optional(),
}).refine((p) => p.property === undefined || p.name !== undefined, {
  message: 'property needs name (the event whose property to break down)',
  path: ['name'],
});
export type EventsParams = z.infer<typeof EventsParams>;

export interface EventRow {
  /** The event's name, or with `property` the property's value (null where not sent). */
  value: string | null;
  visitors: number;
  events: number;
}

/**
 * Events (custom ones, `twofold('Signup', …)`, identify calls left out, and the automatic ones:
 * src/goals/automatic-events.ts) ranked by the visitors who sent them; with `name` and `property`,
 * that event's counts per value of the property. From the dimension rollup where the planner says
 * it answers; a property some of the event's hits in the window lack (a null row), an automatic
 * event's property (the rollup keeps custom events' only) and a name both a custom event and an
 * automatic one's hits bear in the window (their visitors overlap) are read from the raw hits.
 */
export async function events(db: Db, q: Query, p: EventsParams, source?: Source): Promise<EventRow[]> {
  const planned = await planDimensionRead(
    db,
    q,
    { dimension: p.property === undefined ? 'event' : 'event_property', metrics: ['visitors', 'events'] },
    source,
  );
  if (planned.pairs && p.property === undefined) {
    const rows = await pairEventNames(db, q, planned.pairs, p, p.name);
    if (rows) return rows;
  } else if (planned.source === 'rollup' && !planned.pairs) {
    const rows =
      p.property === undefined
        ? await rollupEventNames(db, q.site, planned.window, p, p.name)
        : automaticEvent(p.name!) === undefined
          ? await rollupEventProperty(db, q.site, planned.window, p.name!, p.property, p)
          : undefined;
    if (rows) return rows;
  }
  return rawEvents(db, q, p);
}

async function rawEvents(db: Db, q: Query, p: EventsParams): Promise<EventRow[]> {
  const value = p.property !== undefined ? eventProperty(p.name!, p.property) : EVENT_NAME;
  const which = p.name !== undefined ? eventMatches(p.name) : sql`e.kind IN (${EVENT_KIND_LIST})`;
  // Identify calls are no events; the automatic ones carry no name, so their NULL is no custom one's.
  const { rows } = await db.query<EventRow>(sql`
    SELECT ${value} AS value, count(DISTINCT e.visitor_id) AS visitors, count(*) AS events
    FROM events e
    WHERE e.site_id = ${q.site} AND ${inWindow('e.ts', q)}
      AND ${which} AND ${p.name !== undefined ? sql`TRUE` : sql`${EVENT_NAME} <> 'identify'`}
      AND ${compileFilters(q.filters, HUMAN_DIMENSIONS, 'e')}
    GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1 NULLS LAST
    ${pageOf(p)}`);
  return rows;
}
