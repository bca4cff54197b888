import { AckPolicy, DeliverPolicy, type JetStreamManager } from '@nats-io/jetstream';
import type { Projection } from '../../projections/projection.js';
import { hitsStreamName } from '../../streams/hits.js';
import { originFilter } from '../../streams/subjects.js';

/** The durable consumer of a fold group: one for every projection the group folds. */
export function durableName(prefix: string, group: string): string {
  return `${prefix}fold_${group}`;
}

export function filterSubject(prefix: string, projection: Projection): string {
  return originFilter(prefix, projection.origin);
}

/** One filter for a group: its projections' origin when they share it, else every subject. */
export function groupFilter(prefix: string, projections: readonly Projection[]): string {
  const origins = new Set(projections.map((p) => p.origin));
  const [only] = origins;
  return originFilter(prefix, origins.size === 1 && only !== undefined ? only : '*');
}

/**
 * (Re)creates the group's durable pull consumer so that it delivers from the message after
 * `checkpoint` (the lowest of its projections'). Postgres, not the consumer's ack floor, says what
 * was folded: after a crash the server could otherwise hand out newer messages before redelivering
 * the unacked ones, and a checkpoint would pass over them. Within one worker, delivery is then in
 * stream order, so AckPolicy.All (one ack per folded batch) acknowledges only what was folded.
 */
export async function positionConsumer(
  jsm: JetStreamManager,
  prefix: string,
  group: string,
  projections: readonly Projection[],
  checkpoint: number,
  ackWaitMs: number,
): Promise<string> {
  const stream = hitsStreamName(prefix);
  const durable = durableName(prefix, group);
  await jsm.consumers.delete(stream, durable).catch(() => false);
  // The one-consumer-per-projection durables of earlier versions hold server memory for nothing.
  for (const p of projections)
    await jsm.consumers.delete(stream, `${prefix}proj_${p.name}`).catch(() => false);
  await jsm.consumers.add(stream, {
    durable_name: durable,
    ack_policy: AckPolicy.All,
    ack_wait: ackWaitMs * 1_000_000,
    max_ack_pending: 20_000,
    filter_subject: groupFilter(prefix, projections),
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: checkpoint + 1,
  });
  return durable;
}
