import type { JetStreamManager } from '@nats-io/jetstream';
import { hitsStreamName } from '../../streams/hits.js';
import { legacyFilter, partitionFilter } from '../../streams/subjects.js';
import { WHOLE_STREAM } from './checkpoint.js';

/**
 * A share of the stream folded by one worker at a time, under its own lock, consumer and
 * checkpoints: a partition (`hits.<k>.<site>.<origin>`), or the messages appended before subjects
 * carried one (`hits.<site>.<origin>`).
 */
export interface FoldUnit {
  /** The checkpoints' `part`: the partition, or -1 for the messages without one. */
  part: number;
  /** The subject filter of its consumer. */
  filter: string;
  /** Names its durable consumer and its lock. */
  name: string;
}

export function partitionUnit(prefix: string, partition: number): FoldUnit {
  return { part: partition, filter: partitionFilter(prefix, partition), name: `p${partition}` };
}

/** The messages of `hits.<site>.<origin>`, which no partition's filter matches. */
export function legacyUnit(prefix: string): FoldUnit {
  return { part: WHOLE_STREAM, filter: legacyFilter(prefix), name: 'legacy' };
}

/** Every unit of an installation: the messages without a partition, then each partition. */
export function allUnits(prefix: string, partitions: number): FoldUnit[] {
  return [legacyUnit(prefix), ...Array.from({ length: partitions }, (_, k) => partitionUnit(prefix, k))];
}

/** The stream sequence of the unit's last message, 0 when it has none. */
export async function lastSeqOf(jsm: JetStreamManager, prefix: string, unit: FoldUnit): Promise<number> {
  const m = await jsm.streams.getMessage(hitsStreamName(prefix), { last_by_subj: unit.filter });
  return m?.seq ?? 0;
}
