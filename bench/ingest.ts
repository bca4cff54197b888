// npm run bench:ingest — /api/track against a bare Fastify 204 route on the same machine, in the
// same run, then the projectors' folding rate over the backlog the load left in the stream.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { PROJECTIONS } from '../projections/index.js';
import { migrate } from '../src/db/migrate.js';
import { createPool } from '../src/db/pool.js';
import { startBackends } from '../src/embedded/backends.js';
import { createMetrics } from '../src/http/metrics.js';
import { createLogger } from '../src/log.js';
import { connectNats } from '../src/nats/connect.js';
import { ensureStreams } from '../src/nats/ensure-streams.js';
import { readCheckpoints } from '../src/projector/checkpoint.js';
import { ProjectorWorker } from '../src/projector/worker.js';
import { hitsStreamName } from '../streams/hits.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const BARE = fileURLToPath(new URL('./bare-server.ts', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const CORES = availableParallelism();
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

async function serveBare() {
  const child = spawn(process.execPath, ['--import', 'tsx', BARE], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url, stop: () => new Promise((r) => child.once('exit', r).kill('SIGTERM')) };
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
async function serveTwofold(env: Record<string, string>, processes: number) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
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
  return { url, stop: () => new Promise((r) => child.once('exit', r).kill('SIGTERM')) };
}

/** A public-looking IPv4 address per request, so hits spread over visitors as real traffic does. */
function clientAddress(i: number): string {
  const n = (i * 2654435761) >>> 0;
  return `${11 + (n % 180)}.${(n >>> 8) & 255}.${(n >>> 16) & 255}.${1 + (n % 250)}`;
}

function load(url: string, body: string, overallRate?: number) {
  let i = 0;
  return autocannon({
    url: `${url}/api/track`,
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': CHROME },
    body,
    // Behind TRUST_PROXY=127.0.0.1 the app reads the client from X-Forwarded-For, as behind a proxy.
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'x-forwarded-for': clientAddress(i++ % 50_000) },
        }),
      },
    ],
    connections: CONNECTIONS,
    duration: DURATION_S,
    ...(overallRate ? { overallRate } : {}),
  });
}

const row = (name: string, r: autocannon.Result) =>
  `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p50} | ${r.latency.p99} | ${r.non2xx} |`;

async function main() {
  const log = createLogger('warn');
  const dataDir = await mkdtemp(join(tmpdir(), 'twofold-bench-'));
  const backends = await startBackends({
    databaseUrl: process.env.DATABASE_URL || undefined,
    natsUrl: process.env.NATS_URL || undefined,
    dataDir,
    log,
  });
  const prefix = `bench${Date.now().toString(36)}_`;
  const dbName = prefix.slice(0, -1);
  const admin = createPool(backends.databaseUrl, 1);
  await admin.query(`CREATE DATABASE ${dbName}`);
  const dbUrl = new URL(backends.databaseUrl);
  dbUrl.pathname = `/${dbName}`;
  const db = createPool(dbUrl.toString(), 8);
  await migrate(db);
  const user = await db.query<{ id: number }>(
    "INSERT INTO users (email, password_hash) VALUES ('bench@example.com', 'x') RETURNING id",
  );
  const site = await db.query<{ id: number }>(
    `INSERT INTO sites (owner_id, domain, hostnames, ingest_key) VALUES ($1, 'bench.example', '{bench.example}', 'k')
     RETURNING id`,
    [user.rows[0]!.id],
  );
  const body = JSON.stringify({
    s: site.rows[0]!.id,
    t: 'pageview',
    u: 'https://bench.example/pricing?utm_source=x',
  });
  const env = {
    DATABASE_URL: dbUrl.toString(),
    NATS_URL: backends.natsUrl,
    STREAM_PREFIX: prefix,
    TRUST_PROXY: '127.0.0.1',
  };

  const bare = await serveBare();
  const bareResult = await load(bare.url, body);
  await bare.stop();
  const single = await serveTwofold(env, 1);
  const singleResult = await load(single.url, body);
  await single.stop();
  const ours = await serveTwofold(env, CORES);
  const ourResult = await load(ours.url, body);
  const half = Math.round(ourResult.requests.average / 2);
  const halfResult = await load(ours.url, body, half);
  await ours.stop();

  const nats = await connectNats(backends.natsUrl, 'bench');
  await ensureStreams(nats.jsm, prefix);
  const info = await nats.jsm.streams.info(hitsStreamName(prefix));
  const metrics = createMetrics();
  const t0 = performance.now();
  const workers = PROJECTIONS.map((p) => new ProjectorWorker({ db, nats, prefix, log, metrics }, p));
  for (const w of workers) await w.start();
  for (;;) {
    const cp = await readCheckpoints(db);
    if (PROJECTIONS.every((p) => cp.get(p.name) === info.state.last_seq)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const foldSeconds = (performance.now() - t0) / 1000;
  for (const w of workers) await w.stop();
  const folded = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;

  const ratio = ourResult.requests.average / bareResult.requests.average;
  const singleRatio = singleResult.requests.average / bareResult.requests.average;
  console.log(
    `\n## Ingest (${new Date().toISOString().slice(0, 10)}, ${DURATION_S} s per run, ${CONNECTIONS} connections)\n`,
  );
  console.log('| target | req/s | p50 ms | p99 ms | non-2xx |');
  console.log('|---|---|---|---|---|');
  console.log(row('bare Fastify 204', bareResult));
  console.log(row('POST /api/track, 1 API process', singleResult));
  console.log(row(`POST /api/track, ${CORES} API processes (one per core)`, ourResult));
  console.log(row(`POST /api/track, ${CORES} processes, at half peak (${half}/s)`, halfResult));
  console.log(
    `\nratio /api/track ÷ bare: **${ratio.toFixed(2)}** with ${CORES} processes, ${singleRatio.toFixed(2)} with 1`,
  );
  console.log(
    `stream: ${info.state.messages} messages holding ${folded} events (${(folded / info.state.messages).toFixed(1)} hits per acknowledged message)`,
  );
  console.log(
    `projectors (${PROJECTIONS.map((p) => p.name).join(' + ')}, concurrently): ${folded} events in ${foldSeconds.toFixed(2)} s = **${Math.round(folded / foldSeconds)} events/s** per projection`,
  );

  await nats.jsm.streams.delete(hitsStreamName(prefix)).catch(() => {});
  await nats.nc.close();
  await db.end();
  await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  await admin.end();
  await backends.stop();
  await rm(dataDir, { recursive: true, force: true });
}

await main();
