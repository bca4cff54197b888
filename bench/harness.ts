// What every benchmark shares: its own database and stream prefix on the configured (or embedded)
// servers, a bare Fastify baseline and the real API role, each in a process of its own.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { HTTP_PROCESS_FLAGS } from '../src/cluster.js';
import { migrate } from '../src/db/migrate.js';
import { createPool } from '../src/db/pool.js';
import { type Backends, startBackends } from '../src/embedded/backends.js';
import { startEmbeddedPostgres } from '../src/embedded/postgres.js';
import type { Logger } from '../src/log.js';
import { connectNats } from '../src/nats/connect.js';
import { readCheckpoints } from '../src/projector/checkpoint.js';
import { hitsStreamName } from '../streams/hits.js';
import { partitionOf } from '../streams/subjects.js';
import type { LoadResult } from './wrk.js';

const BARE = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

export interface Bench {
  backends: Backends;
  db: pg.Pool;
  dbUrl: string;
  prefix: string;
  siteId: number;
  ingestKey: string;
  close(): Promise<void>;
}

export interface BenchDatabase {
  db: pg.Pool;
  url: string;
  /** Whether this call created the database (else it existed and was only migrated). */
  created: boolean;
  drop(): Promise<void>;
}

/** The database `name` on the server at `serverUrl`, created unless it exists, migrated. */
export async function openDatabase(serverUrl: string, name: string): Promise<BenchDatabase> {
  const admin = createPool(serverUrl, 1);
  let exists: boolean;
  try {
    exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createPool(url.toString(), 8);
  await migrate(db);
  return {
    db,
    url: url.toString(),
    created: !exists,
    async drop() {
      await db.end();
      const admin = createPool(serverUrl, 1);
      await admin.query(`DROP DATABASE ${name} WITH (FORCE)`).finally(() => admin.end());
    },
  };
}

/** One user and the site `bench.example`; returns the site's id. */
export async function insertBenchSite(db: pg.Pool, ingestKey: string): Promise<number> {
  const user = await db.query<{ id: number }>(
    "INSERT INTO users (email, password_hash) VALUES ('bench@example.com', 'x') RETURNING id",
  );
  const site = await db.query<{ id: number }>(
    `INSERT INTO sites (owner_id, domain, hostnames, ingest_key) VALUES ($1, 'bench.example', '{bench.example}', $2)
     RETURNING id`,
    [user.rows[0]!.id, ingestKey],
  );
  return site.rows[0]!.id;
}

/** A fresh database (migrated, one user and site `bench.example`) and stream prefix for one run. */
export async function openBench(log: Logger): Promise<Bench> {
  const dataDir = await mkdtemp(join(tmpdir(), 'twofold-bench-'));
  const backends = await startBackends({
    databaseUrl: process.env.DATABASE_URL || undefined,
    natsUrl: process.env.NATS_URL || undefined,
    dataDir,
    log,
  });
  const prefix = `bench${Date.now().toString(36)}_`;
  const database = await openDatabase(backends.databaseUrl, prefix.slice(0, -1));
  const ingestKey = 'bench-ingest-key';
  return {
    backends,
    db: database.db,
    dbUrl: database.url,
    prefix,
    siteId: await insertBenchSite(database.db, ingestKey),
    ingestKey,
    async close() {
      const nats = await connectNats(backends.natsUrl, 'bench-cleanup');
      await nats.jsm.streams.delete(hitsStreamName(prefix)).catch(() => {});
      await nats.nc.close();
      await database.drop();
      await backends.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The Postgres server of DATABASE_URL, or an embedded one in a scratch directory that `stop`
 * removes (with every database in it), for benchmarks that need no NATS.
 */
export async function startBenchPostgres(log: Logger): Promise<{ url: string; stop(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const dataDir = await mkdtemp(join(tmpdir(), 'twofold-bench-'));
  const server = await startEmbeddedPostgres({ dataDir, log });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The bare Fastify baseline, with the V8 flags twofold's HTTP processes get, so only the app differs. */
export async function serveBare() {
  const child = spawn(process.execPath, [...HTTP_PROCESS_FLAGS, '--import', 'tsx', BARE], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url, pid: child.pid!, stop: () => new Promise((r) => child.once('exit', r).kill('SIGTERM')) };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** The real API role, started as `npm start` starts it, with `processes` HTTP processes. */
export async function serveTwofold(env: Record<string, string>, processes: number) {
  const port = await freePort();
  const child = spawn(process.execPath, [...HTTP_PROCESS_FLAGS, '--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      TWOFOLD_ROLE: 'api',
      LOG_LEVEL: 'warn',
      API_PROCESSES: String(processes),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (i > 200) throw new Error('twofold did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, pid: child.pid!, stop: () => new Promise((r) => child.once('exit', r).kill('SIGTERM')) };
}

/** One markdown table row of a load run (autocannon's result or wrk's). */
export const resultRow = (name: string, r: LoadResult) =>
  `| ${name} | ${Math.round(r.requests.average)} | ${+r.latency.p50.toFixed(1)} | ${+r.latency.p99.toFixed(1)} | ${r.non2xx} |`;

/** The benches' partition count: an installation's default, so the one bench site is in one partition. */
export const BENCH_PARTITIONS = 16;

/** Each projection's checkpoint of the partition of `site` (the benches fold one site), 0 where none. */
export async function siteCheckpoints(db: pg.Pool, site: number): Promise<Map<string, number>> {
  const part = partitionOf(site, BENCH_PARTITIONS);
  return new Map([...(await readCheckpoints(db))].map(([name, units]) => [name, units.get(part) ?? 0]));
}
