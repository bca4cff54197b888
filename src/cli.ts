import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { createProjections, PROJECTIONS, projectionNamed } from '../projections/index.js';
import type { Projection } from '../projections/projection.js';
import { loadCatalog } from './catalog/agents.js';
import { refreshRanges } from './catalog/refresh.js';
import { shipLog } from './shiplog/ship-log.js';
import { BridgeOptions, runStdioBridge } from './mcp/stdio-bridge.js';
import { type Config, ConfigError, loadConfig, publicUrl } from './config.js';
import { newResetLink } from './auth/reset-link.js';
import { listUsers, usersTable } from './auth/users.js';
import { migrate } from './db/migrate.js';
import { createPool } from './db/pool.js';
import { startBackends } from './embedded/backends.js';
import { isProcessRunning } from './embedded/pid-file.js';
import { readRuntime } from './embedded/runtime.js';
import { createLogger, type Logger } from './log.js';
import { connectNats } from './nats/connect.js';
import { ensureStreams } from './nats/ensure-streams.js';
import { rebuildProgressLine } from './projector/progress-line.js';
import { rebuildProjections } from './projector/rebuild.js';
import { fixPartitionCount } from './projector/partition-count.js';
import { pipelineStatus } from './projector/status.js';

const USAGE = `usage: twofold <command>
  start                               run the configured roles (as npm start)
  migrate                             apply database migrations
  projections status                  stream position, checkpoints and lag
  projections rebuild [--only NAME]   rebuild projections from the stream (ingest keeps running);
                                      after a catalog change this re-classifies every past fetch
  catalog refresh [--only FAMILY]     re-read the operators' published IP ranges into the catalog
  users list                          every account: id, email, created, sites owned and joined
  users reset-password EMAIL          print a one-time link (valid an hour) that sets a new password,
                                      for when no SMTP_URL is set (or the mail did not arrive)
  ship-log --site ID --key KEY --hostname HOST [--endpoint URL] [--agents-only] FILE
                                      send an nginx combined-format access log (or .gz) as signed
                                      edge rows; --agents-only where pages also carry the tracker
  mcp [--url URL] [--key API_KEY]     the tool endpoint over stdio for assistants that only speak
                                      stdio: JSON-RPC lines to URL/api/mcp (TWOFOLD_URL, default
                                      this server's HOST:PORT; TWOFOLD_API_KEY)
projections: ${PROJECTIONS.map((p) => p.name).join(', ')}`;

/**
 * The servers a command talks to: the configured URLs, else those of the running `npm start`
 * (DATA_DIR/runtime.json), else embedded servers started for this command alone.
 */
async function backendsFor(config: Config, log: Logger) {
  if (!config.DATABASE_URL || !config.NATS_URL) {
    const rt = await readRuntime(config.dataDir);
    if (rt && (await isProcessRunning(rt.pid)))
      return {
        databaseUrl: config.DATABASE_URL ?? rt.databaseUrl,
        natsUrl: config.NATS_URL ?? rt.natsUrl,
        stop: async () => {},
      };
  }
  return startBackends({
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    dataDir: config.dataDir,
    log,
  });
}

async function withBackends<T>(config: Config, fn: (deps: Awaited<ReturnType<typeof open>>) => Promise<T>) {
  const deps = await open(config);
  try {
    return await fn(deps);
  } finally {
    await deps.close();
  }
}

async function open(config: Config) {
  const log = createLogger(config.LOG_LEVEL);
  const backends = await backendsFor(config, log);
  // A rebuild folds every projection at once, each on a connection of its own.
  const db = createPool(backends.databaseUrl, 10);
  await migrate(db);
  const partitions = await fixPartitionCount(db, config.PROJECTION_PARTITIONS);
  const nats = await connectNats(backends.natsUrl, 'twofold-cli');
  await ensureStreams(nats.jsm, config.STREAM_PREFIX, config.STREAM_REPLICAS);
  return {
    log,
    db,
    nats,
    prefix: config.STREAM_PREFIX,
    partitions,
    async close() {
      await nats.nc.drain().catch(() => {});
      await db.end();
      await backends.stop();
    },
  };
}

