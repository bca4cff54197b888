import type pg from 'pg';
import type { GeoLookup } from '../enrich/geo.js';
import type { Appender } from '../nats/append.js';
import { addressDigestNow } from '../ratelimit/address.js';
import { BatchedWindowLimiter } from '../ratelimit/batched-window.js';
import type { IngestDeps } from './pipeline.js';
import { DailySalts } from './salts.js';
import { SiteCache } from './site-cache.js';

/** interface.md §8: 600 hits per minute per site per address. */
export const INGEST_LIMIT = { hits: 600, windowSeconds: 60 } as const;

/** What the pipeline runs on, in whichever thread runs it (the HTTP thread or the ingest thread). */
export function createIngestDeps(
  db: pg.Pool,
  appender: Appender,
  geo: GeoLookup,
  prefix: string,
): IngestDeps {
  return {
    sites: new SiteCache(db),
    salts: new DailySalts(db),
    appender,
    geo,
    // One upsert in flight: what arrives meanwhile waits and is counted by the next one, so under
    // load there are half as many round trips to Postgres for the same hits.
    limiter: new BatchedWindowLimiter(db, INGEST_LIMIT.hits, INGEST_LIMIT.windowSeconds, 1),
    addressDigest: (address) => addressDigestNow(db, address),
    prefix,
  };
}
