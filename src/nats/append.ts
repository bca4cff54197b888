import { randomUUID } from 'node:crypto';
import type { JetStreamClient } from '@nats-io/jetstream';
import { MAX_MESSAGE_BYTES } from '../../streams/hits.js';

interface Waiter {
  json: string;
  resolve: () => void;
  reject: (err: Error) => void;
}

interface Lane {
  queue: Waiter[];
  inFlight: number;
}

export interface AppenderOptions {
  /** Concurrent publishes per subject; more appends wait and leave together in the next message. */
  maxInFlight?: number;
  maxEvents?: number;
  maxBytes?: number;
  timeoutMs?: number;
  attempts?: number;
}

export class AppendError extends Error {}

/**
 * Appends events to the stream and resolves each caller only once JetStream acknowledged the
 * message that holds its event. Appends that arrive while a publish is in flight are gathered
 * into one message, so one acknowledgement answers many hits under load, and a lone hit at rest
 * leaves at once. A retry reuses the message id, so the stream stores a retried message once.
 */
export class Appender {
  private readonly lanes = new Map<string, Lane>();
  private readonly maxInFlight: number;
  private readonly maxEvents: number;
  private readonly maxBytes: number;
  private readonly timeoutMs: number;
  private readonly attempts: number;
  published = 0;

  constructor(
    private readonly js: JetStreamClient,
    opts: AppenderOptions = {},
  ) {
    this.maxInFlight = opts.maxInFlight ?? 2;
    this.maxEvents = opts.maxEvents ?? 500;
    this.maxBytes = opts.maxBytes ?? MAX_MESSAGE_BYTES;
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.attempts = opts.attempts ?? 3;
  }

  append(subject: string, event: object): Promise<void> {
    const json = JSON.stringify(event);
    return new Promise((resolve, reject) => {
      let lane = this.lanes.get(subject);
      if (!lane) {
        lane = { queue: [], inFlight: 0 };
        this.lanes.set(subject, lane);
      }
      lane.queue.push({ json, resolve, reject });
      // A microtask lets appends made in the same tick (a batch request) share the message.
      if (lane.queue.length === 1) queueMicrotask(() => this.pump(subject));
    });
  }

  /** Publishes all events as exactly one message: stored together or not at all. */
  async appendAtomic(subject: string, events: readonly object[]): Promise<void> {
    const body = `{"v":1,"events":[${events.map((e) => JSON.stringify(e)).join(',')}]}`;
    await this.publish(subject, body);
  }

  private pump(subject: string): void {
    const lane = this.lanes.get(subject);
    if (!lane) return;
    while (lane.queue.length > 0 && lane.inFlight < this.maxInFlight) {
      const batch = this.take(lane);
      lane.inFlight++;
      const body = `{"v":1,"events":[${batch.map((w) => w.json).join(',')}]}`;
      this.publish(subject, body)
        .then(
          () => {
            for (const w of batch) w.resolve();
          },
          (err: Error) => {
            for (const w of batch) w.reject(err);
          },
        )
        .finally(() => {
          lane.inFlight--;
          if (lane.queue.length > 0) this.pump(subject);
          else if (lane.inFlight === 0) this.lanes.delete(subject);
        });
    }
  }

  private take(lane: Lane): Waiter[] {
    let bytes = 20;
    let n = 0;
    for (const w of lane.queue) {
      if (n > 0 && (n >= this.maxEvents || bytes + w.json.length + 1 > this.maxBytes)) break;
      bytes += w.json.length + 1;
      n++;
    }
    return lane.queue.splice(0, n);
  }

  private async publish(subject: string, body: string): Promise<void> {
    const msgID = randomUUID();
    let last: unknown;
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      try {
        await this.js.publish(subject, body, { msgID, timeout: this.timeoutMs });
        this.published++;
        return;
      } catch (err) {
        last = err;
      }
    }
    throw new AppendError(`stream did not acknowledge: ${(last as Error)?.message ?? 'unknown'}`);
  }
}
