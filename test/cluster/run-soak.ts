/*
 * `npm run soak`: the cluster of the fault drills (three NATS servers with the stream at three
 * replicas, a Postgres primary and replica, two API processes and two projectors) held at half
 * its peak ingest rate for 30 minutes, the projectors folding and the People tab's reads sent
 * every 5 s; each minute a row of hits/s, p99s, projector lag and every process's memory, then
 * each process's memory growth after minute 5 (mean RSS of the last five minutes against minutes
 * 6-10; docs/operations.md#soak).
 * SOAK_MINUTES (30), SOAK_RATE (hits/s; unset: half the peak a 20 s load finds first),
 * SOAK_SITES (8 sites, in different partitions, the hits spread evenly), SOAK_READ_EVERY_MS (5000).
 * Exits 1 when any process's memory (API, projector, NATS server) grew 10 % or more after minute 5.
 */
import { startDrillCluster } from '../support/cluster/drill-cluster.js';
import {
  memoryGrowth,
  peakRate,
  type SoakMinute,
  soak,
  soakSites,
  soakTable,
} from '../support/cluster/soak.js';
import { sleep } from '../support/cluster/wait.js';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const readEveryMs = Number(process.env.SOAK_READ_EVERY_MS ?? 5000);
const cluster = await startDrillCluster();
let rows: SoakMinute[] = [];
try {
  const sites = await soakSites(cluster, Number(process.env.SOAK_SITES ?? 8));
  let rate = Number(process.env.SOAK_RATE ?? 0);
  if (!(rate > 0)) {
    const peak = await peakRate(cluster, sites, 20);
    rate = Math.round(peak / 2);
    console.error(
      `peak: ${peak} hits/s answered 204 by ${cluster.apis.length} API processes; soaking at ${rate}`,
    );
    // The peak's backlog folded first, so the first minute's lag is the soak's own.
    await cluster.foldedAll(600_000);
    await sleep(1000);
  }
  rows = await soak(cluster, {
    sites,
    minutes,
    rate,
    readEveryMs,
    onMinute: (m) => console.error(JSON.stringify(m)),
  });
} finally {
  await cluster.stop();
}
console.log(soakTable(rows));
const growth = memoryGrowth(rows);
console.log(`\nmemory growth after minute 5: ${JSON.stringify(growth)}`);
const grown = Object.entries(growth).filter(([, g]) => g >= 0.1);
for (const [name, g] of grown) console.error(`${name}: memory grew ${(g * 100).toFixed(1)} % after minute 5`);
process.exit(grown.length > 0 ? 1 : 0);
