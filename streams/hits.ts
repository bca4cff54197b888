import { DiscardPolicy, RetentionPolicy, StorageType, type StreamConfig } from '@nats-io/jetstream';

const SECOND_NS = 1_000_000_000;

/**
 * Publishes retried with the same Nats-Msg-Id inside this window are stored once. Only the
 * appender's own retries reuse an id (at most its attempts × its timeout apart: 15 s), so twice
 * that is enough; each server keeps every id of the window in memory (about 300 B each with the
 * stream at three replicas: 16 MB a server at 1,800 messages a second, where 2 minutes took 65 MB).
 */
export const DUPLICATE_WINDOW_NS = 30 * SECOND_NS;

/** Appends gather into messages no larger than this, well under NATS's default 1 MB payload. */
export const MAX_MESSAGE_BYTES = 512 * 1024;

/**
 * Bytes each fold unit's consumer pulls at once: more than the largest message (an edge request of
 * 2 MB is one message of at most about 4 MB), while the sixteen partitions a projector may hold,
 * all busy, stay near the 64 MB a NATS server buffers for a client before it drops deliveries as a
 * slow consumer.
 */
export const UNIT_PULL_BYTES = 4 * 1024 * 1024;

export function hitsStreamName(prefix: string): string {
  return `${prefix.toUpperCase()}HITS`;
}

/**
 * The one stream of the event log. Limits retention with no age or count limit: the stream is
 * the source of truth and every projection is rebuilt from its first message.
 */
export function hitsStream(prefix: string): Partial<StreamConfig> & { name: string } {
  return {
    name: hitsStreamName(prefix),
    subjects: [`${prefix.toLowerCase()}hits.>`],
    storage: StorageType.File,
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.Old,
    max_age: 0,
    max_msgs: -1,
    max_bytes: -1,
    duplicate_window: DUPLICATE_WINDOW_NS,
    num_replicas: 1,
  };
}
