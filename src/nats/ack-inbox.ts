import type { PubAck } from '@nats-io/jetstream';
import {
  createInbox,
  headers,
  type Msg,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';

type Settle = (answer: PubAck | Error) => void;

/** Where the stream's acknowledgements arrive: one subscription, one reply subject per publish. */
interface Inbox {
  sub: Subscription;
  base: string;
  pending: Map<number, Settle>;
}

/**
 * Publishes to JetStream and waits for the stream's acknowledgement as js.publish does, without
 * what that costs per call: the client's request path builds three errors with stack traces (a
 * context, a timeout and a "cancelled" one) and races two promises for every message.
 * test/nats/append-contract.int.test.ts holds it to js.publish: the same stored message, the same
 * acknowledgement, the same duplicates.
 */
export class AckInbox {
  private inbox: Inbox | undefined;
  private nextToken = 0;

  /** `prefix`: the client's inbox prefix (its JetStream options' watcherPrefix), if it has one. */
  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix?: string,
  ) {}

  /** Resolves with the acknowledgement (of the first message with `msgID`, for a duplicate). */
  publish(subject: string, body: string | Uint8Array, msgID: string, timeoutMs: number): Promise<PubAck> {
    const inbox = this.open();
    const token = ++this.nextToken;
    const h = headers();
    h.set('Nats-Msg-Id', msgID);
    return new Promise<PubAck>((resolve, reject) => {
      const timer = setTimeout(() => settle(new Error('timeout')), timeoutMs);
      const settle: Settle = (answer) => {
        clearTimeout(timer);
        inbox.pending.delete(token);
        if (answer instanceof Error) reject(answer);
        else resolve(answer);
      };
      inbox.pending.set(token, settle);
      try {
        this.nc.publish(subject, body, { reply: `${inbox.base}.${token}`, headers: h });
      } catch (err) {
        settle(err as Error);
      }
    });
  }

  private open(): Inbox {
    if (this.inbox && !this.inbox.sub.isClosed()) return this.inbox;
    const base = createInbox(this.prefix);
    const pending = new Map<number, Settle>();
    const sub = this.nc.subscribe(`${base}.*`, {
      callback: (err, msg) => {
        if (err) return;
        pending.get(Number(msg.subject.slice(base.length + 1)))?.(parseAck(msg));
      },
    });
    // A closed connection answers nothing more: fail what waits rather than let it time out.
    void sub.closed.then(() => {
      for (const settle of pending.values()) settle(new Error('closed connection'));
    });
    this.inbox = { sub, base, pending };
    return this.inbox;
  }
}

/** The acknowledgement of a stored (or duplicate) message, else why the stream did not take it. */
function parseAck(msg: Msg): PubAck | Error {
  if (msg.headers?.code === 503) return new Error('no responders: no stream takes the subject');
  try {
    const ack = msg.json<Partial<PubAck> & { error?: { description?: string } }>();
    if (ack.error) return new Error(ack.error.description ?? 'stream error');
    if (typeof ack.stream === 'string' && ack.stream !== '' && typeof ack.seq === 'number') {
      // As js.publish answers it: the server leaves `duplicate` out of a first message's ack.
      ack.duplicate ??= false;
      return ack as PubAck;
    }
  } catch {
    // An answer that is not JSON is no acknowledgement either.
  }
  return new Error('invalid ack response');
}
