import { randomUUID } from 'node:crypto';
import type { JetStreamClient } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { MAX_MESSAGE_BYTES } from '../../streams/hits.js';
import { encodeMessage } from '../../streams/message-codec.js';
import { AckInbox } from './ack-inbox.js';

interface Waiter {
  /** Its events' JSON, comma-separated. */
  json: string;
  events: number;
  resolve: () => void;
  reject: (err: Error) => void;
}

interface Lane {
  queue: Waiter[];
  inFlight: number;
}

export interface AppenderOptions {
  /**
   * Concurrent publishes per subject; more appends wait and leave together in the next message.
   * One by default: each message costs a round trip of system calls on both sides, so under load
   * one message per acknowledgement, holding everything that arrived meanwhile, leaves the most
   * CPU for requests; a lone hit at rest still leaves at once.
   */
  maxInFlight?: number;
  maxEvents?: number;
  maxBytes?: number;
  timeoutMs?: number;
  attempts?: number;
}

/** A stream message: its events' JSON, comma-separated, in the envelope the projectors read. */
const messageBody = (events: string) => `{"v":1,"events":[${events}]}`;
/** The bytes a message takes besides its events and their commas (the envelope, and one to spare). */
const ENVELOPE_BYTES = messageBody('').length + 1;

/** The appender's retries of one message: with the stream's duplicate window, they store it once. */
export const APPEND_ATTEMPTS = 3;
export const APPEND_TIMEOUT_MS = 5000;

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
  private readonly acks: AckInbox | undefined;
  published = 0;

  constructor(
    private readonly js: JetStreamClient,
    opts: AppenderOptions = {},
  ) {
    this.maxInFlight = opts.maxInFlight ?? 1;
    this.maxEvents = opts.maxEvents ?? 500;
    this.maxBytes = opts.maxBytes ?? MAX_MESSAGE_BYTES;
    this.timeoutMs = opts.timeoutMs ?? APPEND_TIMEOUT_MS;
    this.attempts = opts.attempts ?? APPEND_ATTEMPTS;
    // The client's own JetStream client has its connection (it is not in the JetStreamClient
    // type); any other implementation goes through js.publish.
    const nc = (js as { getConnection?: () => NatsConnection }).getConnection?.();
    this.acks = nc && new AckInbox(nc, js.getOptions().watcherPrefix);
  }

  append(subject: string, event: object): Promise<void> {
    return this.appendEach(subject, [event]);
  }

  /**
   * Appends each event as append() does, with one promise for all: the ingest thread's part of
   * hits, independent of one another, may share messages with other appends and be split between
   * messages (appendAtomic keeps events together).
   */
  appendEach(subject: string, events: readonly object[]): Promise<void> {
    const waits: Promise<void>[] = [];
    let json = '';
    let n = 0;
    for (const e of events) {
      const one = JSON.stringify(e);
      if (n > 0 && (n >= this.maxEvents || ENVELOPE_BYTES + json.length + 1 + one.length > this.maxBytes)) {
        waits.push(this.enqueue(subject, json, n));
        json = '';
        n = 0;
      }
      json = n === 0 ? one : `${json},${one}`;
      n++;
    }
    if (n > 0) waits.push(this.enqueue(subject, json, n));
    return waits.length === 1 ? waits[0]! : Promise.all(waits).then(() => {});
  }

  /** Publishes all events as exactly one message: stored together or not at all. */
  async appendAtomic(subject: string, events: readonly object[]): Promise<void> {
    const body = messageBody(events.map((e) => JSON.stringify(e)).join(','));
    await this.publish(subject, body);
  }

  private enqueue(subject: string, json: string, events: number): Promise<void> {
    return new Promise((resolve, reject) => {
      let lane = this.lanes.get(subject);
      if (!lane) {
        lane = { queue: [], inFlight: 0 };
        this.lanes.set(subject, lane);
      }
      lane.queue.push({ json, events, resolve, reject });
      // A microtask lets appends made in the same tick (a batch request) share the message.
      if (lane.queue.length === 1) queueMicrotask(() => this.pump(subject));
    });
  }

  private pump(subject: string): void {
    const lane = this.lanes.get(subject);
    if (!lane) return;
    while (lane.queue.length > 0 && lane.inFlight < this.maxInFlight) {
      const batch = this.take(lane);
      lane.inFlight++;
      const body = messageBody(batch.map((w) => w.json).join(','));
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
    let bytes = ENVELOPE_BYTES;
    let events = 0;
    let n = 0;
    for (const w of lane.queue) {
      if (n > 0 && (events + w.events > this.maxEvents || bytes + w.json.length + 1 > this.maxBytes)) break;
      bytes += w.json.length + 1;
      events += w.events;
      n++;
    }
    return lane.queue.splice(0, n);
  }

  private async publish(subject: string, json: string): Promise<void> {
    const body = encodeMessage(json);
    const msgID = randomUUID();
    let last: unknown;
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      try {
        if (this.acks) await this.acks.publish(subject, body, msgID, this.timeoutMs);
        else await this.js.publish(subject, body, { msgID, timeout: this.timeoutMs });
        this.published++;
        return;
      } catch (err) {
        last = err;
      }
    }
    throw new AppendError(`stream did not acknowledge: ${(last as Error)?.message ?? 'unknown'}`);
  }
}
