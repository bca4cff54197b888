import type { JetStreamManager } from '@nats-io/jetstream';
import { PROJECTIONS } from '../../projections/index.js';
import { hitsStreamName } from '../../streams/hits.js';
import type { Db } from '../db/sql.js';
import { readCheckpoints } from './checkpoint.js';
import { consumerLag, filterSubject } from './consumer.js';

export interface ProjectionStatus {
  name: string;
  last_seq: number | null;
  lag: number | null;
}

export interface PipelineStatus {
  ok: boolean;
  stream: { last_seq: number | null };
  projections: ProjectionStatus[];
}

/** Stream position and, per projection, its checkpoint and the messages it has yet to fold. */
export async function pipelineStatus(db: Db, jsm: JetStreamManager, prefix: string): Promise<PipelineStatus> {
  const stream = hitsStreamName(prefix);
  const [checkpoints, streamInfo] = await Promise.all([
    readCheckpoints(db).catch(() => null),
    jsm.streams.info(stream).catch(() => null),
  ]);
  const projections = await Promise.all(
    PROJECTIONS.map(async (p): Promise<ProjectionStatus> => {
      const lag = streamInfo ? await lagOf(jsm, prefix, p, stream).catch(() => null) : null;
      return { name: p.name, last_seq: checkpoints ? (checkpoints.get(p.name) ?? 0) : null, lag };
    }),
  );
  return {
    ok: checkpoints !== null && streamInfo !== null,
    stream: { last_seq: streamInfo?.state.last_seq ?? null },
    projections,
  };
}

async function lagOf(
  jsm: JetStreamManager,
  prefix: string,
  p: (typeof PROJECTIONS)[number],
  stream: string,
): Promise<number> {
  try {
    return await consumerLag(jsm, prefix, p);
  } catch {
    // No projector has started yet: everything on its subjects is still to fold.
    const info = await jsm.streams.info(stream, { subjects_filter: filterSubject(prefix, p) });
    return Object.values(info.state.subjects ?? {}).reduce((a, b) => a + b, 0);
  }
}
