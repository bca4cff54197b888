// The ingest thread: the whole hit pipeline (validation, enrichment, the rate limit, the append)
// on connections of its own, for the requests the HTTP thread hands over (./gate.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { createPool } from '../../db/pool.js';
import { openGeoOnce } from '../../enrich/open-geo-once.js';
import { Appender } from '../../nats/append.js';
import { connectNats } from '../../nats/connect.js';
import { createIngestDeps } from '../deps.js';
import { handleHitRequests, type HitAnswer, type HitRequest, STORED } from '../handle.js';
import type { IngestDeps } from '../pipeline.js';
import {
  CountingTally,
  type FromThread,
  type IngestThreadData,
  reportUncaught,
  type ToThread,
  unpackHits,
} from './protocol.js';

const data = workerData as IngestThreadData;
const port = parentPort!;
const post = (m: FromThread) => port.postMessage(m);
reportUncaught(post);

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
  deps = createIngestDeps(db, new Appender(nats.js), geo, data.layout);
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
  const ids: number[] = [];
  const requests: HitRequest[] = [];
  unpackHits(m.hits, (id, r) => {
    ids.push(id);
    requests.push(r);
  });
  void run(ids, requests);
});

/** A part of hits, handled together: one rate-limit call and one append for all of them. */
async function run(ids: readonly number[], requests: readonly HitRequest[]): Promise<void> {
  inHand += ids.length;
  let answered: HitAnswer[];
  try {
    answered = await handleHitRequests(deps ?? (await opened).deps, requests, tally);
  } catch (err) {
    // handleHitRequests answers every failure itself; this is for one it did not foresee, so
    // that no hit of the part is left waiting.
    const failure = err instanceof Error ? err.message : String(err);
    answered = requests.map(() => ({ status: 503, failure }));
  }
  inHand -= ids.length;
  // Answers that settle in the same turn (one acknowledgement answers many parts) leave together.
  const idle = stored.length + answers.length === 0;
  answered.forEach((answer, k) => {
    if (answer === STORED) stored.push(ids[k]!);
    else answers.push([ids[k]!, answer]);
  });
  if (idle) setImmediate(flushAnswers);
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
