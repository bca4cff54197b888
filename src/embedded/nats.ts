import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../log.js';
import { LogTail } from './log-tail.js';
import { findNatsServer } from './nats-binary.js';
import { stopPidFileProcess } from './pid-file.js';
import { freePort, preferredPort } from './ports.js';
import { previousPort } from './runtime.js';

const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 10_000;

export interface EmbeddedNats {
  url: string;
  stop(): Promise<void>;
}

export interface StartNatsOptions {
  dataDir: string;
  log: Logger;
  /** Folders to look for nats-server in, PATH syntax; defaults to PATH plus the sbin folders. */
  searchPath?: string;
}

interface NatsConfig {
  port: number;
  httpPort: number;
  pidFile: string;
  storeDir: string;
}

/**
 * The largest message a NATS server of twofold's must take: an edge request (2 MB, up to 1,000
 * rows) is one stream message, stored whole or not at all. Every server config says it (the
 * embedded one, the drills' cluster, deploy/nats.conf).
 */
export const NATS_MAX_PAYLOAD = 'max_payload: 8MB';

// JSON string syntax is valid NATS config syntax, and it quotes any path safely.
function natsConfig(c: NatsConfig): string {
  return [
    '# Written by twofold at every start of the embedded server: edits here are overwritten.',
    `listen: 127.0.0.1:${c.port}`,
    `http: 127.0.0.1:${c.httpPort}`,
    `pid_file: ${JSON.stringify(c.pidFile)}`,
    NATS_MAX_PAYLOAD,
    `jetstream {\n  store_dir: ${JSON.stringify(c.storeDir)}\n}`,
    '',
  ].join('\n');
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitUntilHealthy(
  child: ChildProcess,
  httpPort: number,
  tail: LogTail,
  spawnError: () => Error | undefined,
): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const error = spawnError();
    if (error !== undefined) throw new Error(`nats-server could not be started: ${error.message}`);
    if (hasExited(child)) {
      const how = child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode;
      throw new Error(`nats-server exited (${how}) before it was ready:\n${tail}`);
    }
    // /healthz answers 200 only once JetStream is up, not merely the client port.
    const healthy = await fetch(`http://127.0.0.1:${httpPort}/healthz`, {
      signal: AbortSignal.timeout(1_000),
    })
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) return;
    await sleep(50);
  }
  throw new Error(`nats-server was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${tail}`);
}

async function stopChild(child: ChildProcess, log: Logger): Promise<void> {
  if (hasExited(child) || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // SIGTERM lets JetStream flush and close its store files.
  child.kill('SIGTERM');
  const timer = new AbortController();
  const timedOut = await Promise.race([
    exited.then(() => false),
    sleep(STOP_TIMEOUT_MS, true, { signal: timer.signal }),
  ]);
  // A pending timer would keep the event loop, and so the process, alive for the full timeout.
  timer.abort();
  if (timedOut) {
    log.warn({ pid: child.pid }, 'nats-server ignored SIGTERM; killing it');
    child.kill('SIGKILL');
    await exited;
  }
}

/**
 * A NATS server with JetStream from the system's nats-server binary, its file store in
 * `${dataDir}/nats/store` (kept across restarts), listening on loopback only.
 */
export async function startEmbeddedNats(opts: StartNatsOptions): Promise<EmbeddedNats> {
  const { dataDir, log } = opts;
  const bin = await findNatsServer(opts.searchPath);
  const dir = join(dataDir, 'nats');
  const configFile = join(dir, 'nats-server.conf');
  const pidFile = join(dir, 'nats-server.pid');
  const storeDir = join(dir, 'store');
  await mkdir(storeDir, { recursive: true });
  // A server whose node parent was SIGKILLed may still run and hold the store's lock.
  const leftover = { pidFile, name: 'nats-server', argument: configFile, signal: 'SIGTERM' as const, log };
  if (await stopPidFileProcess(leftover))
    log.warn({ dir }, 'stopped a nats-server left running by an earlier process');

  const port = await preferredPort(await previousPort(dataDir, 'natsUrl'));
  let httpPort = await freePort();
  while (httpPort === port) httpPort = await freePort();
  await writeFile(configFile, natsConfig({ port, httpPort, pidFile, storeDir }));

  const tail = new LogTail();
  const child = spawn(bin, ['-c', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let spawnError: Error | undefined;
  child.on('error', (err) => {
    spawnError = err;
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      tail.push(chunk);
      log.debug({ server: 'nats' }, chunk.trimEnd());
    });
  }
  // Without a stop() (process.exit, a crash), still take the server down with us.
  const killOnExit = () => child.kill('SIGTERM');
  process.on('exit', killOnExit);

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= stopChild(child, log)
      .then(() => rm(pidFile, { force: true }))
      .finally(() => process.removeListener('exit', killOnExit));
    return stopping;
  };
  try {
    await waitUntilHealthy(child, httpPort, tail, () => spawnError);
  } catch (err) {
    await stop();
    throw err;
  }
  log.info({ port, httpPort, dir }, 'embedded NATS ready');
  return { url: `nats://127.0.0.1:${port}`, stop };
}
