import { type Db, sql, type Sql } from '../../src/db/sql.js';
import type { HitRecorded } from '../../streams/events.js';
import type { Sequenced } from '../projection.js';
import type { SessionState } from '../sessions/sessionize.js';

/** The pageviews a walk keeps: journeys' deepest walk, a start page and 6 more (migration 0038). */
export const WALK_PAGES = 7;

/** A pageview of a walk with the raw path's order key: time, stream sequence, event id. */
export interface WalkStep {
  path: string;
  at: number;
  seq: number;
  id: string;
}

/** A session's walk as `path_session_walks` and `path_session_walk_keys` hold it. */
export interface StoredWalk {
  started: number;
  steps: WalkStep[];
}

/** The raw path's order of a session's pageviews (`ORDER BY ts, seq, id`; uuids compare as their hex). */
const byOrderKey = (a: WalkStep, b: WalkStep) =>
  a.at - b.at || a.seq - b.seq || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The stored walks, with their order keys, of the sessions the batch's hits could join (the others
 * have no pageview yet, or are new to the batch). A session in the state has its keys: both go
 * when the state is pruned (fold.ts).
 */
export async function loadWalks(db: Db, sessions: readonly SessionState[]): Promise<Map<string, StoredWalk>> {
  if (sessions.length === 0) return new Map();
  const { rows } = await db.query<{
    session_id: string;
    started_at: Date;
    paths: string[];
    at: string[];
    seqs: string[];
    ids: string[];
  }>(sql`
    SELECT w.session_id, w.started_at, w.paths, k.at, k.seqs, k.ids
    FROM path_session_walks w JOIN path_session_walk_keys k ON k.session_id = w.session_id
    WHERE w.session_id = ANY(${sessions.map((s) => s.id)}::uuid[])`);
  return new Map(
    rows.map((r) => [
      r.session_id,
      {
        started: r.started_at.getTime(),
        steps: r.paths.map((path, i) => ({
          path,
          at: Number(r.at[i]),
          seq: Number(r.seqs[i]),
          id: r.ids[i]!,
        })),
      },
    ]),
  );
}

/**
 * Each session's walk after the batch: its stored pageviews and the batch's, in the raw path's
 * order, the first WALK_PAGES kept (a pageview the walk already holds, folded again, counts once),
 * written when the walk or the session's start changed. `sessions` are the sessions after the
 * batch; `sessionOf` gives each hit's session.
 */
export function writeWalks(
  views: readonly Sequenced<HitRecorded>[],
  sessionOf: ReadonlyMap<string, string>,
  sessions: readonly SessionState[],
  stored: ReadonlyMap<string, StoredWalk>,
): Sql[] {
  const added = new Map<string, WalkStep[]>();
  for (const { seq, event: h } of views) {
    const id = sessionOf.get(h.id)!;
    const list = added.get(id) ?? [];
    list.push({ path: h.pathname, at: h.ts, seq, id: h.id.toLowerCase() });
    added.set(id, list);
  }
  const rows: { session: SessionState; steps: WalkStep[] }[] = [];
  for (const s of sessions) {
    const before = stored.get(s.id);
    const fresh = added.get(s.id) ?? [];
    if (before === undefined && fresh.length === 0) continue;
    const held = new Set(before?.steps.map((x) => x.id));
    const steps = [...(before?.steps ?? []), ...fresh.filter((x) => !held.has(x.id))]
      .sort(byOrderKey)
      .slice(0, WALK_PAGES);
    const same =
      before !== undefined &&
      before.started === s.started &&
      steps.length === before.steps.length &&
      steps.every((x, i) => x.id === before.steps[i]!.id);
    if (!same) rows.push({ session: s, steps });
  }
  if (rows.length === 0) return [];
  // One JSON document of rows: a walk's arrays are arrays of arrays, which unnest would flatten.
  const doc = rows.map(({ session: s, steps }) => ({
    session_id: s.id,
    site_id: s.site,
    started_at: new Date(s.started).toISOString(),
    paths: steps.map((x) => x.path),
    at: steps.map((x) => x.at),
    seqs: steps.map((x) => x.seq),
    ids: steps.map((x) => x.id),
  }));
  const recordset = sql`jsonb_to_recordset(${JSON.stringify(doc)}::jsonb)
    AS r(session_id uuid, site_id bigint, started_at timestamptz, paths text[], at bigint[], seqs bigint[], ids uuid[])`;
  return [
    sql`
    INSERT INTO path_session_walks (session_id, site_id, started_at, paths)
    SELECT session_id, site_id, started_at, paths FROM ${recordset}
    ON CONFLICT (session_id) DO UPDATE SET started_at = excluded.started_at, paths = excluded.paths`,
    sql`
    INSERT INTO path_session_walk_keys (session_id, at, seqs, ids)
    SELECT session_id, at, seqs, ids FROM ${recordset}
    ON CONFLICT (session_id) DO UPDATE SET at = excluded.at, seqs = excluded.seqs, ids = excluded.ids`,
  ];
}