export async function runCli(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      site: { type: 'string' },
      key: { type: 'string' },
      hostname: { type: 'string' },
      endpoint: { type: 'string' },
      'agents-only': { type: 'boolean' },
      url: { type: 'string' },
    },
  });
  const [command, sub] = positionals;
  if (values.help || command === undefined) {
    console.log(USAGE);
    return command === undefined && !values.help ? 2 : 0;
  }
  const config = loadConfig();
  if (command === 'start') {
    await import('./main.js');
    return -1;
  }
  if (command === 'migrate') {
    const log = createLogger(config.LOG_LEVEL);
    const backends = await backendsFor(config, log);
    // migrate() holds one connection for its advisory lock and runs each migration on another.
    const db = createPool(backends.databaseUrl, 2);
    const applied = await migrate(db).finally(() => db.end());
    await backends.stop();
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    return 0;
  }
  if (command === 'projections' && sub === 'status') {
    return withBackends(config, async (d) => {
      console.log(JSON.stringify(await pipelineStatus(d.db, d.nats.jsm, d.prefix, d.partitions), null, 2));
      return 0;
    });
  }
  if (command === 'projections' && sub === 'rebuild') {
    const projections = createProjections(loadCatalog(config.catalogDir));
    const chosen = values.only ? [projectionNamed(values.only, projections)] : projections;
    if (chosen.some((p) => p === undefined)) {
      console.error(`twofold: unknown projection "${values.only}"\n${USAGE}`);
      return 2;
    }
    return withBackends(config, async (d) => {
      const results = await rebuildProjections(d, chosen as Projection[], {
        onProgress: (p) => console.error(rebuildProgressLine(p)),
      });
      for (const r of results)
        console.log(`rebuilt ${r.projection}: ${r.events} events, checkpoint ${r.lastSeq}`);
      return 0;
    });
  }
  if (command === 'users' && (sub === 'list' || sub === 'reset-password'))
    return usersCommand(config, sub, positionals[2]);
  if (command === 'catalog' && sub === 'refresh') return refreshCatalog(config, values.only);
  if (command === 'ship-log') {
    const site = Number(values.site);
    if (!sub || !Number.isInteger(site) || site <= 0 || !values.key || !values.hostname) {
      console.error(`twofold ship-log: needs --site, --key, --hostname and a file\n${USAGE}`);
      return 2;
    }
    const result = await shipLog({
      file: sub,
      site,
      key: values.key,
      hostname: values.hostname,
      endpoint: values.endpoint ?? `http://${config.HOST}:${config.PORT}`,
      agentsOnly: values['agents-only'] ?? false,
      log: (line) => console.error(line),
    });
    console.log(JSON.stringify(result));
    return 0;
  }
  if (command === 'mcp') {
    const options = BridgeOptions.safeParse({
      url: values.url ?? process.env.TWOFOLD_URL ?? `http://${config.HOST}:${config.PORT}`,
      key: values.key ?? process.env.TWOFOLD_API_KEY,
    });
    if (!options.success) {
      console.error(`twofold mcp: ${options.error.issues[0]!.message}`);
      return 2;
    }
    // stdout carries the protocol alone; everything else goes to stderr.
    await runStdioBridge({
      ...options.data,
      input: process.stdin,
      output: process.stdout,
      log: console.error,
    });
    return 0;
  }
  console.error(USAGE);
  return 2;
}

/** The account commands: Postgres alone, no stream. */
async function usersCommand(config: Config, sub: 'list' | 'reset-password', email: string | undefined) {
  if (sub === 'reset-password' && !email) {
    console.error(`twofold users reset-password: needs the account's email\n${USAGE}`);
    return 2;
  }
  const log = createLogger(config.LOG_LEVEL);
  const backends = await backendsFor(config, log);
  const db = createPool(backends.databaseUrl, 2);
  try {
    await migrate(db);
    if (sub === 'list') {
      console.log(usersTable(await listUsers(db)));
      return 0;
    }
    const link = await newResetLink(db, publicUrl(config), email!);
    if (link === null) {
      console.error(`twofold: no account with the email ${email}`);
      return 1;
    }
    console.log(link);
    return 0;
  } finally {
    await db.end();
    await backends.stop();
  }
}

/** Prints one line per feed; exits 1 when any feed failed (its file is left as it was). */
async function refreshCatalog(config: Config, only: string | undefined): Promise<number> {
  const outcomes = await refreshRanges({
    operators: loadCatalog(config.catalogDir).operators,
    rangesDir: join(config.catalogDir, 'ranges'),
    families: only ? only.split(',') : undefined,
  });
  if (outcomes.length === 0) {
    console.error(`twofold: no range feed ${only ? `named ${only}` : 'in the catalog'}`);
    return 2;
  }
  for (const o of outcomes) {
    const what =
      o.status === 'updated'
        ? `updated, ${o.prefixes} prefixes (+${o.added} -${o.removed})`
        : o.status === 'unchanged'
          ? `unchanged, ${o.prefixes} prefixes`
          : `FAILED: ${o.error} (file kept)`;
    console.log(`${o.family} (${o.operator}) ${o.url}: ${what}`);
  }
  if (outcomes.some((o) => o.status === 'updated'))
    console.log('restart the API processes to verify new fetches against the new ranges');
  return outcomes.some((o) => o.status === 'failed') ? 1 : 0;
}

runCli(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (err) => {
    console.error(`twofold: ${err instanceof ConfigError ? err.message : (err?.stack ?? err)}`);
    process.exit(1);
  },
);
