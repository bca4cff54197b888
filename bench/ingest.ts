// npm run bench:ingest — /api/track against a bare Fastify 204 route on the same machine, in the
// same run, then the projectors' folding rate over the backlog the load left in the stream.
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import autocannon from 'autocannon';
import { PROJECTIONS } from '../projections/index.js';
import { createMetrics } from '../src/metrics.js';
import { createLogger } from '../src/log.js';
import { connectNats } from '../src/nats/connect.js';
import { ensureStreams } from '../src/nats/ensure-streams.js';
import { Projector } from '../src/projector/projector.js';
import { hitsStreamName } from '../streams/hits.js';
import { type CpuPerRequest, cpuCell, startCpuMeter } from './cpu-meter.js';
import {
  BENCH_PARTITIONS,
  openBench,
  resultRow,
  serveBare,
  serveTwofold,
  siteCheckpoints,
} from './harness.js';
import { type LoadResult, runWrk, runWrkAtRate, wrkInstalled } from './wrk.js';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Unmeasured load before each run: a fresh server process spends its first seconds compiling its
 * hot paths (V8's compiler threads took a third as much CPU per request as the main thread in a
 * cold 5 s run), which measures the start, not the steady state.
 */
const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** How long the projectors fold the backlog the runs left before their rate is taken. */
const FOLD_S = Number(process.env.BENCH_FOLD_SECONDS ?? 60);
/**
 * The closed-loop loads, in connections: each target's peak is its best. A bare route saturates
 * its one core at any of them; ingest answers hits in groups (one upsert and one acknowledged
 * message for all that arrived meanwhile), so more requests in flight make its groups larger and
 * each hit cheaper, and it peaks later. Browsers do not wait for one another: offered more than
 * it serves, a server holds ever more hits in flight, so its peak is what it reaches with many
 * (one API process served 14.5–16.6k hits/s at 256 connections and 20.6–22.6k at 1,024 in
 * interleaved runs, with a sixth of the machine idle at 256).
 */
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '64,256,1024').split(',').map(Number);
/**
 * Rounds over all targets. This machine kind's speed swings by a quarter within minutes (the bare
 * route alone gave 33k and 47k req/s a quarter of an hour apart), and a target measured only in a
 * slow stretch would be judged by it: each target's peak is its best over the rounds, the bare
 * route's alike, and each round's own ratios are printed too.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/** Where the 1-process run writes a CPU profile of the API process (`api-<pid>.cpuprofile`). */
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const CORES = availableParallelism();
/** The API_PROCESSES settings measured: one process (its HTTP thread and ingest thread), one per core. */
const PROCESS_SETTINGS = [...new Set([1, CORES])];
const processesName = (n: number) => (n === 1 ? '1 API process' : `${n} API processes (one per core)`);
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** A public-looking IPv4 address per request, so hits spread over visitors as real traffic does. */
function clientAddress(i: number): string {
  const n = (i * 2654435761) >>> 0;
  return `${11 + (n % 180)}.${(n >>> 8) & 255}.${(n >>> 16) & 255}.${1 + (n % 250)}`;
}

/**
 * NODE_OPTIONS that profile the API process from start to exit. `--cpu-prof` is refused in
 * NODE_OPTIONS and the harness spawns the process, so a preloaded module runs the inspector's
 * profiler instead (one sample per 250 µs; Node's default is 1 ms).
 */
function profileOptions(dir: string): string {
  const code = `import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
const s = new Session();
s.connect();
s.post('Profiler.enable');
s.post('Profiler.setSamplingInterval', { interval: 250 });
s.post('Profiler.start');
process.on('exit', () => s.post('Profiler.stop', (err, r) => {
  if (!err) writeFileSync(${JSON.stringify(dir)} + '/api-' + process.pid + '.cpuprofile', JSON.stringify(r.profile));
}));`;
  return `${process.env.NODE_OPTIONS ?? ''} --import=data:text/javascript,${encodeURIComponent(code)}`.trim();
}

