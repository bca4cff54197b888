// npx tsx bench/fold-profile.ts — where folding's time goes: the bench:fold events (bench/fold-data.ts)
// decoded, then folded one projection at a time in batches, with each projection's `load`, its
// pure `fold` and every statement timed apart, in wall time and (on Linux) in CPU time: the fold's
// thread folding, the Postgres backend running the statements, and the fold's thread sending them.
// BENCH_FOLD_EVENTS (40,000) and BENCH_FOLD_BATCH (4,000 events) set the size.
import { PROJECTIONS } from '../projections/index.js';
import type { Sequenced } from '../projections/projection.js';
import { runStatement } from '../src/db/copy.js';
import { withTransaction } from '../src/db/transaction.js';
import { createLogger } from '../src/log.js';
import { decodeBatch, type StreamEvent } from '../streams/events.js';
import { designedEvents } from './fold-data.js';
import { cpuNanoseconds } from './cpu-meter.js';
import { openBench } from './harness.js';

const EVENTS = Number(process.env.BENCH_FOLD_EVENTS ?? 40_000);
const BATCH = Number(process.env.BENCH_FOLD_BATCH ?? 4_000);
const MESSAGE_EVENTS = 40;

const bench = await openBench(createLogger('warn'));
try {
  const events: StreamEvent[] = [];
  for (const day of designedEvents(EVENTS, bench.siteId)) events.push(...day.hits, ...day.fetches);
  const messages: string[] = [];
  for (let i = 0; i < events.length; i += MESSAGE_EVENTS)
    messages.push(JSON.stringify({ v: 1, events: events.slice(i, i + MESSAGE_EVENTS) }));
  const d0 = performance.now();
  for (const m of messages) decodeBatch(m);
  console.log(`decoding: ${(((performance.now() - d0) * 1000) / events.length).toFixed(1)} µs an event`);
  const stream: Sequenced[] = events.map((event, i) => ({ seq: Math.floor(i / MESSAGE_EVENTS) + 1, event }));
  console.log(
    '\n| projection | events/s alone | load µs/event | fold µs/event | statements µs/event, each | CPU µs/event: fold / Postgres, each statement | CPU µs/event sending the statements |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const p of PROJECTIONS) {
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
