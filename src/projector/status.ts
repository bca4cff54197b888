import type { JetStreamManager } from '@nats-io/jetstream';
import { PROJECTIONS } from '../../projections/index.js';
import { hitsStreamName } from '../../streams/hits.js';
import { allUnits, lastSeqOf } from './fold-units.js';
import type { Db } from '../db/sql.js';
import { readCheckpoints } from './checkpoint.js';

export interface ProjectionStatus {
  name: string;
  /** The highest stream sequence the projection has folded, in any partition. */
  last_seq: number | null;
  /**
   * Stream sequences between each fold unit's checkpoint and the unit's last message, summed: 0
   * when the projection has folded everything; null when either side is unreachable.
   */
  lag: number | null;
}

export interface PipelineStatus {
  ok: boolean;
  stream: { last_seq: number | null };
  projections: ProjectionStatus[];
}

/**
 * Stream position and, per projection, its checkpoints against the last message of each fold unit
 * (each partition, and the messages appended before subjects carried one). A unit's projections
 * advance their checkpoints over every message of the unit they fold (one of another origin
 * included), so a projection with nothing left to fold has lag 0 in every unit.
 */
export async function pipelineStatus(
  db: Db,
  jsm: JetStreamManager,
  prefix: string,
  partitions: number,
): Promise<PipelineStatus> {
  const stream = hitsStreamName(prefix);
  const [checkpoints, streamInfo, unitLasts] = await Promise.all([
    readCheckpoints(db).catch(() => null),
    jsm.streams.info(stream).catch(() => null),
    Promise.all(
      allUnits(prefix, partitions).map(async (u) => [u.part, await lastSeqOf(jsm, prefix, u)] as const),
    ).catch(() => null),
  ]);
  const last = streamInfo?.state.last_seq ?? null;
  const projections = PROJECTIONS.map((p): ProjectionStatus => {
    if (!checkpoints || !unitLasts) return { name: p.name, last_seq: checkpoints ? 0 : null, lag: null };
    const mine = checkpoints.get(p.name) ?? new Map<number, number>();
    let lag = 0;
    for (const [part, unitLast] of unitLasts) lag += Math.max(0, unitLast - (mine.get(part) ?? 0));
    return { name: p.name, last_seq: Math.max(0, ...mine.values()), lag: last === null ? null : lag };
  });
  return {
    ok: checkpoints !== null && streamInfo !== null && unitLasts !== null,
    stream: { last_seq: last },
    projections,
  };
}
