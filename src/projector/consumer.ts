import { AckPolicy, DeliverPolicy, type JetStreamManager } from '@nats-io/jetstream';
import type { Projection } from '../../projections/projection.js';
import { hitsStreamName } from '../../streams/hits.js';
import type { FoldUnit } from './fold-units.js';

/** The durable consumer of a fold unit: one for every projection the unit folds. */
export function durableName(prefix: string, unit: FoldUnit): string {
  return `${prefix}fold_${unit.name}`;
}

/**
 * (Re)creates the unit's durable pull consumer so that it delivers the unit's messages from the one
 * after `checkpoint` (the lowest of its projections'). Postgres, not the consumer's ack floor, says
 * what was folded: after a crash the server could otherwise hand out newer messages before
 * redelivering the unacked ones, and a checkpoint would pass over them. Within one worker, delivery
 * is then in stream order, so AckPolicy.All (one ack per folded batch) acknowledges only what was
 * folded.
 */
export async function positionConsumer(
  jsm: JetStreamManager,
  prefix: string,
  unit: FoldUnit,
  checkpoint: number,
  ackWaitMs: number,
): Promise<string> {
  const stream = hitsStreamName(prefix);
  const durable = durableName(prefix, unit);
  await jsm.consumers.delete(stream, durable).catch(() => false);
  await jsm.consumers.add(stream, {
    durable_name: durable,
    ack_policy: AckPolicy.All,
    ack_wait: ackWaitMs * 1_000_000,
    max_ack_pending: 20_000,
    // Nothing in the consumer needs to survive a server: Postgres holds the positions and a worker
    // recreates its consumer whenever it starts. One replica in memory spares the cluster a Raft
    // group per partition (sixteen more to catch up when a node returns).
    num_replicas: 1,
    mem_storage: true,
    filter_subject: unit.filter,
    deliver_policy: DeliverPolicy.StartSequence,
    opt_start_seq: checkpoint + 1,
  });
  return durable;
}

/** Deletes the durables of earlier versions (one per projection, then one for the whole stream): they hold server memory for nothing. */
export async function dropRetiredDurables(
  jsm: JetStreamManager,
  prefix: string,
  projections: readonly Projection[],
): Promise<void> {
  const stream = hitsStreamName(prefix);
  for (const old of [`${prefix}fold_all`, ...projections.map((p) => `${prefix}proj_${p.name}`)])
    await jsm.consumers.delete(stream, old).catch(() => false);
}
