import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { uncaughtErrors } from './last-resort.js';

export type Metrics = ReturnType<typeof createMetrics>;

const children = new WeakMap<object, Map<string, unknown>>();

/**
 * A metric's child for one set of label values, made once: prom-client's labels() builds a label
 * object, checks it and makes closures on every call, and the ingest path calls it for every hit.
 */
export function child<C>(metric: { labels(...values: string[]): C }, ...values: string[]): C {
  let made = children.get(metric) as Map<string, C> | undefined;
  if (!made) children.set(metric, (made = new Map()));
  const key = values.join('\u0000');
  let c = made.get(key);
  if (c === undefined) made.set(key, (c = metric.labels(...values)));
  return c;
}

/** Records one request in `twofold_http_request_duration_seconds`. */
export function observeRequest(
  metrics: Metrics,
  method: string,
  route: string,
  status: number,
  elapsedMs: number,
): void {
  child(metrics.requestDuration, method, route, String(status)).observe(elapsedMs / 1000);
}

/** One registry per app instance, so tests can build several apps in one process. */
export function createMetrics() {
  const registry = new Registry();
  let uncaughtSeen = 0;
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
    agentSignatures: new Counter({
      name: 'twofold_edge_agent_signatures_total',
      help: 'Web Bot Auth claims of edge agent rows, by verdict and reason',
      labelNames: ['result', 'reason'] as const,
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
    projectorRepeatedHits: new Counter({
      name: 'twofold_projector_repeated_hits_total',
      help: 'Hits not folded: their hit key was carried by an earlier message of their site',
      registers: [registry],
    }),
    uncaughtErrors: new Counter({
      name: 'twofold_uncaught_errors_total',
      help: 'Errors no code caught, logged by the last-resort handler while the process served on',
      registers: [registry],
      collect() {
        const now = uncaughtErrors();
        this.inc(now - uncaughtSeen);
        uncaughtSeen = now;
      },
    }),
    reverseDnsChecks: new Counter({
      name: 'twofold_reverse_dns_checks_total',
      help: 'Forward-confirmed reverse DNS checks of agent addresses, by result (confirmed, no_ptr, wrong_suffix, forward_mismatch, timeout, error)',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    reverseDnsSkipped: new Counter({
      name: 'twofold_reverse_dns_skipped_total',
      help: 'Agent fetches that asked for a reverse DNS check and made no lookup, by reason (cached, queue_full, out_of_window)',
      labelNames: ['reason'] as const,
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
