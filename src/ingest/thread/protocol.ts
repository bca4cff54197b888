import type { HitRecorded } from '../../../streams/events.js';
import type { Endpoint, HitAnswer, HitRequest, Tally } from '../handle.js';
import type { DropReason } from '../pipeline.js';

/** What the ingest thread is started with: where its own connections go, and what it looks up. */
export interface IngestThreadData {
  /** The worker module the boot file imports (TypeScript under tsx, JavaScript when compiled). */
  entry: string;
  databaseUrl: string;
  natsUrl: string;
  prefix: string;
  cityDbPaths: string[];
}

/** HTTP thread → ingest thread: the requests of one loop turn, or the word to finish. */
export type ToThread = { hits: [id: number, request: HitRequest][] } | { close: true };

/** One counter increment, summed over the answers it travels with. */
export type Count =
  | [metric: 'dropped', endpoint: Endpoint, reason: DropReason, n: number]
  | [metric: 'accepted', endpoint: Endpoint, kind: HitRecorded['kind'], n: number];

/** Ingest thread → HTTP thread. */
export type FromThread =
  /** Its connections are open and its lookups loaded. */
  | { ready: true }
  | { answers: [id: number, answer: HitAnswer][]; counts: Count[] }
  /** The thread could not start (its servers unreachable); it exits after saying so. */
  | { fatal: string }
  | { closed: true };

/** A Tally that sums in the ingest thread, for the HTTP thread's metrics (applyCounts). */
export class CountingTally implements Tally {
  private counts = new Map<string, Count>();

  dropped(endpoint: Endpoint, reason: DropReason, n = 1): void {
    this.add(['dropped', endpoint, reason, n]);
  }

  accepted(endpoint: Endpoint, kind: HitRecorded['kind'], n = 1): void {
    this.add(['accepted', endpoint, kind, n]);
  }

  /** What was counted since the last drain. */
  drain(): Count[] {
    const out = [...this.counts.values()];
    this.counts.clear();
    return out;
  }

  private add(c: Count): void {
    const key = `${c[0]}\u0000${c[1]}\u0000${c[2]}`;
    const seen = this.counts.get(key);
    if (seen) seen[3] += c[3];
    else this.counts.set(key, c);
  }
}

export function applyCounts(counts: readonly Count[], tally: Tally): void {
  for (const c of counts) {
    if (c[0] === 'dropped') tally.dropped(c[1], c[2], c[3]);
    else tally.accepted(c[1], c[2], c[3]);
  }
}
