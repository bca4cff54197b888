/**
 * Where a message came from: `human` for tracker hits, `edge` for a signed edge shipment, which may
 * hold both readerships and is one message so that it is stored whole or not at all.
 */
export const ORIGINS = ['human', 'edge'] as const;
export type StreamOrigin = (typeof ORIGINS)[number];

/** How an installation names its subjects: its prefix and the partitions its sites are spread over. */
export interface StreamLayout {
  prefix: string;
  /** Fixed at first start (`PROJECTION_PARTITIONS`): a site's partition must never change. */
  partitions: number;
}

/** A site's partition: its id modulo the count, so consecutive sites spread evenly. */
export function partitionOf(site: number, partitions: number): number {
  return site % partitions;
}

/**
 * `hits.<partition>.<site>.<origin>`: each projector fold unit takes one partition with one filter
 * (NATS 2.9 takes one filter subject per consumer), and operators can still filter one site or one
 * origin without decoding.
 */
export function subjectFor(layout: StreamLayout, site: number, origin: StreamOrigin): string {
  return `${layout.prefix.toLowerCase()}hits.${partitionOf(site, layout.partitions)}.${site}.${origin}`;
}

/**
 * Every message of one partition: exactly four tokens, so `hits.<site>.<origin>` of the earlier
 * form, whose site may equal the partition's number, never matches.
 */
export function partitionFilter(prefix: string, partition: number): string {
  return `${prefix.toLowerCase()}hits.${partition}.*.*`;
}

/** Messages appended before subjects carried a partition: `hits.<site>.<origin>`. */
export function legacyFilter(prefix: string): string {
  return `${prefix.toLowerCase()}hits.*.*`;
}

/** Every message of the stream, in both subject forms. */
export function everyFilter(prefix: string): string {
  return `${prefix.toLowerCase()}hits.>`;
}
