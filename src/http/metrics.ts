import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export type Metrics = ReturnType<typeof createMetrics>;

type Timer = ReturnType<Histogram<'method' | 'route' | 'status'>['labels']>;
const timers = new WeakMap<Metrics, Map<string, Timer>>();

/**
 * Records one request in `twofold_http_request_duration_seconds`. Each label set's child is made
 * once: prom-client's labels() builds an object and two closures per call, and this runs for
 * every hit.
 */
export function observeRequest(
  metrics: Metrics,
  method: string,
  route: string,
  status: number,
  elapsedMs: number,
): void {
  let byKey = timers.get(metrics);
  if (!byKey) timers.set(metrics, (byKey = new Map()));
  const key = `${method} ${route} ${status}`;
  let timer = byKey.get(key);
  if (!timer) byKey.set(key, (timer = metrics.requestDuration.labels(method, route, String(status))));
  timer.observe(elapsedMs / 1000);
}

/** One registry per app instance, so tests can build several apps in one process. */
export function createMetrics() {
  const registry = new Registry();
  return {
    registry,
    hitsAccepted: new Counter({
      name: 'twofold_ingest_hits_accepted_total',
      help: 'Hits appended to the stream and acknowledged',
      labelNames: ['endpoint', 'kind'] as const,
      registers: [registry],
    }),
    hitsDropped: new Counter({
      name: 'twofold_ingest_hits_dropped_total',
      help: 'Hits answered but not stored, by reason',
      labelNames: ['endpoint', 'reason'] as const,
      registers: [registry],
    }),
    requestDuration: new Histogram({
      name: 'twofold_http_request_duration_seconds',
      help: 'HTTP request latency',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    projectorFolded: new Counter({
      name: 'twofold_projector_events_folded_total',
      help: 'Events folded into Postgres, by projection',
      labelNames: ['projection'] as const,
      registers: [registry],
    }),
    projectorLag: new Gauge({
      name: 'twofold_projector_lag',
      help: 'Stream messages not yet folded, by projection',
      labelNames: ['projection'] as const,
      registers: [registry],
    }),
  };
}
