import { child, type Metrics } from '../metrics.js';
import { handleHitRequests, type HitAnswer, type HitRequest, type Tally } from './handle.js';
import type { IngestDeps } from './pipeline.js';

/**
 * Where the hit routes hand their requests: the pipeline on the HTTP thread itself (InlineGate), or
 * on an ingest thread of its own (ThreadGate, src/ingest/thread). Either answers only once the stream
 * acknowledged what it accepted.
 */
export interface HitGate {
  /** `answer` is called once, with the answer (never with an error: a failure is a 503 answer). */
  submit(r: HitRequest, answer: (a: HitAnswer) => void): void;
  /** Waits for the requests in hand, then lets go of what the gate holds. */
  close(): Promise<void>;
}

/** The pipeline run where the request arrived: one thread for HTTP and hits alike. */
export class InlineGate implements HitGate {
  constructor(
    private readonly deps: IngestDeps,
    private readonly tally: Tally,
  ) {}

  submit(r: HitRequest, answer: (a: HitAnswer) => void): void {
    // handleHitRequests never rejects; should it ever, the hit is still answered (retry later).
    void handleHitRequests(this.deps, [r], this.tally).then(
      (a) => answer(a[0]!),
      (err: unknown) => answer({ status: 503, failure: err instanceof Error ? err.message : String(err) }),
    );
  }

  async close(): Promise<void> {}
}

/** Counts straight into the ingest counters of `/metrics`. */
export function metricsTally(metrics: Metrics): Tally {
  return {
    dropped: (endpoint, reason, n = 1) => child(metrics.hitsDropped, endpoint, reason).inc(n),
    accepted: (endpoint, kind, n = 1) => child(metrics.hitsAccepted, endpoint, kind).inc(n),
  };
}
