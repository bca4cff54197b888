import { randomBytes, randomUUID } from 'node:crypto';
import type { PubAck } from '@nats-io/jetstream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AckInbox } from '../../src/nats/ack-inbox.js';
import { connectNats, type Nats } from '../../src/nats/connect.js';
import { ensureStreams } from '../../src/nats/ensure-streams.js';
import { hitsStreamName } from '../../streams/hits.js';
import { subjectFor } from '../../streams/subjects.js';

// The appender publishes by hand (AckInbox, its own reply inbox) for speed. These hold that
// publish to the client's own js.publish, so that a client or server upgrade that changes what
// js.publish sends or answers fails here.
let nats: Nats;
let acks: AckInbox;
let prefix: string;
const stream = () => hitsStreamName(prefix);
const subject = () => subjectFor({ prefix, partitions: 16 }, 1, 'human');
const BODY = '{"v":1,"events":[{"type":"HitRecorded","n":1}]}';

type Publish = (subject: string, body: string, msgID: string) => Promise<PubAck>;
const byClient: Publish = (s, body, msgID) => nats.js.publish(s, body, { msgID, timeout: 5000 });
const byHand: Publish = (s, body, msgID) => acks.publish(s, body, msgID, 5000);

beforeAll(async () => {
  prefix = `t${randomBytes(4).toString('hex')}_`;
  nats = await connectNats(inject('natsUrl'), `twofold-test-${prefix}`);
  acks = new AckInbox(nats.nc);
});
afterAll(async () => {
  await nats.jsm.streams.delete(stream()).catch(() => {});
  await nats.nc.close();
});

/** The stream as ensureStreams makes it, empty and with no message id remembered. */
async function freshStream(): Promise<void> {
  await nats.jsm.streams.delete(stream()).catch(() => {});
  await ensureStreams(nats.jsm, prefix);
}

/** In a fresh stream: a message published, then published again with its id; what the stream holds. */
async function publishTwice(first: Publish, again: Publish, msgID: string) {
  await freshStream();
  const ack = await first(subject(), BODY, msgID);
  const repeated = await again(subject(), BODY, msgID);
  const m = await nats.jsm.streams.getMessage(stream(), { seq: ack.seq });
  return {
    ack,
    repeated,
    stored: {
      subject: m!.subject,
      seq: m!.seq,
      data: new TextDecoder().decode(m!.data),
      headers: Object.fromEntries(m!.header),
    },
    messages: (await nats.jsm.streams.info(stream())).state.messages,
  };
}

describe("the appender's publish against js.publish", () => {
  it('stores the same message and gets the same acknowledgement, and the same duplicate for its id', async () => {
    const msgID = randomUUID();
    const client = await publishTwice(byClient, byClient, msgID);
    const hand = await publishTwice(byHand, byHand, msgID);

    expect(client).toEqual({
      ack: { stream: stream(), seq: 1, duplicate: false },
      repeated: { stream: stream(), seq: 1, duplicate: true },
      stored: { subject: subject(), seq: 1, data: BODY, headers: { 'Nats-Msg-Id': [msgID] } },
      messages: 1,
    });
    expect(hand).toEqual(client);
  });

  it("takes the other's message id as the same message: a duplicate, stored once", async () => {
    const msgID = randomUUID();
    const handAfterClient = await publishTwice(byClient, byHand, msgID);
    const clientAfterHand = await publishTwice(byHand, byClient, msgID);
    for (const r of [handAfterClient, clientAfterHand]) {
      expect(r.repeated).toEqual({ stream: stream(), seq: 1, duplicate: true });
      expect(r.messages).toBe(1);
    }
  });

  it('gives each new id its own sequence number, the next one, as js.publish does', async () => {
    await freshStream();
    const acks = [];
    for (const publish of [byClient, byHand, byClient, byHand])
      acks.push(await publish(subject(), BODY, randomUUID()));
    expect(acks.map((a) => [a.seq, a.duplicate])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, false],
    ]);
  });

  it('refuses, as js.publish does, a subject that no stream takes', async () => {
    const nowhere = `${prefix}nowhere.1`;
    await expect(byClient(nowhere, BODY, randomUUID())).rejects.toThrow();
    await expect(byHand(nowhere, BODY, randomUUID())).rejects.toThrow(/no responders/);
  });
});
