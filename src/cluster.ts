import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import type { Logger } from './log.js';
import { type Running, servesFor, startTwofold } from './server.js';

/**
 * V8 flags of a process that serves HTTP. A young generation of 64 MB instead of V8's 16: under
 * load every hit's request, reply and promises live until a rate-limit upsert and a stream
 * acknowledgement answer them, so a small nursery copies and promotes them again and again
 * (measured on 2 cores: scavenges took 10 % of an API process's time, 2 % with this flag).
 * `npm start` passes them; the cluster gives them to its workers however the primary was started.
 */
export const HTTP_PROCESS_FLAGS = ['--max-semi-space-size=64'];

export interface Supervisor {
  stop(): Promise<void>;
}

/**
 * API_PROCESSES > 1: this (primary) process owns the backends, migrations and, for role `all`, the
 * projectors; it forks HTTP workers that share the listening port and talk to the same servers.
 * A worker that dies is replaced.
 */
export async function startCluster(config: Config, log: Logger): Promise<Supervisor> {
  const serve = servesFor(config);
  const running: Running = await startTwofold(config, log, { http: false, projectors: serve.projectors });
  const env = {
    DATABASE_URL: running.backends.databaseUrl,
    NATS_URL: running.backends.natsUrl,
    TWOFOLD_ROLE: 'api',
    API_PROCESSES: '1',
  };
  cluster.setupPrimary({
    execArgv: [
      ...process.execArgv.filter((a) => !HTTP_PROCESS_FLAGS.some((f) => a.startsWith(f.split('=')[0]!))),
      ...HTTP_PROCESS_FLAGS,
    ],
  });
  let stopping = false;
  const fork = (): Worker => {
    const w = cluster.fork(env);
    w.on('exit', (code, signal) => {
      if (stopping) return;
      log.error({ pid: w.process.pid, code, signal }, 'API worker died; starting another');
      fork();
    });
    return w;
  };
  for (let i = 0; i < config.API_PROCESSES; i++) fork();
  return {
    async stop() {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
      await Promise.all(
        workers.map(
          (w) =>
            new Promise<void>((resolve) => {
              w.once('exit', () => resolve());
              w.process.kill('SIGTERM');
            }),
        ),
      );
      await running.stop();
    },
  };
}
