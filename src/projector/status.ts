import type { JetStreamManager } from '@nats-io/jetstream';
import { PROJECTIONS } from '../../projections/index.js';
import { hitsStreamName } from '../../streams/hits.js';
import type { Db } from '../db/sql.js';
import { readCheckpoints } from './checkpoint.js';

export interface ProjectionStatus {
  name: string;
  last_seq: number | null;
  /** Stream messages after the projection's checkpoint; null when either side is unreachable. */
  lag: number | null;
}

export interface PipelineStatus {
  ok: boolean;
  stream: { last_seq: number | null };
  projections: ProjectionStatus[];
}

/**
 * Stream position and, per projection, its checkpoint and the messages it has yet to pass. A fold
 * group advances every projection's checkpoint over each message it folds (a projection of one
 * origin passes the others' messages), so the stream's last sequence less the checkpoint is the lag.
 */
export async function pipelineStatus(db: Db, jsm: JetStreamManager, prefix: string): Promise<PipelineStatus> {
  const [checkpoints, streamInfo] = await Promise.all([
    readCheckpoints(db).catch(() => null),
    jsm.streams.info(hitsStreamName(prefix)).catch(() => null),
  ]);
  const last = streamInfo?.state.last_seq ?? null;
  const projections = PROJECTIONS.map((p): ProjectionStatus => {
    const seq = checkpoints ? (checkpoints.get(p.name) ?? 0) : null;
    return {
      name: p.name,
      last_seq: seq,
      lag: seq !== null && last !== null ? Math.max(0, last - seq) : null,
    };
  });
  return { ok: checkpoints !== null && streamInfo !== null, stream: { last_seq: last }, projections };
}
