import type { FastifyInstance } from 'fastify';
import { PROJECTIONS } from '../../projections/index.js';
import type { AppDeps } from '../../src/http/deps.js';
import { Projector, type ProjectorOptions } from '../../src/projector/projector.js';

/** A projector process's folding, started on the app's connections as `npm start` starts it. */
export async function startProjectors(
  deps: AppDeps,
  opts: Partial<ProjectorOptions> = {},
): Promise<Projector[]> {
  const projector = new Projector(
    {
      db: deps.db,
      nats: deps.nats,
      prefix: deps.config.STREAM_PREFIX,
      log: deps.log,
      metrics: deps.metrics,
    },
    PROJECTIONS,
    {
      partitions: deps.config.PROJECTION_PARTITIONS,
      ackWaitMs: 2000,
      retryDelayMs: 100,
      rebalanceMs: 200,
      ...opts,
    },
  );
  projector.start();
  return [projector];
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
