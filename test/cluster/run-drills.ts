/*
 * `npm run drill`: every fault drill of docs/operations.md#fault-drills on one cluster started on
 * this machine (three NATS servers, a Postgres primary and replica, two API processes and a
 * projector), one after another, then a table of what the clients sent and what was stored.
 * DRILLS=drill3,drill1 runs only those. Exits 1 when a drill fails (drillFailures).
 */
import { startDrillCluster } from '../support/cluster/drill-cluster.js';
import {
  type DrillResult,
  ALL_DRILLS,
  drillFailures,
  drillTable,
  runDrill,
} from '../support/cluster/drills.js';

const wanted = process.env.DRILLS?.split(',').map((s) => s.trim());
const drills = ALL_DRILLS.filter((d) => wanted === undefined || wanted.includes(d.id));
const startedAt = Date.now();
const cluster = await startDrillCluster();
console.error(`cluster up in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
const results: DrillResult[] = [];
try {
  for (const d of drills) {
    console.error(`${d.id}: ${d.fault}`);
    const r = await runDrill(cluster, d);
    console.error(
      `${d.id}: ${JSON.stringify({ ...r, lost: r.lost.length, duplicated: r.duplicated.length, doubtful: new Set(r.doubtful).size })}`,
    );
    results.push(r);
  }
} finally {
  await cluster.stop();
}
console.log(drillTable(results));
const failed = results.flatMap((r) => drillFailures(r).map((f) => `${r.drill}: ${f}`));
for (const f of failed) console.error(f);
process.exit(failed.length > 0 ? 1 : 0);
