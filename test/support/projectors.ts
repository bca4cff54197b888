import type { FastifyInstance } from 'fastify';
import { PROJECTIONS } from '../../projections/index.js';
import type { AppDeps } from '../../src/http/deps.js';
import { ProjectorWorker, type WorkerOptions } from '../../src/projector/worker.js';

export async function startProjectors(deps: AppDeps, opts: WorkerOptions = {}): Promise<ProjectorWorker[]> {
  const worker = new ProjectorWorker(
    {
      db: deps.db,
      nats: deps.nats,
      prefix: deps.config.STREAM_PREFIX,
      log: deps.log,
      metrics: deps.metrics,
    },
    PROJECTIONS,
    { ackWaitMs: 2000, retryDelayMs: 100, ...opts },
  );
  await worker.start();
  return [worker];
}

interface Health {
  status: string;
  stream: { last_seq: number };
  projections: { name: string; last_seq: number; lag: number }[];
}

/** Polls /healthz until every projection reports lag 0, as an operator would. */
export async function waitForLagZero(app: FastifyInstance, timeoutMs = 15_000): Promise<Health> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    const body = res.json<Health>();
    if (res.statusCode === 200 && body.projections.every((p) => p.lag === 0)) return body;
    if (Date.now() > until) throw new Error(`projections still lagging: ${res.body}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