/** The load generators: wrk where installed (it leaves the cores to the servers), and autocannon. */
type Generator = 'wrk' | 'autocannon';
const GENERATORS: Generator[] = wrkInstalled() ? ['wrk', 'autocannon'] : ['autocannon'];
const ADDRESSES = Array.from({ length: 50_000 }, (_, i) => clientAddress(i));
/**
 * Few addresses, each sending well over an API instance's local allowance of a window (16,
 * src/ingest/deps.ts) and under the limit: nearly every hit is counted in Postgres on its way, as a
 * busy office behind one address is. Numbered after ADDRESSES, so no counter is shared with them.
 */
const BUSY_ADDRESSES = Array.from({ length: 2_000 }, (_, i) => clientAddress(ADDRESSES.length + i));
const HEADERS = { 'content-type': 'application/json', 'user-agent': CHROME };

/** Process CPU of this process, µs: autocannon runs in it. */
const ownCpu = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** One load run: `connections` requests in flight for `seconds`, or with `overallRate` a fixed rate. */
interface LoadSpec {
  url: string;
  body: string;
  connections: number;
  seconds: number;
  overallRate?: number;
  addresses?: readonly string[];
}

async function autocannonLoad({
  url,
  body,
  connections,
  seconds,
  overallRate,
  addresses = ADDRESSES,
}: LoadSpec): Promise<LoadResult> {
  let i = 0;
  const before = ownCpu();
  const r = await autocannon({
    url: `${url}/api/track`,
    method: 'POST',
    headers: HEADERS,
    body,
    // Behind TRUST_PROXY=127.0.0.1 the app reads the client from X-Forwarded-For, as behind a proxy.
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, 'x-forwarded-for': addresses[i++ % addresses.length]! },
        }),
      },
    ],
    connections,
    duration: seconds,
    ...(overallRate ? { overallRate } : {}),
  });
  return { ...r, generatorCpu: r.requests.total > 0 ? (ownCpu() - before) / r.requests.total : 0 };
}

/**
 * The run on `generator`. At a fixed rate autocannon paces itself; wrk, which has no rate, pauses
 * each connection between requests (runWrkAtRate).
 */
function load(generator: Generator, spec: LoadSpec): Promise<LoadResult> {
  if (generator === 'autocannon') return autocannonLoad(spec);
  const wrkLoad = {
    url: `${spec.url}/api/track`,
    method: 'POST',
    headers: HEADERS,
    body: spec.body,
    connections: spec.connections,
    seconds: spec.seconds,
    addresses: spec.addresses ?? ADDRESSES,
  } as const;
  return spec.overallRate ? runWrkAtRate(wrkLoad, spec.overallRate) : runWrk(wrkLoad);
}

