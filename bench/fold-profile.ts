// npx tsx bench/fold-profile.ts — where folding's time goes: the bench:fold events (bench/fold-data.ts)
// decoded, then folded one projection at a time in batches, with each projection's `load`, its
// pure `fold` and every statement timed apart, in wall time and (on Linux) in CPU time: the fold's
// thread folding, the Postgres backend running the statements, and the fold's thread sending them;
// first, the projector's step of repeated hits over the same events, every hit keyed.
// BENCH_FOLD_EVENTS (40,000) and BENCH_FOLD_BATCH (4,000 events) set the size; BENCH_FOLD_ONLY=<name> profiles one projection.
import { randomBytes } from 'node:crypto';
import { PROJECTIONS } from '../projections/index.js';
import type { Sequenced } from '../projections/projection.js';
import { runStatement } from '../src/db/copy.js';
import { withTransaction } from '../src/db/transaction.js';
import type { DecodedMessage } from '../src/projector/fold-batch.js';
import { dropRepeatedHits } from '../src/projector/repeated-hits.js';
import { createLogger } from '../src/log.js';
import { decodeBatch, type StreamEvent } from '../streams/events.js';
import { designedEvents } from './fold-data.js';
import { cpuNanoseconds } from './cpu-meter.js';
import { openBench } from './harness.js';

const EVENTS = Number(process.env.BENCH_FOLD_EVENTS ?? 40_000);
const BATCH = Number(process.env.BENCH_FOLD_BATCH ?? 4_000);
const MESSAGE_EVENTS = 40;
/** BENCH_FOLD_ONLY=name: that projection alone. */
const ONLY = process.env.BENCH_FOLD_ONLY;

const bench = await openBench(createLogger('warn'));

/**
 * The projector's step before the projections (src/projector/repeated-hits.ts) over the same events
 * in the same batches, every people's hit with a key of its own: wall and CPU time an event, this
 * thread's and the Postgres backend's. The step runs on one client, as the worker runs it.
 */
async function profileRepeatedHits(events: readonly StreamEvent[]) {
  const keyed = events.map((e) =>
    e.type === 'HitRecorded' ? { ...e, key: randomBytes(12).toString('base64url') } : e,
  );
  const messages: DecodedMessage[] = [];
  for (let i = 0; i < keyed.length; i += MESSAGE_EVENTS)
    messages.push({ seq: i / MESSAGE_EVENTS + 1, events: keyed.slice(i, i + MESSAGE_EVENTS), origin: null });
  const perBatch = BATCH / MESSAGE_EVENTS;
  const client = await bench.db.connect();
  try {
    const backend: number = (await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const c0 = cpuNanoseconds('thread-self') ?? 0;
    const b0 = cpuNanoseconds(backend) ?? 0;
    const t0 = performance.now();
    for (let i = 0; i < messages.length; i += perBatch)
      await dropRepeatedHits(
        client,
        messages.slice(i, i + perBatch).map((m) => ({ ...m, events: [...m.events!] })),
      );
    const us = (ms: number) => ((ms * 1000) / keyed.length).toFixed(1);
    console.log(
      `repeated hits (every hit keyed): ${us(performance.now() - t0)} µs an event, CPU ${us(((cpuNanoseconds('thread-self') ?? 0) - c0) / 1e6)} here / ${us(((cpuNanoseconds(backend) ?? 0) - b0) / 1e6)} Postgres`,
    );
  } finally {
    client.release();
  }
}
try {
  const events: StreamEvent[] = [];
  for (const day of designedEvents(EVENTS, bench.siteId)) events.push(...day.hits, ...day.fetches);
  const messages: string[] = [];
  for (let i = 0; i < events.length; i += MESSAGE_EVENTS)
    messages.push(JSON.stringify({ v: 1, events: events.slice(i, i + MESSAGE_EVENTS) }));
  const d0 = performance.now();
  for (const m of messages) decodeBatch(m);
  console.log(`decoding: ${(((performance.now() - d0) * 1000) / events.length).toFixed(1)} µs an event`);
  await profileRepeatedHits(events);
  const stream: Sequenced[] = events.map((event, i) => ({ seq: Math.floor(i / MESSAGE_EVENTS) + 1, event }));
  console.log(
    '\n| projection | events/s alone | load µs/event | fold µs/event | statements µs/event, each | CPU µs/event: fold / Postgres, each statement | CPU µs/event sending the statements |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const p of PROJECTIONS.filter((q) => ONLY === undefined || q.name === ONLY)) {
    let load = 0;
    let fold = 0;
    const statements: number[] = [];
    let foldCpu = 0;
    /** This thread's CPU while a statement runs: writing its parameters, reading the reply. */
    let sendCpu = 0;
    const statementsCpu: number[] = [];
    const t0 = performance.now();
    for (let i = 0; i < stream.length; i += BATCH) {
      const batch = stream.slice(i, i + BATCH);
      await withTransaction(bench.db, async (tx) => {
        const backend: number = (await tx.query('SELECT pg_backend_pid() AS pid')).rows[0].pid;
        let t = performance.now();
        const state = await p.load(tx, batch);
        load += performance.now() - t;
        t = performance.now();
        const c = cpuNanoseconds('thread-self') ?? 0;
        const out = p.fold(batch, state);
        foldCpu += (cpuNanoseconds('thread-self') ?? 0) - c;
        fold += performance.now() - t;
        for (const [k, statement] of out.entries()) {
          t = performance.now();
          const b = cpuNanoseconds(backend) ?? 0;
          const s = cpuNanoseconds('thread-self') ?? 0;
          await runStatement(tx, statement);
          sendCpu += (cpuNanoseconds('thread-self') ?? 0) - s;
          statementsCpu[k] = (statementsCpu[k] ?? 0) + (cpuNanoseconds(backend) ?? 0) - b;
          statements[k] = (statements[k] ?? 0) + performance.now() - t;
        }
      });
    }
    const perEvent = (ms: number) => ((ms * 1000) / stream.length).toFixed(1);
    const all = statements.reduce((a, b) => a + b, 0);
    const cpu = (ns: number) => perEvent(ns / 1e6);
    const pg = statementsCpu.reduce((a, b) => a + b, 0);
    console.log(
      `| ${p.name} | ${Math.round((stream.length * 1000) / (performance.now() - t0))} | ${perEvent(load)} | ${perEvent(fold)} | ${perEvent(all)}: ${statements.map(perEvent).join(', ')} | ${cpu(foldCpu)} / ${cpu(pg)}: ${statementsCpu.map(cpu).join(', ')} | ${cpu(sendCpu)} |`,
    );
  }
} finally {
  await bench.close();
}
