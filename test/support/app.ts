import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { buildApp } from '../../src/app.js';
import type { AppDeps } from '../../src/http/deps.js';
import { createMetrics } from '../../src/metrics.js';
import { cityDbPaths, openGeoOnce } from '../../src/enrich/open-geo-once.js';
import { createLogger } from '../../src/log.js';
import { createMailer } from '../../src/mail/mailer.js';
import { Appender } from '../../src/nats/append.js';
import { createReadPool } from '../../src/read/budget/read-budget.js';
import { ReadSlots } from '../../src/read/budget/read-slots.js';
import { connectNats } from '../../src/nats/connect.js';
import { ensureStreams } from '../../src/nats/ensure-streams.js';
import { hitsStreamName } from '../../streams/hits.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A real app on real servers, isolated per test file: its own database (cloned from the template)
 * and its own stream and consumers (a random name prefix). Requests go through `app.inject`.
 */
export interface TestAppOptions {
  env?: Record<string, string>;
  /** Receives every log line, e.g. to prove that no address is ever logged. */
  logStream?: DestinationStream;
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const prefix = `t${randomBytes(4).toString('hex')}_`;
  const config = loadConfig({
    DATABASE_URL: database.url,
    NATS_URL: inject('natsUrl'),
    STREAM_PREFIX: prefix,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    // No test asks the machine's resolvers: reverse DNS checks go to a closed loopback port (refused
    // at once) unless a test starts its own DNS server.
    DNS_SERVERS: '127.0.0.1:9',
    ...opts.env,
  });
  const log = createLogger(config.LOG_LEVEL, opts.logStream);
  const nats = await connectNats(config.NATS_URL!, `twofold-test-${prefix}`);
  await ensureStreams(nats.jsm, prefix);
  const deps: AppDeps = {
    config,
    db: database.pool,
    readDb: createReadPool(database.url, config),
    readSlots: new ReadSlots(config.READ_CONCURRENCY),
    nats,
    appender: new Appender(nats.js),
    log,
    metrics: createMetrics(),
    geo: await openGeoOnce(cityDbPaths(config.GEOIP_CITY_DB)),
    mailer: createMailer(config, log),
  };
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    database,
    async close() {
      await app.close();
      deps.mailer?.close();
      await deps.readDb.end();
      await nats.jsm.streams.delete(hitsStreamName(prefix)).catch(() => {});
      await nats.nc.close();
      await database.drop();
    },
  };
}
