import { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import { compileFilters } from '../envelope/filter-sql.js';
import { HUMAN_DIMENSIONS } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import type { Source } from '../plan/planner.js';
import { Paging, pageOf } from '../envelope/paging.js';
import { planDimensionRead, rollupEventNames, rollupEventProperty } from './dimension-rollup.js';
import { inWindow } from '../envelope/in-window.js';

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
  /** The custom event's name, or with `property` the property's value (null where not sent). */
  value: string | null;
  visitors: number;
  events: number;
}

/**
 * Custom events (`twofold('Signup', …)`; identify calls are not events) ranked by the visitors
 * who sent them; with `name` and `property`, that event's counts per value of the property. From
 * the dimension rollup where the planner says it answers; a property some of the event's hits
 * in the window lack (a null row) is read from the raw hits.
 */
export async function events(db: Db, q: Query, p: EventsParams, source?: Source): Promise<EventRow[]> {
  const planned = await planDimensionRead(
    db,
    q,
    { dimension: p.property === undefined ? 'event' : 'event_property', metrics: ['visitors', 'events'] },
    source,
  );
  if (planned.source === 'rollup') {
    if (p.property === undefined) return rollupEventNames(db, q.site, planned.window, p, p.name);
    const rows = await rollupEventProperty(db, q.site, planned.window, p.name!, p.property, p);
    if (rows) return rows;
  }
  return rawEvents(db, q, p);
}

async function rawEvents(db: Db, q: Query, p: EventsParams): Promise<EventRow[]> {
  const value = p.property !== undefined ? sql`e.props->>${p.property}::text` : sql`e.name`;
  const which = p.name !== undefined ? sql`e.name = ${p.name}` : sql`e.name <> 'identify'`;
  const { rows } = await db.query<EventRow>(sql`
    SELECT ${value} AS value, count(DISTINCT e.visitor_id) AS visitors, count(*) AS events
    FROM events e
    WHERE e.site_id = ${q.site} AND e.kind = 'custom' AND ${inWindow('e.ts', q)}
      AND ${which} AND ${compileFilters(q.filters, HUMAN_DIMENSIONS, 'e')}
    GROUP BY 1 ORDER BY 2 DESC, 3 DESC, 1 NULLS LAST
    ${pageOf(p)}`);
  return rows;
}
