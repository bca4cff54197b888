import type pg from 'pg';
import type { Config } from '../config.js';
import type { GeoLookup } from '../enrich/geo.js';
import type { Logger } from '../log.js';
import type { Appender } from '../nats/append.js';
import type { Nats } from '../nats/connect.js';
import type { Metrics } from './metrics.js';

/** Everything a route family may use; built once in main.ts (or the test harness) and passed down. */
export interface AppDeps {
  config: Config;
  db: pg.Pool;
  nats: Nats;
  appender: Appender;
  log: Logger;
  metrics: Metrics;
  /** Country, region, city and ASN of an address; opened once per process (the ASN table is large). */
  geo: GeoLookup;
}
