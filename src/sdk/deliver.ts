import { backoffDelay, retryAfterDelay, type BackoffOptions } from './backoff.js';
import { TwofoldDeliveryError, type DeliveryErrorDetails, type RowCounts } from './errors.js';
import type { AgentEventRow, EventRow } from './rows.js';
import { signEdgeBody } from './sign.js';
import { postSigned, type Answer, type Post } from './transport.js';

/** The edge endpoint's limits (interface §4.4). */
export const MAX_ROWS_PER_ARRAY = 500;
// 2 MB read as 2,000,000 bytes, the smaller of its two readings.
export const MAX_BODY_BYTES = 2_000_000;
// A 400 naming one row drops that row and sends the rest again; a batch that keeps failing
// this way after this many rows is dropped whole rather than costing a request per row.
const MAX_ROWS_EXCLUDED = 5;
// The server takes `t` up to five minutes either side of its clock and refuses a signature it has
// accepted before; signatures are remembered for twice that.
const SIGNATURE_MEMORY_S = 600;

export interface Batch {
  events: EventRow[];
  agentEvents: AgentEventRow[];
  excluded: number;
}

export interface DeliveryOptions extends BackoffOptions {
  siteId: number;
  ingestKey: string;
  maxRetries: number;
  post: Omit<Post, 'stop'>;
  /** Called with every loss; never throws. */
  report: (err: TwofoldDeliveryError) => void;
}

export interface DeliveryStats {
  delivered: RowCounts;
  lost: RowCounts;
  requests: number;
  retries: number;
}

/**
 * Sends batches to the edge endpoint one request at a time: re-signs every attempt, retries what
 * may succeed later, splits what is too large, and reports every row it cannot deliver.
 */
export class Delivery {
  readonly stats: DeliveryStats = {
    delivered: { events: 0, agentEvents: 0 },
    lost: { events: 0, agentEvents: 0 },
    requests: 0,
    retries: 0,
  };
  private deadline = Infinity;
  private readonly stopper = new AbortController();
  private stopTimer: NodeJS.Timeout | undefined;
  private readonly wakers = new Set<() => void>();
  private holders = 0;
  /** Signatures sent lately, with their `t`, oldest first. */
  private readonly sent = new Map<string, number>();

  constructor(private readonly o: DeliveryOptions) {}

  async deliver(first: Batch): Promise<void> {
    const work = [first];
    for (let b = work.shift(); b !== undefined; b = work.shift()) work.unshift(...(await this.deliverOne(b)));
  }

  /** From now on, waits end by `at` and a request still in flight then is cut off. */
  setDeadline(at: number): void {
    this.deadline = Math.min(this.deadline, at);
    clearTimeout(this.stopTimer);
    this.stopTimer = setTimeout(() => this.stopper.abort(), Math.max(0, this.deadline - Date.now()));
    this.stopTimer.unref();
    this.wakeAll();
  }

  clearDeadlineTimer(): void {
    clearTimeout(this.stopTimer);
  }

  /**
   * While someone awaits `flush()`/`close()`, backoff timers keep the process alive: a script that
   * ends with `await tf.close()` must not exit in the middle of a retry wait.
   */
  hold(): () => void {
    this.holders += 1;
    this.wakeAll();
    return () => {
      this.holders -= 1;
    };
  }

  /** Delivers one batch; answers the batches to deliver next in its place (its halves, its rest). */
  private async deliverOne(b: Batch): Promise<Batch[]> {
    const body = JSON.stringify({ site_id: this.o.siteId, agent_events: b.agentEvents, events: b.events });
    if (Buffer.byteLength(body) > MAX_BODY_BYTES) return this.split(b, { reason: 'too_large', attempts: 0 });
    for (let attempt = 0; ; attempt++) {
      if (Date.now() >= this.deadline) return this.lose(b, { reason: 'deadline', attempts: attempt });
      this.stats.requests += 1;
      if (attempt > 0) this.stats.retries += 1;
      const a = await postSigned({ ...this.o.post, stop: this.stopper.signal }, body, this.sign(body));
      const attempts = attempt + 1;
      switch (a.kind) {
        case 'stored':
          this.stats.delivered.events += b.events.length;
          this.stats.delivered.agentEvents += b.agentEvents.length;
          return [];
        case 'too_large':
          return this.split(b, { reason: 'too_large', attempts, status: a.status });
        case 'refused':
          return this.refused(b, a, attempts);
        case 'aborted':
          return this.lose(b, { reason: 'deadline', attempts, cause: a.cause });
        case 'retry': {
          const { kind: _, ...last } = a;
          if (attempt >= this.o.maxRetries)
            return this.lose(b, { reason: 'retries_exhausted', attempts, ...last });
          const delay =
            a.retryAfterMs === undefined
              ? backoffDelay(attempt, this.o)
              : retryAfterDelay(a.retryAfterMs, this.o);
          if (!(await this.wait(delay))) return this.lose(b, { reason: 'deadline', attempts, ...last });
        }
      }
    }
  }

