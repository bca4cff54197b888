/*
 * `npm run soak:nats`: the NATS servers of the soak alone: three nats-server processes at R3 taking `NATS_MEM_RATE`
 * (1,800) messages a second of `NATS_MEM_BYTES` (300) on the 16 partition subjects for
 * `NATS_MEM_MINUTES` (20), each with a message id as ingest sends (`NATS_MEM_IDS=0`: none), the 17
 * fold units' consumers as the projectors make them fetching and acknowledging everything. Prints each
 * minute every server's RSS and the stream's messages, then each server's growth after minute 5
 * (the soak's measure). Separates what the servers hold for the stream from the rest of the soak.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { allUnits } from '../../src/projector/fold-units.js';
import { ensureStreams } from '../../src/nats/ensure-streams.js';
import { hitsStreamName } from '../../streams/hits.js';
import { subjectFor } from '../../streams/subjects.js';
import { startNatsCluster } from '../support/cluster/nats-cluster.js';
import { memoryGrowth, rssMb, type SoakMinute } from '../support/cluster/soak.js';

const minutes = Number(process.env.NATS_MEM_MINUTES ?? 20);
const rate = Number(process.env.NATS_MEM_RATE ?? 1800);
const size = Number(process.env.NATS_MEM_BYTES ?? 300);
const ids = process.env.NATS_MEM_IDS !== '0';
const partitions = 16;

const cluster = await startNatsCluster(await mkdtemp(join(tmpdir(), 'twofold-nats-memory-')));
const nc = await connect({ servers: cluster.url.split(',') });
const jsm = await jetstreamManager(nc);
const js = jetstream(nc);
await ensureStreams(jsm, '', 3);
const stream = hitsStreamName('');

let folded = 0;
const consumers = await Promise.all(
  allUnits('', partitions).map(async (unit) => {
    await jsm.consumers.add(stream, {
      durable_name: `fold_${unit.name}`,
      ack_policy: AckPolicy.All,
      max_ack_pending: 20_000,
      num_replicas: 1,
      mem_storage: true,
      filter_subject: unit.filter,
      deliver_policy: DeliverPolicy.All,
    });
    const messages = await (
      await js.consumers.get(stream, `fold_${unit.name}`)
    ).consume({ max_messages: 500 });
    void (async () => {
      for await (const m of messages) {
        folded++;
        if (messages.getPending() === 0 || folded % 200 === 0) m.ack();
      }
    })();
    return messages;
  }),
);

const body = new TextEncoder().encode('x'.repeat(size));
let sent = 0;
const rows: SoakMinute[] = [];
for (let minute = 1; minute <= minutes; minute++) {
  const end = Date.now() + 60_000;
  const samples: Record<string, number>[] = [];
  let nextSample = Date.now() + 10_000;
  while (Date.now() < end) {
    const tick = Date.now();
    const batch = Array.from({ length: Math.round(rate / 10) }, () => {
      const n = sent++;
      return js.publish(
        subjectFor({ prefix: '', partitions }, (n % 64) + 1, 'human'),
        body,
        ids ? { msgID: `m${n}` } : {},
      );
    });
    await Promise.all(batch);
    if (Date.now() >= nextSample) {
      nextSample += 10_000;
      samples.push(
        Object.fromEntries(cluster.nodes.map((node) => [`nats ${node.name}`, rssMb(node.pid()) ?? 0])),
      );
    }
    await new Promise((r) => setTimeout(r, Math.max(0, tick + 100 - Date.now())));
  }
  const rss: Record<string, number> = {};
  for (const name of Object.keys(samples[0] ?? {}))
    rss[name] = Math.round((samples.reduce((a, s) => a + s[name]!, 0) / samples.length) * 10) / 10;
  const info = await jsm.streams.info(stream);
  rows.push({
    minute,
    hitsPerSecond: 0,
    hitFailures: 0,
    hitP99Ms: 0,
    reads: 0,
    readFailures: 0,
    readP99Ms: 0,
    lagMessages: sent - folded,
    rssMb: rss,
    load: 0,
  });
  console.log(JSON.stringify({ minute, messages: info.state.messages, unfolded: sent - folded, rss }));
}
console.log(`growth after minute 5: ${JSON.stringify(memoryGrowth(rows))}`);
for (const c of consumers) c.stop();
await nc.close();
await cluster.stop();
process.exit(0);
