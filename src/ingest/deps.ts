import type { StreamLayout } from '../../streams/subjects.js';
import type pg from 'pg';
import type { GeoLookup } from '../enrich/geo.js';
import type { Appender } from '../nats/append.js';
import { addressDigestNow } from '../ratelimit/address.js';
import { BatchedWindowLimiter, type BatchedWindowOptions } from '../ratelimit/batched-window.js';
import type { IngestDeps } from './pipeline.js';
import { DailySalts } from './salts.js';
import { SiteCache } from './site-cache.js';

/**
 * docs/api.md#limits: 600 hits per minute per site per address. A person reading pages sends about
 * three hits a page (the pageview, engagement on leaving it, Web Vitals) and reads fewer than five
 * pages a minute, so each API instance lets an address's first 16 hits of a window through without
 * asking Postgres; across N instances an address can get at most 16 × (N − 1) more than 600
 * through in a window (BatchedWindowOptions.localAllowance).
 */
export const INGEST_LIMIT = {
  limit: 600,
  windowSeconds: 60,
  localAllowance: 16,
} as const satisfies BatchedWindowOptions;

/** What the pipeline runs on, in whichever thread runs it (the HTTP thread or the ingest thread). */
export function createIngestDeps(
  db: pg.Pool,
  appender: Appender,
  geo: GeoLookup,
  layout: StreamLayout,
): IngestDeps {
  return {
    sites: new SiteCache(db),
    salts: new DailySalts(db),
    appender,
    geo,
    // One upsert in flight: what arrives meanwhile waits and is counted by the next one, so under
    // load there are half as many round trips to Postgres for the same hits.
    limiter: new BatchedWindowLimiter(db, { ...INGEST_LIMIT, maxInFlight: 1 }),
    addressDigest: (address) => addressDigestNow(db, address),
    layout,
  };
}
