import type pg from 'pg';
import type { Config } from '../config.js';
import type { GeoLookup } from '../enrich/geo.js';
import type { Logger } from '../log.js';
import type { Mailer } from '../mail/mailer.js';
import type { Appender } from '../nats/append.js';
import type { Nats } from '../nats/connect.js';
import type { ReadSlots } from '../read/budget/read-slots.js';
import type { Metrics } from '../metrics.js';

/** Everything a route family may use; built once in main.ts (or the test harness) and passed down. */
export interface AppDeps {
  config: Config;
  /** Management, auth, ingest on the HTTP thread, edge shipments, projectors: never behind reads. */
  db: pg.Pool;
  /** The reads' own pool, each statement cut off at READ_TIMEOUT_MS (src/read/budget/). */
  readDb: pg.Pool;
  /** Reads in flight per API key or account, at most READ_CONCURRENCY each. */
  readSlots: ReadSlots;
  nats: Nats;
  appender: Appender;
  log: Logger;
  metrics: Metrics;
  /** Country, region, city and ASN of an address; opened once per process (the ASN table is large). */
  geo: GeoLookup;
  /** The SMTP transport, or null when SMTP_URL is unset (links are then shown, not mailed). */
  mailer: Mailer | null;
}
