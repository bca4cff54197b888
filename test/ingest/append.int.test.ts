import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AckInbox } from '../../src/nats/ack-inbox.js';
import { AppendError, Appender } from '../../src/nats/append.js';
import { connectNats, type Nats } from '../../src/nats/connect.js';
import { ensureStreams } from '../../src/nats/ensure-streams.js';
import { hitsStreamName } from '../../streams/hits.js';
import { messageText } from '../../streams/message-codec.js';
import { subjectFor } from '../../streams/subjects.js';

// The appender publishes and waits for JetStream's acknowledgement itself (AckInbox), without
// js.publish: these pin down what js.publish guaranteed.
let nats: Nats;
let prefix: string;
const stream = () => hitsStreamName(prefix);

beforeAll(async () => {
  prefix = `t${randomBytes(4).toString('hex')}_`;
  nats = await connectNats(inject('natsUrl'), `twofold-test-${prefix}`);
  await ensureStreams(nats.jsm, prefix);
});
afterAll(async () => {
  await nats.jsm.streams.delete(stream()).catch(() => {});
  await nats.nc.close();
});

const messages = async () => (await nats.jsm.streams.info(stream())).state.messages;
const lastOn = async (subject: string) => {
  const m = await nats.jsm.streams.getMessage(stream(), { last_by_subj: subject });
  if (!m) throw new Error(`nothing stored on ${subject}`);
  return m;
};

describe('Appender', () => {
  it('resolves once stored, and gathers appends made meanwhile into one message', async () => {
    const appender = new Appender(nats.js);
    const before = await messages();
    const subject = subjectFor({ prefix, partitions: 16 }, 1, 'human');
    const first = appender.append(subject, { i: 0 });
    await Promise.resolve(); // the first message is on its way
    const meanwhile = [1, 2, 3, 4].map((i) => appender.append(subject, { i }));
    await Promise.all([first, ...meanwhile]);
    // The first left alone; the four made while it was in flight share the next message.
    expect(await messages()).toBe(before + 2);
    const last = await lastOn(subject);
    expect(JSON.parse(messageText(last.data)!)).toEqual({
      v: 1,
      events: [{ i: 1 }, { i: 2 }, { i: 3 }, { i: 4 }],
    });
    expect(last.header.get('Nats-Msg-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('appends many events with one promise, in messages of at most maxEvents', async () => {
    const appender = new Appender(nats.js, { maxEvents: 3 });
    const before = await messages();
    const subject = subjectFor({ prefix, partitions: 16 }, 4, 'human');
    await appender.appendEach(
      subject,
      Array.from({ length: 7 }, (_, i) => ({ i })),
    );
    // Three messages, in order: 3, 3 and 1 events.
    expect(await messages()).toBe(before + 3);
    const last = await lastOn(subject);
    expect(JSON.parse(messageText(last.data)!)).toEqual({ v: 1, events: [{ i: 6 }] });
    const stored = await nats.jsm.streams.getMessage(stream(), { seq: last.seq - 1 });
    expect(JSON.parse(messageText(stored!.data)!)).toEqual({
      v: 1,
      events: [{ i: 3 }, { i: 4 }, { i: 5 }],
    });
  });

  it('stores a retried message once: the stream knows its id', async () => {
    const appender = new Appender(nats.js);
    const subject = subjectFor({ prefix, partitions: 16 }, 2, 'human');
    await appender.appendAtomic(subject, [{ n: 1 }]);
    const msgID = (await lastOn(subject)).header.get('Nats-Msg-Id');
    const before = await messages();
    // What a retry after a lost acknowledgement sends: the same id, which JetStream drops.
    await new AckInbox(nats.nc).publish(subject, '{"v":1,"events":[{"n":1}]}', msgID, 5000);
    expect(await messages()).toBe(before);
  });

  it('rejects with AppendError when no stream takes the subject, without waiting for the timeout', async () => {
    const appender = new Appender(nats.js, { timeoutMs: 10_000 });
    const started = Date.now();
    await expect(appender.append(`${prefix}nowhere.1`, { x: 1 })).rejects.toThrow(AppendError);
    await expect(appender.append(`${prefix}nowhere.1`, { x: 1 })).rejects.toThrow(/no responders/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('rejects what waits when the connection closes', async () => {
    const own = await connectNats(inject('natsUrl'), `twofold-test-${prefix}-closing`);
    const appender = new Appender(own.js);
    const subject = subjectFor({ prefix, partitions: 16 }, 3, 'human');
    await appender.append(subject, { ok: true });
    await own.nc.close();
    await expect(appender.append(subject, { late: true })).rejects.toThrow(AppendError);
  });
});
