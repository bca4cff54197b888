import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { createPool } from '../../../src/db/pool.js';
import { connectNats } from '../../../src/nats/connect.js';
import { loadConfig } from '../../../src/config.js';
import { pipelineStatus } from '../../../src/projector/status.js';
import { type ServerProcess, startServerProcess } from '../server-process.js';
import { type NatsCluster, startNatsCluster } from './nats-cluster.js';
import { type PostgresPair, startPostgresPair } from './postgres-pair.js';
import { waitFor } from './wait.js';

/** A twofold process of the cluster, which a drill may kill and start again with the same settings. */
export interface Member {
  name: string;
  role: 'api' | 'projector';
  process(): ServerProcess | undefined;
  /** SIGKILL: no shutdown, what it held is simply gone. */
  kill(): Promise<void>;
  start(): Promise<void>;
}

export interface DrillCluster {
  nats: NatsCluster;
  postgres: PostgresPair;
  apis: Member[];
  /** The projector processes: they share the partitions, each folded by one of them at a time. */
  projectors: Member[];
  /** The installation's partition count (the default). */
  partitions: number;
  /** The primary's pool, for what drills check after recovery. */
  db: pg.Pool;
  siteId: number;
  /** The session cookie of the site's owner, for reads. */
  cookie: string;
  prefix: string;
  /** The URLs of the API processes running now. */
  apiUrls(): string[];
  /** Waits until every message in the stream is folded by every projection. */
  foldedAll(timeoutMs?: number): Promise<void>;
  /** Events stored in Postgres per pathname under `prefix`. */
  stored(pathPrefix: string): Promise<Map<string, number>>;
  /** Keys starting with `keyPrefix` that more than one stream message carried: copies not folded. */
  repeated(keyPrefix: string): Promise<number>;
  stop(): Promise<void>;
}

export interface DrillClusterOptions {
  apis?: number;
  projectors?: number;
  /** Settings every twofold process gets on top of the cluster's. */
  env?: Record<string, string>;
}

/** The cluster settings every twofold process of the drills runs with, as docker-compose.yml's cluster profile. */
export const CLUSTER_SETTINGS = { STREAM_REPLICAS: '3' } as const;

/** The partition count every process of the cluster runs with: the default. */
const PARTITIONS = loadConfig({}).PROJECTION_PARTITIONS;

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
export { BROWSER };

/**
 * A cluster on this machine as docs/operations.md#several-machines describes it: three NATS
 * servers with routes and JetStream (the stream at three replicas), a Postgres primary and a
 * streaming replica the reads go to, API processes and projector processes each started as
 * `npm start` starts them, with a site and its owner made through the API.
 */
export async function startDrillCluster(opts: DrillClusterOptions = {}): Promise<DrillCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'twofold-drill-'));
  const started: { stop(): Promise<void> }[] = [];
  const members: Member[] = [];
  const stopAll = async () => {
    await Promise.all(members.map((m) => m.process()?.stop()));
    for (const s of started.reverse()) await s.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const postgres = await startPostgresPair(dir);
    started.push(postgres);
    const nats = await startNatsCluster(join(dir, 'nats'));
    started.push(nats);
    const prefix = 'drill_';
    const env = {
      DATABASE_URL: postgres.primary.url,
      READ_DATABASE_URL: postgres.replica.url,
      NATS_URL: nats.url,
      ...CLUSTER_SETTINGS,
      STREAM_PREFIX: prefix,
      TRUST_PROXY: 'true',
      POLICY_FETCH_HOURS: '0',
      ...opts.env,
    };
    const member = (role: Member['role'], name: string): Member => {
      let current: ServerProcess | undefined;
      return {
        name,
        role,
        process: () => current,
        async kill() {
          const c = current;
          if (c === undefined || c.exit() !== undefined) return;
          const exited = new Promise((r) => c.child.once('exit', r));
          c.child.kill('SIGKILL');
          await exited;
        },
        async start() {
          const dataDir = join(dir, name);
          await mkdir(dataDir, { recursive: true });
          current = await startServerProcess({
            env: { ...env, TWOFOLD_ROLE: role, DATA_DIR: dataDir },
            ready: role === 'api' ? 'twofold listening' : 'twofold started',
            startTimeoutMs: 120_000,
          });
        },
      };
    };
    const apis = Array.from({ length: opts.apis ?? 2 }, (_, i) => member('api', `api${i + 1}`));
    const projectors = Array.from({ length: opts.projectors ?? 2 }, (_, i) =>
      member('projector', `projector${i + 1}`),
    );
    members.push(...apis, ...projectors);
    // The first migrates and creates the stream; the others find both done.
    await apis[0]!.start();
    await Promise.all([...apis.slice(1), ...projectors].map((m) => m.start()));

    const base = apis[0]!.process()!.url;
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'drill@example.test', password: 'correct horse battery' }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const cookie = registered.headers.getSetCookie()[0]!.split(';')[0]!;
    const created = await fetch(`${base}/api/sites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ domain: 'drill.example' }),
    });
    if (created.status !== 201) throw new Error(`creating the site answered ${created.status}`);
    const siteId = ((await created.json()) as { data: { id: number } }).data.id;

    const db = createPool(postgres.primary.url, 2);
    started.push({ stop: () => db.end() });
    const streamNats = await connectNats(nats.url, 'twofold-drill-observer');
    started.push({ stop: () => streamNats.nc.close() });

    return {
      nats,
      postgres,
      apis,
      projectors,
      partitions: PARTITIONS,
      db,
      siteId,
      cookie,
      prefix,
      apiUrls: () =>
        apis.flatMap((m) => {
          const p = m.process();
          return p && p.exit() === undefined ? [p.url] : [];
        }),
      async foldedAll(timeoutMs = 120_000) {
        await waitFor(
          'the projectors folding the whole stream',
          async () => {
            const s = await pipelineStatus(db, streamNats.jsm, prefix, PARTITIONS);
            return s.ok && s.projections.every((p) => p.lag === 0) ? true : undefined;
          },
          timeoutMs,
        );
      },
      async stored(pathPrefix) {
        const { rows } = await db.query<{ pathname: string; n: number }>(
          `SELECT pathname, count(*) AS n FROM events WHERE site_id = $1 AND pathname LIKE $2
           GROUP BY pathname`,
          [siteId, `${pathPrefix}%`],
        );
        return new Map(rows.map((r) => [r.pathname, r.n]));
      },
      async repeated(keyPrefix) {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (SELECT key FROM hit_keys WHERE site_id = $1 AND key LIKE $2
             GROUP BY key HAVING count(*) > 1) k`,
          [siteId, `${keyPrefix}%`],
        );
        return rows[0]!.n;
      },
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
