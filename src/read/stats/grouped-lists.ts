import type { Db } from '../../db/sql.js';
import type { Query } from '../envelope/query.js';
import type { Source } from '../plan/planner.js';
import { Paging } from '../envelope/paging.js';
import { type BreakdownRow, breakdown } from './breakdown.js';

/** A read made of several ranked lists, each a breakdown by one dimension of the same query. */
async function lists<K extends string>(
  db: Db,
  q: Query,
  p: Paging,
  dimensions: Record<K, string>,
  source?: Source,
): Promise<Record<K, BreakdownRow[]>> {
  const entries = await Promise.all(
    (Object.entries(dimensions) as [K, string][]).map(
      async ([key, dimension]) => [key, await breakdown(db, q, { ...p, dimension }, source)] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<K, BreakdownRow[]>;
}

/** Channels, then sources, then campaigns (attributes of the session: docs/api.md#query-envelope). */
export const sources = (db: Db, q: Query, p: Paging, source?: Source) =>
  lists(db, q, p, { channels: 'channel', sources: 'source', campaigns: 'utm_campaign' }, source);

export const locations = (db: Db, q: Query, p: Paging, source?: Source) =>
  lists(db, q, p, { countries: 'country', regions: 'region', cities: 'city' }, source);

export const devices = (db: Db, q: Query, p: Paging, source?: Source) =>
  lists(
    db,
    q,
    p,
    { devices: 'device', browsers: 'browser', operating_systems: 'os', screens: 'screen' },
    source,
  );
