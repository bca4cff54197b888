import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type pg from 'pg';
import type { Projection } from '../../projections/projection.js';
import { hitsStreamName, PULL_BYTES } from '../../streams/hits.js';
import type { Metrics } from '../metrics.js';
import type { Logger } from '../log.js';
import type { Nats } from '../nats/connect.js';
import { readCheckpoints } from './checkpoint.js';
import { positionConsumer } from './consumer.js';
import { admit, type DeliveryState } from './delivery-order.js';
import { foldBatch } from './fold-batch.js';
import { Leadership } from './leadership.js';

export interface WorkerOptions {
  ackWaitMs?: number;
  maxBatch?: number;
  /** Bytes of messages folded in one transaction (at least one message): an edge message holds up to 500 rows. */
  maxBatchBytes?: number;
  retryDelayMs?: number;
}

export interface WorkerDeps {
  db: pg.Pool;
  nats: Nats;
  prefix: string;
  log: Logger;
  metrics: Metrics;
}

/**
 * Folds one projection from its durable consumer while it holds the projection's leadership.
 * Messages gather while a batch is being folded, so the batch size follows the load; a batch
 * that fails (database away) is retried as it is.
 */
export class ProjectorWorker {
  private messages: ConsumerMessages | undefined;
  private buffer: JsMsg[] = [];
  /** The highest sequence this worker folded (its checkpoint as far as it knows). */
  private folded = 0;
  private draining: Promise<void> | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly leadership: Leadership;
  private readonly maxBatch: number;
  private readonly maxBatchBytes: number;
  private readonly retryDelayMs: number;
  private readonly ackWaitMs: number;

  constructor(
    private readonly deps: WorkerDeps,
    readonly projection: Projection,
    opts: WorkerOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 1000;
    this.maxBatchBytes = opts.maxBatchBytes ?? 2 * 1024 * 1024;
    this.retryDelayMs = opts.retryDelayMs ?? 1000;
    this.ackWaitMs = opts.ackWaitMs ?? 30_000;
    this.leadership = new Leadership(deps.db, projection.name);
    this.leadership.onLost(() => {
      this.deps.log.warn({ projection: projection.name }, 'lost projector leadership; standing by');
      void this.messages?.close();
    });
  }

  /** Starts in the background; the worker folds once it holds the projection's leadership. */
  async start(): Promise<void> {
    this.running = this.run();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (!(await this.leadership.acquire(() => this.stopped))) return;
      try {
        const checkpoint = (await readCheckpoints(this.deps.db)).get(this.projection.name) ?? 0;
        const { nats, prefix } = this.deps;
        const durable = await positionConsumer(nats.jsm, prefix, this.projection, checkpoint, this.ackWaitMs);
        const consumer = await nats.js.consumers.get(hitsStreamName(prefix), durable);
        this.buffer = [];
        this.folded = checkpoint;
        this.messages = await consumer.consume({ max_bytes: PULL_BYTES });
        // Folded in stream order with none missing, or restarted right after the checkpoint.
        const order: DeliveryState = { delivered: 0, highest: checkpoint };
        const known = (seq: number) => seq <= this.folded || this.buffer.some((b) => b.seq === seq);
        for await (const m of this.messages) {
          const admission = admit(order, { seq: m.seq, delivery: m.info.deliverySequence }, known);
          if (admission === 'skip') continue;
          if (admission === 'restart') {
            this.deps.log.warn(
              { projection: this.projection.name, seq: m.seq, delivery: m.info.deliverySequence },
              'delivery out of order; restarting the consumer at the checkpoint',
            );
            break;
          }
          this.buffer.push(m);
          this.kick();
        }
        await this.draining;
      } catch (err) {
        if (!this.stopped)
          this.deps.log.warn({ err, projection: this.projection.name }, 'projector restarting');
        await new Promise((r) => setTimeout(r, this.retryDelayMs));
      } finally {
        this.leadership.release();
      }
    }
  }

  private kick(): void {
    if (this.draining || this.stopped) return;
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      // A message that arrived while the last batch was finishing must not wait for the next one.
      if (this.buffer.length > 0) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.buffer.length > 0 && !this.stopped) {
      const batch = this.nextBatch();
      try {
        const r = await foldBatch(
          this.deps.db,
          this.projection,
          batch.map((m) => ({ seq: m.seq, data: m.data })),
        );
        this.folded = Math.max(this.folded, r.lastSeq);
        this.buffer.splice(0, batch.length);
        batch.at(-1)!.ack();
        this.deps.metrics.projectorFolded.labels(this.projection.name).inc(r.events);
        if (r.unreadable > 0)
          this.deps.log.error(
            { projection: this.projection.name, count: r.unreadable },
            'skipped unreadable messages',
          );
      } catch (err) {
        this.deps.log.warn({ err, projection: this.projection.name }, 'fold failed; retrying');
        await new Promise((r) => setTimeout(r, this.retryDelayMs));
      }
    }
  }

  /** The buffer's first messages, up to maxBatch messages and maxBatchBytes (always at least one). */
  private nextBatch(): JsMsg[] {
    let bytes = 0;
    let n = 0;
    for (const m of this.buffer) {
      if (n > 0 && (n >= this.maxBatch || bytes + m.data.length > this.maxBatchBytes)) break;
      bytes += m.data.length;
      n++;
    }
    return this.buffer.slice(0, n);
  }

  /** Stops pulling and waits for the batch in progress; unfolded messages are delivered again later. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.messages?.close();
    await this.draining;
    await this.running;
  }
}
