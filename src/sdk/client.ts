import { Delivery, MAX_ROWS_PER_ARRAY, type Batch } from './deliver.js';
import { TwofoldError, type LossReason, type RowCounts } from './errors.js';
import { resolveOptions, type ResolvedOptions, type TwofoldOptions } from './options.js';
import {
  toAgentEventRow,
  toEventRow,
  type AgentEventRow,
  type AgentFetchInput,
  type EventRow,
  type TrackInput,
} from './rows.js';

export interface TwofoldStats {
  /** Rows waiting in memory (not counting the batch in flight). */
  queued: number;
  /** Rows the server acknowledged. */
  delivered: RowCounts;
  /** Rows reported through `onError` as lost, for any reason. */
  lost: RowCounts;
  requests: number;
  retries: number;
}

export interface Twofold {
  /** Queues a server-rendered pageview. Synchronous; never throws (problems go to `onError`). */
  track(input: TrackInput): void;
  /** Queues a crawl record. Synchronous; never throws. */
  agentFetch(input: AgentFetchInput): void;
  /** Sends everything queued so far; resolves when each row is stored or reported lost. Never rejects. */
  flush(): Promise<void>;
  /** Refuses new rows, flushes (bounded by `closeTimeoutMs` or `timeoutMs`) and stops. Never rejects. */
  close(opts?: { timeoutMs?: number }): Promise<void>;
  stats(): TwofoldStats;
}

type Queued =
  { seq: number; kind: 'event'; row: EventRow } | { seq: number; kind: 'agent'; row: AgentEventRow };

export class TwofoldClient implements Twofold {
  private queue: Queued[] = [];
  private seq = 0;
  /** Rows up to this `seq` go without waiting: someone awaits `flush()`. */
  private drainUntil = 0;
  /** The window ended or the count was reached: the queued rows go now. */
  private due = false;
  private window: NodeJS.Timeout | undefined;
  private sending: Promise<void> | undefined;
  private closing: Promise<void> | undefined;
  private readonly delivery: Delivery;
  private readonly pendingLoss = new Map<LossReason, RowCounts>();

  constructor(private readonly o: ResolvedOptions) {
    this.delivery = new Delivery({
      siteId: o.siteId,
      ingestKey: o.ingestKey,
      maxRetries: o.maxRetries,
      baseBackoffMs: o.baseBackoffMs,
      maxBackoffMs: o.maxBackoffMs,
      post: { fetch: o.fetch, url: o.url, timeoutMs: o.requestTimeoutMs },
      report: (err) => this.report(err),
    });
  }

  track(input: TrackInput): void {
    this.guard('track', () => this.enqueue({ seq: 0, kind: 'event', row: toEventRow(input) }));
  }

  agentFetch(input: AgentFetchInput): void {
    this.guard('agentFetch', () => this.enqueue({ seq: 0, kind: 'agent', row: toAgentEventRow(input) }));
  }

  async flush(): Promise<void> {
    const release = this.delivery.hold();
    try {
      this.drainUntil = this.seq;
      this.kick();
      while (this.sending) await this.sending;
    } finally {
      release();
    }
  }

  close(opts: { timeoutMs?: number } = {}): Promise<void> {
    this.closing ??= (async () => {
      clearTimeout(this.window);
      this.delivery.setDeadline(Date.now() + (opts.timeoutMs ?? this.o.closeTimeoutMs));
      await this.flush();
      this.delivery.clearDeadlineTimer();
    })();
    return this.closing;
  }

  stats(): TwofoldStats {
    const s = this.delivery.stats;
    return {
      queued: this.queue.length,
      delivered: { ...s.delivered },
      lost: { ...s.lost },
      requests: s.requests,
      retries: s.retries,
    };
  }

  private guard(call: string, f: () => void): void {
    try {
      f();
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.report(
        err instanceof TwofoldError
          ? err
          : new TwofoldError(`twofold: ${call}() failed: ${message}; the row was not queued`, { cause: err }),
      );
    }
  }

  private enqueue(q: Queued): void {
    if (this.closing) return this.loseLater('closed', q);
    q.seq = ++this.seq;
    this.queue.push(q);
    if (this.queue.length > this.o.maxQueue) this.loseLater('queue_full', this.queue.shift()!);
    if (this.queue.length >= this.o.maxBatch) {
      this.due = true;
      clearTimeout(this.window);
      this.window = undefined;
      this.kick();
    } else if (this.window === undefined) {
      this.window = setTimeout(() => {
        this.window = undefined;
        this.due = true;
        this.kick();
      }, this.o.flushIntervalMs);
      this.window.unref();
    }
  }

  private ready(): boolean {
    const head = this.queue[0];
    return head !== undefined && (this.due || head.seq <= this.drainUntil);
  }

  private kick(): void {
    if (this.sending || !this.ready()) return;
    this.sending = this.pump()
      .catch((err: unknown) =>
        this.report(new TwofoldError(`twofold: internal error: ${String(err)}`, { cause: err })),
      )
      .finally(() => {
        this.sending = undefined;
        this.kick();
      });
  }

  private async pump(): Promise<void> {
    while (this.ready()) {
      const batch = this.take();
      // Rows a full request left behind have waited already: they go next, without a new window.
      this.due = this.queue.length > 0;
      if (!this.due) {
        clearTimeout(this.window);
        this.window = undefined;
      }
      await this.delivery.deliver(batch);
    }
  }

  /** The oldest rows, in order, up to the per-array limit of either kind. */
  private take(): Batch {
    const b: Batch = { events: [], agentEvents: [], excluded: 0 };
    let n = 0;
    for (const q of this.queue) {
      const list = q.kind === 'event' ? b.events : b.agentEvents;
      if (list.length === MAX_ROWS_PER_ARRAY) break;
      (list as unknown[]).push(q.row);
      n += 1;
    }
    this.queue.splice(0, n);
    return b;
  }

  /** Losses of single rows (overflow, after close) add up and are reported once per burst. */
  private loseLater(reason: LossReason, q: Queued): void {
    let rows = this.pendingLoss.get(reason);
    if (rows === undefined) {
      rows = { events: 0, agentEvents: 0 };
      this.pendingLoss.set(reason, rows);
      queueMicrotask(() => {
        this.pendingLoss.delete(reason);
        this.delivery.lost(rows!, { reason });
      });
    }
    if (q.kind === 'event') rows.events += 1;
    else rows.agentEvents += 1;
  }

  private report(err: TwofoldError): void {
    try {
      if (this.o.onError) this.o.onError(err);
      else process.emitWarning(err);
    } catch (thrown) {
      // A throwing onError must not reach the host's request path, nor go unseen.
      process.emitWarning(`twofold: onError threw: ${String(thrown)} (while reporting: ${err.message})`);
    }
  }
}

/** A client for one site. Throws `TypeError` on bad options, at start-up; its methods never throw. */
export function createTwofold(options: TwofoldOptions): Twofold {
  return new TwofoldClient(resolveOptions(options));
}
