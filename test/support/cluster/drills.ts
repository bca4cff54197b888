import { partitionOf } from '../../../streams/subjects.js';
import { hitsStreamName } from '../../../streams/hits.js';
import { connectNats } from '../../../src/nats/connect.js';
import type { DrillCluster } from './drill-cluster.js';
import { hitKeyOf, startHitLanes, type Tally } from './hit-lanes.js';
import { sleep, waitFor } from './wait.js';

/** One drill's line of the table `npm run drill` prints (docs/operations.md#fault-drills). */
export interface DrillResult {
  drill: string;
  fault: string;
  /** Distinct hits the clients sent. */
  sent: number;
  /** Hits answered 204. */
  acknowledged: number;
  /** Distinct hits found in Postgres once the projectors folded the whole stream. */
  stored: number;
  /** Hits answered 204 and not stored. */
  lost: string[];
  /** Hits stored more than once. */
  duplicated: string[];
  /** Hits an attempt of which may have been stored (Tally.doubtful): retried with the same key. */
  doubtful: string[];
  /** Hits that reached the stream in more than one message, folded once by their key. */
  repeated: number;
  /** From the fault to the last answer other than 204 (0: none came). */
  recoverMs: number;
  /** From the last hit sent to the projectors having folded the whole stream. */
  foldedMs: number;
  failures: Tally['failures'];
  /** What the drill checked besides the counts, in words, for the table's notes. */
  notes: string[];
}

export interface Drill {
  /** drill1 … drill5, as docs/operations.md numbers them. */
  id: string;
  fault: string;
  /** Injects the fault and undoes it (a restart), resolving once the cluster is whole again. */
  inject(c: DrillCluster, notes: string[]): Promise<void>;
}

/**
 * Runs one drill with hits flowing from several clients the whole time: some hits before the fault,
 * the fault and its recovery, hits after it; then waits for the projectors to fold the whole
 * stream and compares what the clients were answered with what Postgres holds.
 */
export async function runDrill(c: DrillCluster, drill: Drill): Promise<DrillResult> {
  const pathPrefix = `/${drill.id}/`;
  const lanes = startHitLanes({ urls: c.apiUrls, siteId: c.siteId, pathPrefix });
  const notes: string[] = [];
  let tally: Tally;
  let faultAt: number;
  try {
    await waitFor('hits answered before the fault', async () =>
      lanes.acknowledged() >= 50 ? true : undefined,
    );
    faultAt = Date.now();
    await drill.inject(c, notes);
    // Ingest answers again, from every API process, for a while after the recovery.
    const after = lanes.acknowledged();
    await waitFor('hits answered after the recovery', async () =>
      lanes.acknowledged() >= after + 100 ? true : undefined,
    );
  } finally {
    tally = await lanes.stop();
  }
  const stoppedAt = Date.now();
  await c.foldedAll();
  const foldedMs = Date.now() - stoppedAt;
  const stored = await c.stored(pathPrefix);
  const lost = tally.acknowledged.filter((p) => !stored.has(p));
  const duplicated = [...stored].filter(([, n]) => n > 1).map(([p]) => p);
  const repeated = await c.repeated(hitKeyOf(pathPrefix, 0).slice(0, -1));
  const lastFailure = Math.max(faultAt, ...tally.failedAt);
  return {
    drill: drill.id,
    fault: drill.fault,
    sent: tally.sent,
    acknowledged: tally.acknowledged.length,
    stored: stored.size,
    lost,
    duplicated,
    doubtful: tally.doubtful,
    repeated,
    recoverMs: lastFailure - faultAt,
    foldedMs,
    failures: tally.failures,
    notes,
  };
}

/** The stream's leader and whether every replica is current, as JetStream reports them. */
async function streamCluster(c: DrillCluster): Promise<{ leader?: string; current: boolean }> {
  const nats = await connectNats(c.nats.url, 'twofold-drill-probe');
  try {
    const info = await nats.jsm.streams.info(hitsStreamName(c.prefix));
    const replicas = info.cluster?.replicas ?? [];
    return {
      leader: info.cluster?.leader,
      current: replicas.length === 2 && replicas.every((r) => r.current && !r.offline),
    };
  } finally {
    await nats.nc.close();
  }
}

export const natsNodeKilled: Drill = {
  id: 'drill1',
  fault: 'kill -9 the NATS node leading the stream (R3), back after 5 s',
  async inject(c, notes) {
    const { leader } = await streamCluster(c);
    const node = c.nats.nodes.find((n) => n.name === leader) ?? c.nats.nodes[0]!;
    await node.kill();
    notes.push(`killed ${node.name}, the stream's leader`);
    await sleep(5_000);
    await node.start();
    await c.nats.healthy();
    await waitFor('every replica of the stream current', async () =>
      (await streamCluster(c)).current ? true : undefined,
    );
    notes.push(`${node.name} returned and caught up (every replica current)`);
  },
};

/** The pid of the projector process holding the lock of the site's partition, if one holds it. */
async function partitionHolder(c: DrillCluster): Promise<number | undefined> {
  const partition = partitionOf(c.siteId, c.partitions);
  const { rows } = await c.db.query<{ name: string }>(
    `SELECT a.application_name AS name FROM pg_locks l JOIN pg_stat_activity a USING (pid)
     WHERE l.locktype = 'advisory' AND l.granted
       AND l.classid = (hashtext('twofold.projector')::bigint & 4294967295)::oid
       AND l.objid = (hashtext($1)::bigint & 4294967295)::oid`,
    [`fold:p${partition}`],
  );
  const holder = rows.map((r) => /^twofold projector (\d+)$/.exec(r.name)?.[1]).find(Boolean);
  return holder === undefined ? undefined : Number(holder);
}