async function main() {
  if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
  const log = createLogger('warn');
  const bench = await openBench(log);
  const { backends, db, dbUrl, prefix } = bench;
  const body = JSON.stringify({
    s: bench.siteId,
    t: 'pageview',
    u: 'https://bench.example/pricing?utm_source=x',
  });
  const env = {
    DATABASE_URL: dbUrl,
    NATS_URL: backends.natsUrl,
    STREAM_PREFIX: prefix,
    TRUST_PROXY: '127.0.0.1',
  };

  const cpu = new Map<LoadResult, CpuPerRequest>();
  const measured = async (
    generator: Generator,
    server: { url: string; pid: number },
    connections: number,
    overallRate?: number,
    addresses?: readonly string[],
  ) => {
    const spec = { url: server.url, body, connections, overallRate, addresses };
    if (WARMUP_S > 0) await load(generator, { ...spec, seconds: WARMUP_S });
    const meter = await startCpuMeter(server.pid, db);
    const result = await load(generator, { ...spec, seconds: DURATION_S });
    cpu.set(result, await meter.stop(result.requests.total));
    return result;
  };
  const row = (name: string, r: LoadResult) =>
    `${resultRow(name, r)} ${cpuCell(cpu.get(r)!)} · ${r.generatorCpu?.toFixed(0) ?? '?'} |`;

  // Per generator and target (the bare route, twofold with one API process and with one per
  // core), one server loaded at each level of connections in turn.
  const targets = [
    { name: 'bare Fastify 204', processes: 0 },
    ...PROCESS_SETTINGS.map((processes) => ({
      name: `POST /api/track, ${processesName(processes)}`,
      processes,
    })),
  ];
  const runs: {
    round: number;
    generator: Generator;
    target: (typeof targets)[number];
    connections: number;
    result: LoadResult;
  }[] = [];
  for (let round = 1; round <= ROUNDS; round++)
    for (const generator of GENERATORS)
      for (const target of targets) {
        const server =
          target.processes === 0
            ? await serveBare()
            : await serveTwofold(
                PROFILE_DIR && target.processes === 1
                  ? { ...env, NODE_OPTIONS: profileOptions(resolve(PROFILE_DIR)) }
                  : env,
                target.processes,
              );
        for (const connections of CONNECTION_LEVELS)
          runs.push({
            round,
            generator,
            target,
            connections,
            result: await measured(generator, server, connections),
          });
        await server.stop();
      }
  const rate = (r: { result: LoadResult }) => r.result.requests.average;
  const peakOf = (generator: Generator, processes: number[], round?: number) =>
    runs
      .filter(
        (r) =>
          r.generator === generator &&
          processes.includes(r.target.processes) &&
          (round === undefined || r.round === round),
      )
      .reduce((a, b) => (rate(b) > rate(a) ? b : a));
  // Each setting of twofold at half of its own peak (the first generator's), loaded by each
  // generator in turn: a deployment runs one setting, so it is judged by its own peak and its own
  // latency below it. The rate is spread over the fewest connections measured (more only thin out
  // each connection's requests). autocannon spends about as much CPU per request as the server on
  // the same two cores, so its rows say what a busy client does to the latency; wrk's what the
  // server does.
  const halfConnections = Math.min(...CONNECTION_LEVELS);
  const halfRuns: { generator: Generator; processes: number; half: number; result: LoadResult }[] = [];
  for (const processes of PROCESS_SETTINGS) {
    const half = Math.round(rate(peakOf(GENERATORS[0]!, [processes])) / 2);
    const server = await serveTwofold(env, processes);
    for (const generator of GENERATORS)
      halfRuns.push({
        generator,
        processes,
        half,
        result: await measured(generator, server, halfConnections, half),
      });
    await server.stop();
  }
  // The headline's setting again, with hits from busy addresses: what counting in Postgres costs.
  const headline = peakOf(GENERATORS[0]!, PROCESS_SETTINGS);
  const busyServer = await serveTwofold(env, headline.target.processes);
  const busy = await measured(GENERATORS[0]!, busyServer, headline.connections, undefined, BUSY_ADDRESSES);
  await busyServer.stop();

  const nats = await connectNats(backends.natsUrl, 'bench');
  await ensureStreams(nats.jsm, prefix);
  const info = await nats.jsm.streams.info(hitsStreamName(prefix));
  const metrics = createMetrics();
  // The human projections: the agent-only ones have nothing to fold here (bench:edge measures them).
  const human = PROJECTIONS.filter((p) => p.origin !== 'edge');
  const t0 = performance.now();
  const projector = new Projector({ db, nats, prefix, log, metrics }, human, {
    partitions: BENCH_PARTITIONS,
  });
  projector.start();
  let cp = await siteCheckpoints(db, bench.siteId);
  while (
    !human.every((p) => cp.get(p.name) === info.state.last_seq) &&
    performance.now() - t0 < FOLD_S * 1000
  ) {
    await new Promise((r) => setTimeout(r, 20));
    cp = await siteCheckpoints(db, bench.siteId);
  }
  const foldSeconds = (performance.now() - t0) / 1000;
  await projector.stop();
  cp = await siteCheckpoints(db, bench.siteId);
  const folded = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM events')).rows[0]!.n;
  // Stream sequences count messages; raw_events' rows over its checkpoint give hits per message.
  const perMessage = folded / (cp.get('raw_events') ?? 1);
  const slowest = human.reduce((a, b) => ((cp.get(b.name) ?? 0) < (cp.get(a.name) ?? 0) ? b : a));
  const eventsPerSecond = (seq: number) => Math.round((seq * perMessage) / foldSeconds);
  console.log(
    `\n## Ingest (${new Date().toISOString().slice(0, 10)}, ${DURATION_S} s per run after ${WARMUP_S} s of warm-up)\n`,
  );
  console.log(
    '| load generator | target | connections | req/s | p50 ms | p99 ms | non-2xx | CPU µs per request: server · postgres · nats · generator |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of runs)
    console.log(
      row(
        `${r.generator}${ROUNDS > 1 ? `, round ${r.round}` : ''} | ${r.target.name} | ${r.connections}`,
        r.result,
      ),
    );
  for (const h of halfRuns)
    console.log(
      row(
        `${h.generator}, ${h.generator === 'wrk' ? 'paced' : 'fixed rate'} | POST /api/track, ${processesName(h.processes)}, at half its peak (${h.half}/s) | ${halfConnections}`,
        h.result,
      ),
    );
  console.log(
    row(
      `${GENERATORS[0]}, busy addresses | POST /api/track, ${processesName(headline.target.processes)}, from ${BUSY_ADDRESSES.length} addresses | ${headline.connections}`,
      busy,
    ),
  );
  console.log('');
  // Per setting: its peak against the bare route's, and its p99 at half that peak.
  for (const processes of PROCESS_SETTINGS)
    for (const generator of GENERATORS) {
      const peak = peakOf(generator, [processes]);
      const half = halfRuns.find((h) => h.processes === processes && h.generator === generator)!;
      console.log(
        `${processesName(processes)}, ${generator}: peak ratio **${(rate(peak) / rate(peakOf(generator, [0]))).toFixed(2)}** ` +
          `(${Math.round(rate(peak))} req/s at ${peak.connections} connections); at half the first generator's peak ` +
          `(${half.half}/s asked, ${Math.round(rate(half))} reached) p99 **${+half.result.latency.p99.toFixed(1)} ms**`,
      );
    }
  for (const generator of GENERATORS) {
    const bare = peakOf(generator, [0]);
    const ours = peakOf(generator, PROCESS_SETTINGS);
    console.log(
      `peak ratio /api/track ÷ bare (${generator}): **${(rate(ours) / rate(bare)).toFixed(2)}** ` +
        `(${Math.round(rate(ours))} req/s with ${ours.target.processes} API process(es) at ${ours.connections} connections ÷ ` +
        `${Math.round(rate(bare))} req/s at ${bare.connections})`,
    );
  }
  console.log(
    `busy addresses (${GENERATORS[0]}): ${Math.round(rate({ result: busy }))} req/s, ` +
      `${(rate({ result: busy }) / rate(headline)).toFixed(2)} of the headline's peak and ` +
      `${(rate({ result: busy }) / rate(peakOf(GENERATORS[0]!, [0]))).toFixed(2)} of the bare route's`,
  );
  if (ROUNDS > 1)
    for (const processes of PROCESS_SETTINGS)
      for (const generator of GENERATORS) {
        const ratios = Array.from({ length: ROUNDS }, (_, i) => {
          const round = i + 1;
          return (rate(peakOf(generator, [processes], round)) / rate(peakOf(generator, [0], round))).toFixed(
            2,
          );
        });
        console.log(
          `${processesName(processes)}, ${generator}: peak ratio in each round alone ${ratios.join(' · ')}`,
        );
      }
  console.log(
    `stream: ${info.state.messages} messages; ${perMessage.toFixed(1)} hits per acknowledged message in the part raw_events folded`,
  );
  console.log(
    `projectors (${human.map((p) => p.name).join(' + ')}, concurrently, ${foldSeconds.toFixed(0)} s` +
      `${cp.get(slowest.name) === info.state.last_seq ? ', the whole backlog' : ` of the backlog (BENCH_FOLD_SECONDS)`}): ` +
      human.map((p) => `${p.name} ${eventsPerSecond(cp.get(p.name) ?? 0)}`).join(', ') +
      ` events/s; the slowest, ${slowest.name}: **${eventsPerSecond(cp.get(slowest.name) ?? 0)} events/s**`,
  );

  await nats.nc.close();
  await bench.close();
}

await main();
