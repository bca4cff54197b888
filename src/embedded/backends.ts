import { chmod, mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Logger } from '../log.js';
import { startEmbeddedNats } from './nats.js';
import { startEmbeddedPostgres } from './postgres.js';
import { isProcessRunning } from './pid-file.js';
import { readRuntime, writeRuntime } from './runtime.js';

export interface Backends {
  databaseUrl: string;
  natsUrl: string;
  embedded: { postgres: boolean; nats: boolean };
  stop(): Promise<void>;
}

export interface StartBackendsOptions {
  databaseUrl?: string;
  natsUrl?: string;
  dataDir: string;
  log: Logger;
  /** Where to look for nats-server, PATH syntax; tests use it to simulate a machine without one. */
  natsSearchPath?: string;
}

interface Started {
  url: string;
  stop(): Promise<void>;
}

/**
 * Embedded Postgres runs as the `postgres` OS user when we are root, so that user must be able to
 * reach the data dir: the folders we create get 755 (startEmbeddedPostgres lets it enter one that
 * already exists).
 */
async function prepareDataDir(dataDir: string): Promise<void> {
  const dir = resolve(dataDir);
  const firstCreated = await mkdir(dir, { recursive: true });
  if (firstCreated === undefined) return;
  for (let d = dir; ; d = dirname(d)) {
    await chmod(d, 0o755);
    if (d === firstCreated || dirname(d) === d) break;
  }
}

/**
 * Servers left behind by a dead process are stopped and replaced; those of a live one are not:
 * a second `npm start` on the same DATA_DIR must not pull the first one's database away.
 */
async function refuseLiveOwner(dataDir: string): Promise<void> {
  const rt = await readRuntime(dataDir).catch(() => null);
  if (rt && rt.pid !== process.pid && (await isProcessRunning(rt.pid)))
    throw new Error(
      `another twofold process (pid ${rt.pid}) runs the embedded servers in ${resolve(dataDir)}; ` +
        'stop it, use another DATA_DIR, or set DATABASE_URL and NATS_URL to its servers',
    );
}

/**
 * The Postgres and NATS servers the service talks to: the ones named by URL, or embedded ones
 * started here (concurrently) with their data under `dataDir`. `stop()` stops only what it started.
 */
export async function startBackends(opts: StartBackendsOptions): Promise<Backends> {
  const { dataDir, log } = opts;
  const embedded = { postgres: !opts.databaseUrl, nats: !opts.natsUrl };
  if (embedded.postgres || embedded.nats) {
    await refuseLiveOwner(dataDir);
    await prepareDataDir(dataDir);
  }

  const results = await Promise.allSettled([
    embedded.postgres ? startEmbeddedPostgres({ dataDir, log }) : null,
    embedded.nats ? startEmbeddedNats({ dataDir, log, searchPath: opts.natsSearchPath }) : null,
  ]);
  const started = results.flatMap((r): Started[] => (r.status === 'fulfilled' && r.value ? [r.value] : []));
  const failures = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (failures.length > 0) {
    // Leave nothing running behind a failed start: the next attempt would find it in its way.
    await Promise.allSettled(started.map((s) => s.stop()));
    for (const extra of failures.slice(1)) log.error({ err: extra }, 'embedded backend failed to start');
    throw failures[0];
  }

  const [postgres, nats] = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
  const databaseUrl = postgres?.url ?? opts.databaseUrl!;
  const natsUrl = nats?.url ?? opts.natsUrl!;
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= Promise.all(started.map((s) => s.stop())).then(() => undefined);
    return stopping;
  };
  if (started.length > 0) {
    const runtime = { databaseUrl, natsUrl, pid: process.pid, startedAt: new Date().toISOString() };
    await writeRuntime(dataDir, runtime).catch(async (err: unknown) => {
      await stop();
      throw err;
    });
  }
  return { databaseUrl, natsUrl, embedded, stop };
}
