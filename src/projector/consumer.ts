import { AckPolicy, DeliverPolicy, type JetStreamManager } from '@nats-io/jetstream';
import type { Projection } from '../../projections/projection.js';
import { hitsStreamName } from '../../streams/hits.js';
import { originFilter } from '../../streams/subjects.js';

export function durableName(prefix: string, projection: Projection): string {
  return `${prefix}proj_${projection.name}`;
}

export function filterSubject(prefix: string, projection: Projection): string {
  return originFilter(prefix, projection.origin);
}

/**
 * (Re)creates the projection's durable pull consumer so that it delivers from the message after
 * the checkpoint. Postgres, not the consumer's ack floor, says what was folded: after a crash the
 * server could otherwise hand out newer messages before redelivering the unacked ones, and the
 * checkpoint would pass over them. Within one worker, delivery is then in stream order, so
 * AckPolicy.All (one ack per folded batch) acknowledges only what was folded.
 */
export async function positionConsumer(
  jsm: JetStreamManager,
  prefix: string,
  projection: Projection,
  checkpoint: number,
  ackWaitMs: number,
): Promise<string> {
  const stream = hitsStreamName(prefix);
  const durable = durableName(prefix, projection);
  await jsm.consumers.delete(stream, durable).catch(() => false);
  await jsm.consumers.add(stream, {
    durable_name: durable,
    ack_policy: AckPolicy.All,
    ack_wait: ackWaitMs * 1_000_000,
    max_ack_pending: 20_000,
    filter_subject: filterSubject(prefix, projection),
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: checkpoint + 1,
  });
  return durable;
}

/** Stream messages of this projection's subjects that it has not folded yet. */
export async function consumerLag(
  jsm: JetStreamManager,
  prefix: string,
  projection: Projection,
): Promise<number> {
  const info = await jsm.consumers.info(hitsStreamName(prefix), durableName(prefix, projection));
  return info.num_pending + info.num_ack_pending;
}
