import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { createProjections } from '../projections/index.js';
import { loadCatalog } from './catalog/agents.js';
import { type Config, publicUrl } from './config.js';
import { migrate } from './db/migrate.js';
import { createPool } from './db/pool.js';
import { type Backends, startBackends } from './embedded/backends.js';
import { buildApp } from './app.js';
import { LISTEN_BACKLOG } from './http/listen.js';
import { cityDbPaths, openGeoOnce } from './enrich/open-geo-once.js';
import { createMetrics } from './metrics.js';
import { createMailer } from './mail/mailer.js';
import { pruneSalts } from './ingest/salts.js';
import type { Logger } from './log.js';
import { Appender } from './nats/append.js';
import { connectNats, type Nats } from './nats/connect.js';
import { ensureStreams } from './nats/ensure-streams.js';
import { schedulePolicyFetches } from './policy/fetch-policy-files.js';
import { scheduleRawRetention } from './retention/raw-rows.js';
import { scheduleIndexCompaction } from './retention/compact-indexes.js';
import { schedulePairCounts } from './pairs/count-due-days.js';
import { scheduleReports } from './reports/scheduler.js';
import { citationGapSettings } from './read/citation-gap/reports.js';
import { fixPartitionCount } from './projector/partition-count.js';
import { Projector } from './projector/projector.js';
import { createReadPool } from './read/budget/read-budget.js';
import { ReadSlots } from './read/budget/read-slots.js';

export interface Running {
  app?: FastifyInstance;
  address?: string;
  backends: Backends;
  db: pg.Pool;
  nats: Nats;
  workers: Projector[];
  stop(): Promise<void>;
}

const HOUR_MS = 3_600_000;

export interface Serve {
  http: boolean;
  projectors: boolean;
}

export function servesFor(config: Config): Serve {
  return { http: config.TWOFOLD_ROLE !== 'projector', projectors: config.TWOFOLD_ROLE !== 'api' };
}

/** Starts the roles the config asks for (or `serve`), on the configured or embedded backends. */
export async function startTwofold(
  config: Config,
  log: Logger,
  serve: Serve = servesFor(config),
): Promise<Running> {
  const backends = await startBackends({
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    dataDir: config.dataDir,
    log,
  });
  const db = createPool(backends.databaseUrl, 20);
  const applied = await migrate(db);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');
  const partitions = await fixPartitionCount(db, config.PROJECTION_PARTITIONS);
  const nats = await connectNats(backends.natsUrl, `twofold-${config.TWOFOLD_ROLE}`);
  await ensureStreams(nats.jsm, config.STREAM_PREFIX, config.STREAM_REPLICAS);
  const metrics = createMetrics();
  const mailer = createMailer(config, log);

  const workers: Projector[] = [];
  if (serve.projectors) {
    const projections = createProjections(loadCatalog(config.catalogDir));
    const w = new Projector({ db, nats, prefix: config.STREAM_PREFIX, log, metrics }, projections, {
      partitions,
    });
    w.start();
    workers.push(w);
  }

  const policyFetches =
    serve.projectors && config.POLICY_FETCH_HOURS > 0
      ? schedulePolicyFetches(db, log, config.POLICY_FETCH_HOURS, {
          allowPrivate: config.POLICY_FETCH_PRIVATE,
        })
      : undefined;

  const rawRetention =
    serve.projectors && config.RAW_RETENTION_MONTHS !== undefined
      ? scheduleRawRetention(db, log, config.RAW_RETENTION_MONTHS)
      : undefined;

  const indexCompaction =
    serve.projectors && config.INDEX_COMPACTION_HOURS > 0
      ? scheduleIndexCompaction(db, log, config.INDEX_COMPACTION_HOURS)
      : undefined;

  const pairCounts =
    serve.projectors && config.PAIR_COUNT_MINUTES > 0
      ? schedulePairCounts(db, log, config.PAIR_COUNT_MINUTES)
      : undefined;

  let app: FastifyInstance | undefined;
  let address: string | undefined;
  let readDb: pg.Pool | undefined;
  if (serve.http) {
    const geo = await openGeoOnce(cityDbPaths(config.GEOIP_CITY_DB));
    // The servers actually in use (embedded ones when the URLs were unset), for the ingest thread.
    const serving = { ...config, DATABASE_URL: backends.databaseUrl, NATS_URL: backends.natsUrl };
    readDb = createReadPool(config.READ_DATABASE_URL ?? backends.databaseUrl, config);
    app = await buildApp({
      config: serving,
      db,
      readDb,
      readSlots: new ReadSlots(config.READ_CONCURRENCY),
      nats,
      appender: new Appender(nats.js),
      log,
      metrics,
      geo,
      mailer,
    });
    address = await app.listen({ host: config.HOST, port: config.PORT, backlog: LISTEN_BACKLOG });
    log.info({ address, role: config.TWOFOLD_ROLE }, 'twofold listening');
  }

  // Mailed reports and alerts need a mailer; without SMTP_URL nothing is claimed, so nothing is lost.
  // Their reads run as the HTTP reads do: on the read pool, each statement cut off at READ_TIMEOUT_MS.
  let reportReadDb: pg.Pool | undefined;
  const reports =
    serve.projectors && mailer && config.REPORTS_CHECK_MINUTES > 0
      ? scheduleReports(
          {
            db,
            readDb:
              readDb ??
              (reportReadDb = createReadPool(config.READ_DATABASE_URL ?? backends.databaseUrl, config)),
            mailer,
            log,
            now: () => new Date(),
            publicUrl: publicUrl(config),
            citationGap: citationGapSettings(config),
          },
          config.REPORTS_CHECK_MINUTES,
        )
      : undefined;

  const maintenance = setInterval(() => {
    pruneSalts(db).catch((err) => log.warn({ err }, 'salt pruning failed'));
  }, HOUR_MS);
  maintenance.unref();
  void pruneSalts(db).catch(() => {});

  log.info({ role: config.TWOFOLD_ROLE, http: serve.http, projectors: serve.projectors }, 'twofold started');

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      clearInterval(maintenance);
      policyFetches?.stop();
      reports?.stop();
      rawRetention?.stop();
      indexCompaction?.stop();
      pairCounts?.stop();
      await app?.close();
      mailer?.close();
      await Promise.all(workers.map((w) => w.stop()));
      await nats.nc.drain().catch(() => {});
      await readDb?.end();
      await reportReadDb?.end();
      await db.end();
      await backends.stop();
    })();
    return stopping;
  };
  return { app, address, backends, db, nats, workers, stop };
}
