// npm run bench:fold — folding every projection at once: appends generated people's hits and agent
// fetches to a fresh stream, folds them live (one worker per projection, as before the fold group,
// then the fold group, each into empty tables), then rebuilds every projection from the stream.
// BENCH_FOLD_KEYS=1 gives every people's hit a hit key and appends every 100th message of them a
// second time (a client's retry: 1 % of those hits in the stream twice, folded once).
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type pg from 'pg';
import { PROJECTIONS } from '../projections/index.js';
import { createLogger } from '../src/log.js';
import { createMetrics } from '../src/metrics.js';
import { connectNats, type Nats } from '../src/nats/connect.js';
import { ensureStreams } from '../src/nats/ensure-streams.js';
import { rebuildProgressLine } from '../src/projector/progress-line.js';
import { rebuildProjections } from '../src/projector/rebuild.js';
import { Projector } from '../src/projector/projector.js';
import type { WorkerDeps } from '../src/projector/worker.js';
import type { StreamEvent } from '../streams/events.js';
import { hitsStreamName } from '../streams/hits.js';
import { encodeMessage } from '../streams/message-codec.js';
import { type StreamOrigin, subjectFor } from '../streams/subjects.js';
import { startCpuMeter } from './cpu-meter.js';
import { designedEvents } from './fold-data.js';
import { BENCH_PARTITIONS, openBench, siteCheckpoints } from './harness.js';
import { HITS_PER_MESSAGE } from './read-load.js';

const EVENTS = Number(process.env.BENCH_FOLD_EVENTS ?? 300_000);
const KEYS = process.env.BENCH_FOLD_KEYS === '1';
/** BENCH_FOLD_REBUILD_ONLY=1: the rebuild alone, without the live fold first. */
const REBUILD_ONLY = process.env.BENCH_FOLD_REBUILD_ONLY === '1';
/** An edge shipment's rows: one stream message. */
const ROWS_PER_EDGE_MESSAGE = 500;
const TEN_MILLION = 10_000_000;

/** The designed events, day by day, as stream messages: people's hits 40 a message, then the day's edge shipments. */
async function appendDesigned(nats: Nats, prefix: string, site: number): Promise<number> {
  let pending: Promise<unknown>[] = [];
  let appended = 0;
  const publish = async (origin: StreamOrigin, events: StreamEvent[]) => {
    pending.push(
      nats.js.publish(
        subjectFor({ prefix, partitions: BENCH_PARTITIONS }, site, origin),
        encodeMessage(JSON.stringify({ v: 1, events })),
        // A shared machine's server may take seconds to answer 256 publishes at once.
        { timeout: 60_000 },
      ),
    );
    appended += events.length;
    if (pending.length >= 256) {
      await Promise.all(pending);
      pending = [];
    }
  };
  let messages = 0;
  for (const { hits, fetches } of designedEvents(EVENTS, site)) {
    if (KEYS) for (const h of hits) h.key = randomBytes(12).toString('base64url');
    for (let i = 0; i < hits.length; i += HITS_PER_MESSAGE) {
      await publish('human', hits.slice(i, i + HITS_PER_MESSAGE));
      if (KEYS && ++messages % 100 === 0) await publish('human', hits.slice(i, i + HITS_PER_MESSAGE));
    }
    for (let i = 0; i < fetches.length; i += ROWS_PER_EDGE_MESSAGE)
      await publish('edge', fetches.slice(i, i + ROWS_PER_EDGE_MESSAGE));
  }
  await Promise.all(pending);
  return appended;
}

/** Starts the projector and times it until every projection's checkpoint of the site's partition is the stream's last sequence. */
async function foldLive(db: pg.Pool, projector: Projector, site: number, last: number): Promise<number> {
  const t0 = performance.now();
  projector.start();
  for (;;) {
    const cp = await siteCheckpoints(db, site);
    if (PROJECTIONS.every((p) => cp.get(p.name) === last)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const seconds = (performance.now() - t0) / 1000;
  await projector.stop();
  return seconds;
}

async function main() {
  const log = createLogger('warn');
  const bench = await openBench(log);
  const nats = await connectNats(bench.backends.natsUrl, 'bench-fold');
  try {
    await ensureStreams(nats.jsm, bench.prefix);
    const a0 = performance.now();
    const events = await appendDesigned(nats, bench.prefix, bench.siteId);
    const info = await nats.jsm.streams.info(hitsStreamName(bench.prefix));
    const last = info.state.last_seq;
    console.log(
      `appended ${events.toLocaleString('en-US')} events in ${last.toLocaleString('en-US')} messages (${(info.state.bytes / 1e6).toFixed(1)} MB) in ${((performance.now() - a0) / 1000).toFixed(1)} s`,
    );
    // The workers' own pool, as a projector process has (src/server.ts: 20 connections).
    const deps: WorkerDeps = { db: bench.db, nats, prefix: bench.prefix, log, metrics: createMetrics() };
    const rows: string[] = [];
    // On a shared machine the rate follows whatever else runs; the CPU an event costs moves far less.
    const measured = async (what: string, run: () => Promise<unknown>) => {
      const meter = await startCpuMeter(process.pid, bench.db);
      const load = loadavg()[0]!;
      const t0 = performance.now();
      await run();
      const seconds = (performance.now() - t0) / 1000;
      const cpu = await meter.stop(events);
      const rate = events / seconds;
      rows.push(
        `| ${what} | ${events.toLocaleString('en-US')} | ${seconds.toFixed(1)} | **${Math.round(rate).toLocaleString('en-US')}** | ${(TEN_MILLION / rate / 60).toFixed(1)} | ${cpu.server.toFixed(0)} · ${cpu.postgres.toFixed(0)} | ${load.toFixed(1)} |`,
      );
      console.log(rows.at(-1));
    };
    if (!REBUILD_ONLY)
      await measured("live, one projector (the fold group of the site's partition)", () =>
        foldLive(
          bench.db,
          new Projector(deps, PROJECTIONS, { partitions: BENCH_PARTITIONS }),
          bench.siteId,
          last,
        ),
      );
    await measured('rebuild of all, one pass', () =>
      rebuildProjections({ ...deps, partitions: BENCH_PARTITIONS }, PROJECTIONS, {
        onProgress: (p) => console.log(rebuildProgressLine(p)),
        progressEveryMs: 10_000,
      }),
    );

    console.log(
      `\n### Folding every projection (${PROJECTIONS.length}), ${events.toLocaleString('en-US')} events\n`,
    );
    console.log(
      '| runner | events | seconds | events/s | minutes for 10 M at this rate | CPU µs an event: bench process · Postgres backends | load average at start |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(r);
  } finally {
    await nats.nc.close();
    await bench.close();
  }
}

await main();
