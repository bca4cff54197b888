// The ingest thread: the whole hit pipeline (validation, enrichment, the rate limit, the append)
// on connections of its own, for the requests the HTTP thread hands over (./gate.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { createPool } from '../../db/pool.js';
import { openGeoOnce } from '../../enrich/open-geo-once.js';
import { Appender } from '../../nats/append.js';
import { connectNats } from '../../nats/connect.js';
import { createIngestDeps } from '../deps.js';
import { handleHitRequest, type HitAnswer, type HitRequest, STORED } from '../handle.js';
import type { IngestDeps } from '../pipeline.js';
import {
  CountingTally,
  type FromThread,
  type IngestThreadData,
  type ToThread,
  unpackHits,
} from './protocol.js';

const data = workerData as IngestThreadData;
const port = parentPort!;
const post = (m: FromThread) => port.postMessage(m);

const tally = new CountingTally();
let stored: number[] = [];
let answers: [number, HitAnswer][] = [];
let inHand = 0;
let closing = false;
let finished = false;
let deps: IngestDeps | undefined;

const opened = (async () => {
  const db = createPool(data.databaseUrl, 4);
  const nats = await connectNats(data.natsUrl, 'twofold-ingest');
  const geo = await openGeoOnce(data.cityDbPaths);
  deps = createIngestDeps(db, new Appender(nats.js), geo, data.prefix);
  return {
    deps,
    async close() {
      await nats.nc.drain().catch(() => {});
      await db.end();
    },
  };
})();
opened.then(
  () => post({ ready: true }),
  (err: unknown) => {
    post({ fatal: err instanceof Error ? err.message : String(err) });
    process.exit(1);
  },
);

port.on('message', (m: ToThread) => {
  if ('close' in m) {
    closing = true;
    finishIfIdle();
    return;
  }
  unpackHits(m.hits, (id, r) => void run(id, r));
});

async function run(id: number, r: HitRequest): Promise<void> {
  inHand++;
  const answer = await handleHitRequest(deps ?? (await opened).deps, r, tally);
  inHand--;
  // Answers that settle in the same turn (one acknowledgement answers many hits) leave together.
  if (answer === STORED) stored.push(id);
  else answers.push([id, answer]);
  if (stored.length + answers.length === 1) setImmediate(flushAnswers);
}

function flushAnswers(): void {
  post({ stored, answers, counts: tally.drain() });
  stored = [];
  answers = [];
  finishIfIdle();
}

function finishIfIdle(): void {
  if (!closing || finished || inHand > 0 || stored.length + answers.length > 0) return;
  finished = true;
  void opened
    .then(
      (o) => o.close(),
      () => {},
    )
    .finally(() => post({ closed: true }));
}