export const projectorKilled: Drill = {
  id: 'drill2',
  fault: "kill -9 the projector process folding the site's partition, restarted after 5 s",
  async inject(c, notes) {
    const pid = await waitFor('a projector holding the partition', () => partitionHolder(c));
    const holder = c.projectors.find((m) => m.process()?.child.pid === pid);
    if (!holder) throw new Error(`no projector of the cluster has pid ${pid}`);
    const killedAt = Date.now();
    await holder.kill();
    const next = await waitFor('another projector taking the partition', async () => {
      const p = await partitionHolder(c);
      return p !== undefined && p !== pid ? p : undefined;
    });
    const taker = c.projectors.find((m) => m.process()?.child.pid === next);
    notes.push(
      `${holder.name} killed; ${taker?.name ?? `pid ${next}`} held the partition ${((Date.now() - killedAt) / 1000).toFixed(1)} s later`,
    );
    await sleep(5_000);
    await holder.start();
  },
};

export const apiKilled: Drill = {
  id: 'drill3',
  fault: 'kill -9 one of two API processes, restarted after 5 s',
  async inject(c, notes) {
    const api = c.apis[0]!;
    await api.kill();
    await sleep(5_000);
    await api.start();
    notes.push(`${api.name} killed; clients retried on the other, then it started again`);
  },
};

export const natsClusterRestarted: Drill = {
  id: 'drill5',
  fault: 'kill -9 all three NATS nodes, started again after 20 s',
  async inject(c, notes) {
    await Promise.all(c.nats.nodes.map((n) => n.kill()));
    // Longer than a hit waits for the stream (the appender's three 5 s attempts): hits are 503.
    await sleep(20_000);
    await Promise.all(c.nats.nodes.map((n) => n.start()));
    await c.nats.healthy();
    notes.push('the cluster came back with its stream');
  },
};

/**
 * What every drill must show: no hit answered 204 lost, and no hit stored twice, not even one sent
 * again after an attempt that failed without saying it was not stored (no answer, or a 503: the
 * process or the stream's servers may have stored it before their answer was lost): its retry
 * carries its key, and a second copy in the stream is not folded. Empty when it holds, else what
 * failed.
 */
export function drillFailures(r: DrillResult): string[] {
  const out: string[] = [];
  if (r.lost.length > 0)
    out.push(`${r.lost.length} acknowledged hits lost: ${r.lost.slice(0, 5).join(', ')}`);
  if (r.duplicated.length > 0)
    out.push(`${r.duplicated.length} hits stored twice: ${r.duplicated.slice(0, 5).join(', ')}`);
  return out;
}

/** A read of the site's overview as its owner: the status and the error code, if any. */
async function readOverview(c: DrillCluster): Promise<{ status: number; code?: string }> {
  const url = c.apiUrls()[0]!;
  const res = await fetch(`${url}/api/stats/overview?site=${c.siteId}&range=30d`, {
    headers: { cookie: c.cookie },
  });
  const body = (await res.json()) as { error?: { code?: string } };
  return { status: res.status, code: body.error?.code };
}

export const postgresStopped: Drill = {
  id: 'drill4',
  fault: 'stop the Postgres primary (pg_ctl stop -m fast) for 30 s',
  async inject(c, notes) {
    const down = Date.now();
    await c.postgres.primary.stop();
    const reads: string[] = [];
    while (Date.now() - down < 30_000) {
      const r = await readOverview(c);
      reads.push(`${r.status} ${r.code ?? ''}`.trim());
      await sleep(5_000);
    }
    await c.postgres.primary.start();
    const distinct = [...new Set(reads)];
    notes.push(`reads while it was down: ${reads.length} × ${distinct.join(', ')}`);
    const after = await waitFor('a read answered again', async () => {
      const r = await readOverview(c);
      return r.status === 200 ? r : undefined;
    });
    notes.push(`read after it returned: ${after.status}`);
  },
};

/** Every drill `npm run drill` runs, in its order (each leaves the cluster whole for the next). */
export const ALL_DRILLS: readonly Drill[] = [
  apiKilled,
  projectorKilled,
  natsNodeKilled,
  natsClusterRestarted,
  postgresStopped,
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The drills' table in Markdown, as docs/operations.md records a run. */
export function drillTable(results: readonly DrillResult[]): string {
  const lines = [
    '| drill | fault | hits sent | acknowledged (204) | stored | lost | stored twice | in the stream twice, folded once | ingest recovered after | folded all after the last hit | answers other than 204 | checked |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const r of results) {
    const failures =
      Object.entries(r.failures)
        .map(([status, n]) => `${n} × ${status}`)
        .join(', ') || 'none';
    lines.push(
      `| ${r.drill} | ${r.fault} | ${r.sent} | ${r.acknowledged} | ${r.stored} | ${r.lost.length} | ${r.duplicated.length} | ${r.repeated} | ${seconds(r.recoverMs)} | ${seconds(r.foldedMs)} | ${failures} | ${r.notes.join('; ')} |`,
    );
  }
  return lines.join('\n');
}