  /**
   * A signature never sent before. `t` is whole seconds, so a retry within the same second, or
   * another batch with the same rows, would otherwise repeat one, and the server would answer 409
   * for rows it never stored.
   */
  private sign(body: string): string {
    const now = Math.floor(Date.now() / 1000);
    for (const [old, t] of this.sent) {
      if (t > now - SIGNATURE_MEMORY_S) break;
      this.sent.delete(old);
    }
    for (let t = now; ; t++) {
      const signature = signEdgeBody(body, this.o.ingestKey, t);
      if (!this.sent.has(signature)) {
        this.sent.set(signature, t);
        return signature;
      }
    }
  }

  private refused(b: Batch, a: Extract<Answer, { kind: 'refused' }>, attempts: number): Batch[] {
    const { kind: _, ...answer } = a;
    if (a.status === 401) return this.lose(b, { reason: 'unauthorized', attempts, ...answer });
    const row = /^(events|agent_events)\[(\d+)\]/.exec(a.field ?? '');
    const list = row?.[1] === 'events' ? b.events : b.agentEvents;
    const index = Number(row?.[2]);
    if (a.status !== 400 || row === null || index >= list.length || b.excluded >= MAX_ROWS_EXCLUDED) {
      return this.lose(b, { reason: 'rejected', attempts, ...answer });
    }
    // The server stored nothing: report the row it named and send the others again.
    list.splice(index, 1);
    const one = row[1] === 'events' ? { events: 1, agentEvents: 0 } : { events: 0, agentEvents: 1 };
    this.lost(one, { reason: 'rejected', attempts, ...answer });
    const rest = { ...b, excluded: b.excluded + 1 };
    return rest.events.length + rest.agentEvents.length === 0 ? [] : [rest];
  }

  private split(b: Batch, why: Omit<DeliveryErrorDetails, 'rows'>): Batch[] {
    if (b.events.length + b.agentEvents.length <= 1) return this.lose(b, why);
    const e = Math.ceil(b.events.length / 2);
    const a = Math.floor(b.agentEvents.length / 2);
    return [
      { events: b.events.slice(0, e), agentEvents: b.agentEvents.slice(0, a), excluded: b.excluded },
      { events: b.events.slice(e), agentEvents: b.agentEvents.slice(a), excluded: b.excluded },
    ];
  }

  private lose(b: Batch, why: Omit<DeliveryErrorDetails, 'rows'>): [] {
    this.lost({ events: b.events.length, agentEvents: b.agentEvents.length }, why);
    return [];
  }

  lost(rows: RowCounts, why: Omit<DeliveryErrorDetails, 'rows'>): void {
    this.stats.lost.events += rows.events;
    this.stats.lost.agentEvents += rows.agentEvents;
    this.o.report(new TwofoldDeliveryError({ ...why, rows }));
  }

  /** Waits `ms`; false, at once, when the wait would end after the deadline. */
  private async wait(ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    for (let left = ms; left > 0; left = until - Date.now()) {
      if (until > this.deadline) return false;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          this.wakers.delete(done);
          resolve();
        };
        const timer = setTimeout(done, left);
        if (this.holders === 0) timer.unref();
        this.wakers.add(done);
      });
    }
    return true;
  }

  /** Ends every wait early so it looks again at the deadline and at who is holding. */
  private wakeAll(): void {
    for (const wake of [...this.wakers]) wake();
  }
}
