import type { ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import type pg from 'pg';
import type { Projection } from '../../projections/projection.js';
import { hitsStreamName, UNIT_PULL_BYTES } from '../../streams/hits.js';
import { withTransaction } from '../db/transaction.js';
import type { Metrics } from '../metrics.js';
import type { Logger } from '../log.js';
import type { Nats } from '../nats/connect.js';
import { readCheckpoints } from './checkpoint.js';
import { positionConsumer } from './consumer.js';
import { admit, type DeliveryState } from './delivery-order.js';
import { type DecodedMessage, decodeMessages, foldDecoded } from './fold-batch.js';
import type { FoldUnit } from './fold-units.js';
import { dropRepeatedHits } from './repeated-hits.js';

export interface WorkerOptions {
  ackWaitMs?: number;
  maxBatch?: number;
  /** Stored (deflated) bytes of messages folded in one batch, at least one message: an edge message holds up to 500 rows. */
  maxBatchBytes?: number;
  retryDelayMs?: number;
  /** Runs each batch's fold: a process folding several units at once limits how many fold together. */
  gate?: <T>(fold: () => Promise<T>) => Promise<T>;
}

export interface WorkerDeps {
  db: pg.Pool;
  nats: Nats;
  prefix: string;
  log: Logger;
  metrics: Metrics;
}

/**
 * Folds one fold unit (a partition of the stream) into every projection from the unit's durable
 * consumer, while its owner (the projector, which holds the unit's lock) keeps it running.
 * Each batch is pulled and decoded once; then every projection folds it in a transaction of its
 * own, all at once, so Postgres folds on one core while this process decodes and folds on the
 * other, and each projection's rows commit with its own checkpoint of the unit. A projection behind
 * the others (new, or restored from a backup) folds the messages it lacks while the others skip
 * them without a transaction. Messages gather while a batch is being folded, so the batch size
 * follows the load; a batch that fails (database away) is retried as it is, by the projections
 * that did not commit it.
 */
export class UnitWorker {
  private messages: ConsumerMessages | undefined;
  private buffer: JsMsg[] = [];
  /** Each projection's checkpoint as far as this worker knows. */
  private readonly folded = new Map<string, number>();
  private draining: Promise<void> | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly maxBatch: number;
  private readonly maxBatchBytes: number;
  private readonly retryDelayMs: number;
  private readonly ackWaitMs: number;
  private readonly gate: <T>(fold: () => Promise<T>) => Promise<T>;

  constructor(
    private readonly deps: WorkerDeps,
    readonly projections: readonly Projection[],
    readonly unit: FoldUnit,
    opts: WorkerOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 1000;
    // Bigger batches fold faster per event: fewer transactions, larger multi-row upserts.
    this.maxBatchBytes = opts.maxBatchBytes ?? 2 * 1024 * 1024;
    this.retryDelayMs = opts.retryDelayMs ?? 1000;
    this.ackWaitMs = opts.ackWaitMs ?? 30_000;
    this.gate = opts.gate ?? ((fold) => fold());
  }

  /** Starts folding in the background, until `stop`. */
  start(): void {
    this.running = this.run();
  }

  /** The lowest checkpoint of the unit: everything at or below it is folded by every projection. */
  private floor(): number {
    return Math.min(...this.projections.map((p) => this.folded.get(p.name) ?? 0));
  }

  private async run(): Promise<void> {
    const { part } = this.unit;
    while (!this.stopped) {
      try {
        const checkpoints = await readCheckpoints(this.deps.db);
        for (const p of this.projections) this.folded.set(p.name, checkpoints.get(p.name)?.get(part) ?? 0);
        const start = this.floor();
        const { nats, prefix } = this.deps;
        const durable = await positionConsumer(nats.jsm, prefix, this.unit, start, this.ackWaitMs);
        const consumer = await nats.js.consumers.get(hitsStreamName(prefix), durable);
        this.buffer = [];
        this.messages = await consumer.consume({ max_bytes: UNIT_PULL_BYTES });
        // Folded in stream order with none missing, or restarted right after the checkpoint.
        const order: DeliveryState = { delivered: 0, highest: start };
        const known = (seq: number) => seq <= this.floor() || this.buffer.some((b) => b.seq === seq);
        for await (const m of this.messages) {
          const admission = admit(order, { seq: m.seq, delivery: m.info.deliverySequence }, known);
          if (admission === 'skip') continue;
          if (admission === 'restart') {
            this.deps.log.warn(
              { unit: this.unit.name, seq: m.seq, delivery: m.info.deliverySequence },
              'delivery out of order; restarting the consumer at the checkpoint',
            );
            break;
          }
          this.buffer.push(m);
          this.kick();
        }
        await this.draining;
      } catch (err) {
        if (!this.stopped) this.deps.log.warn({ err, unit: this.unit.name }, 'fold unit restarting');
        await new Promise((r) => setTimeout(r, this.retryDelayMs));
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
        await this.gate(() => this.foldAll(batch));
        this.buffer.splice(0, batch.length);
        batch.at(-1)!.ack();
      } catch (err) {
        this.deps.log.warn({ err, unit: this.unit.name }, 'fold failed; retrying');
        await new Promise((r) => setTimeout(r, this.retryDelayMs));
      }
    }
  }

  /** Decodes the batch once and folds it into every projection that has not folded all of it. */
  private async foldAll(batch: readonly JsMsg[]): Promise<void> {
    const last = batch.at(-1)!.seq;
    const behind = this.projections.filter((p) => (this.folded.get(p.name) ?? 0) < last);
    if (behind.length === 0) return;
    const lowest = Math.min(...behind.map((p) => this.folded.get(p.name) ?? 0));
    const decoded = decodeMessages(
      batch.filter((m) => m.seq > lowest).map((m) => ({ seq: m.seq, data: m.data, subject: m.subject })),
    );
    this.deps.metrics.projectorRepeatedHits.inc(await dropRepeatedHits(this.deps.db, decoded));
    const unreadable = decoded.filter((m) => m.events === null).length;
    if (unreadable > 0)
      this.deps.log.error({ unit: this.unit.name, count: unreadable }, 'skipped unreadable messages');
    const failures = (await Promise.allSettled(behind.map((p) => this.foldOne(p, decoded)))).filter(
      (r): r is PromiseRejectedResult => r.status === 'rejected',
    );
    if (failures.length > 0) throw failures[0]!.reason;
  }

  private async foldOne(projection: Projection, decoded: readonly DecodedMessage[]): Promise<void> {
    const known = this.folded.get(projection.name) ?? 0;
    const fresh = decoded.filter((m) => m.seq > known);
    const r = await withTransaction(this.deps.db, (tx) => foldDecoded(tx, projection, fresh, this.unit.part));
    this.folded.set(projection.name, Math.max(known, r.lastSeq));
    this.deps.metrics.projectorFolded.labels(projection.name).inc(r.events);
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
