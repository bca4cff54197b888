import type { HitRecorded } from '../../../streams/events.js';
import type { StreamLayout } from '../../../streams/subjects.js';
import { serveOnUncaught, type UncaughtKind } from '../../last-resort.js';
import type { Endpoint, HitAnswer, HitRequest, Tally } from '../handle.js';
import type { DropReason } from '../pipeline.js';

/** What the ingest thread is started with: where its own connections go, and what it looks up. */
export interface IngestThreadData {
  /** The worker module the boot file imports (TypeScript under tsx, JavaScript when compiled). */
  entry: string;
  databaseUrl: string;
  natsUrl: string;
  layout: StreamLayout;
  cityDbPaths: string[];
}

/**
 * Hits on their way to the ingest thread, flat: each hit's fields in turn (packHit), so the copy
 * between threads carries no key names and no object per hit.
 */
export type WireHits = unknown[];

/** HTTP thread → ingest thread: the requests that arrived since the last message, or the word to finish. */
export type ToThread = { hits: WireHits } | { close: true };

/** One counter increment, summed over the answers it travels with. */
export type Count =
  | [metric: 'dropped', endpoint: Endpoint, reason: DropReason, n: number]
  | [metric: 'accepted', endpoint: Endpoint, kind: HitRecorded['kind'], n: number];

/** Ingest thread → HTTP thread. */
export type FromThread =
  /** Its connections are open and its lookups loaded. */
  | { ready: true }
  /** `stored`: the ids answered 204 (nearly all); `answers`: every other answer. */
  | { stored: number[]; answers: [id: number, answer: HitAnswer][]; counts: Count[] }
  /** The thread could not start (its servers unreachable); it exits after saying so. */
  | { fatal: string }
  /** An error nothing in the thread caught: the HTTP thread logs and counts it, the thread serves on. */
  | { uncaught: string; kind: UncaughtKind }
  | { closed: true };

/** The ingest thread's last resort: what nothing caught is told to the HTTP thread, which logs it. */
export function reportUncaught(post: (m: FromThread) => void): void {
  serveOnUncaught((err, kind) => {
    try {
      post({ uncaught: err instanceof Error ? (err.stack ?? err.message) : String(err), kind });
    } catch {
      // Nothing more can be done from here; the thread serves on.
    }
  });
}

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

/** The entries one hit takes in WireHits. */
export const HIT_FIELDS = 8;

export function packHit(wire: WireHits, id: number, r: HitRequest): void {
  const c = r.ctx;
  wire.push(id, r.endpoint, r.body, c.address, c.userAgent, c.receivedAt, c.source, c.optOut);
}

/** Calls `each` with every hit packed in `wire`, in order. */
export function unpackHits(wire: WireHits, each: (id: number, r: HitRequest) => void): void {
  for (let i = 0; i + HIT_FIELDS <= wire.length; i += HIT_FIELDS)
    each(wire[i] as number, {
      endpoint: wire[i + 1] as HitRequest['endpoint'],
      body: wire[i + 2],
      ctx: {
        address: wire[i + 3] as string,
        userAgent: wire[i + 4] as string,
        receivedAt: wire[i + 5] as number,
        source: wire[i + 6] as HitRequest['ctx']['source'],
        optOut: wire[i + 7] as boolean,
      },
    });
}

/** How many hits `wire` holds. */
export const hitCount = (wire: WireHits) => wire.length / HIT_FIELDS;
