// npm run bench:storage: the bytes a stored human event takes, in the stream and in Postgres by
// projection (tables and indexes), and the CPU the stream encoding costs a hit. The designed tracker
// hits of bench:read (read-data.ts), at its daily volume (10 M events over 90 days), for
// STORAGE_DAYS days: appended to a stream of their own, and folded through every projection by the
// projections' own code, in stream order, on a database of their own (STORAGE_DB, by default
// twofold_bench_storage; kept with STORAGE_KEEP=1). Needs DATABASE_URL and NATS_URL.
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { createProjections } from '../projections/index.js';
import type { Sequenced } from '../projections/projection.js';
import { loadCatalog } from '../src/catalog/agents.js';
import { withTransaction } from '../src/db/transaction.js';
import { Appender } from '../src/nats/append.js';
import { connectNats, type Nats } from '../src/nats/connect.js';
import { ensureStreams } from '../src/nats/ensure-streams.js';
import { foldEvents } from '../src/projector/fold-batch.js';
import { compactIndexes } from '../src/retention/compact-indexes.js';
import { decodeBatch, type StreamEvent } from '../streams/events.js';
import { hitsStreamName } from '../streams/hits.js';
import { encodeMessage } from '../streams/message-codec.js';
import { subjectFor } from '../streams/subjects.js';
import { BENCH_PARTITIONS, insertBenchSite, openDatabase } from './harness.js';
import { BENCH_DESIGN, type ReadDataDesign } from './read-data.js';
import { dayStream, HITS_PER_MESSAGE } from './read-load.js';

const DAYS = Number(process.env.STORAGE_DAYS ?? 3);
const design: ReadDataDesign = {
  ...BENCH_DESIGN,
  days: DAYS,
  events: Math.round((BENCH_DESIGN.events / BENCH_DESIGN.days) * DAYS),
};
/** Events per fold: about what a worker's 2 MB batch of deflated messages holds. */
const FOLD_EVENTS = 10_000;
/** The size the goals are set at. */
const GOAL_EVENTS = 10_000_000;
/** Tables that hold what a fold needs of sessions and visitors still open (pruned), not figures reads answer. */
const STATE_TABLES = new Set([
  'rollup_session_state',
  'citation_session_state',
  'path_session_state',
  'path_session_numbers',
  'path_visitor_numbers',
  // The walks of the sessions still open, pruned with path_session_state.
  'path_session_walk_keys',
  // dimension_rollup's: each keeps the newest folded day and the one before.
  'dimension_session_state',
  'dimension_visitor_state',
]);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;

function timeMicros(f: () => void): number {
  const t0 = process.hrtime.bigint();
  f();
  return Number(process.hrtime.bigint() - t0) / 1000;
}

/** The message bodies of `events`, `per` to a message, as the appender writes them. */
function bodies(events: readonly StreamEvent[], per: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < events.length; i += per)
    out.push(
      `{"v":1,"events":[${events
        .slice(i, i + per)
        .map((e) => JSON.stringify(e))
        .join(',')}]}`,
    );
  return out;
}

/** Bytes and CPU a hit of the encoding, in messages of 1, 8 and 40 hits (median of 5 rounds). */
function codec(events: readonly StreamEvent[]) {
  console.log(`\nStream encoding, ${events.length} hits (µs a hit: median of 5 rounds)`);
  console.log(
    'hits/msg  JSON B/hit  stored B/hit  JSON body µs  + deflate µs  decode JSON µs  decode deflated µs',
  );
  for (const per of [1, 8, HITS_PER_MESSAGE]) {
    const json = bodies(events, per);
    const encoded = json.map(encodeMessage);
    const plain = json.map((b) => new TextEncoder().encode(b));
    const perHit = (us: number) => (us / events.length).toFixed(2);
    const build: number[] = [];
    const deflate: number[] = [];
    const readJson: number[] = [];
    const readDeflated: number[] = [];
    for (let round = 0; round < 5; round++) {
      build.push(timeMicros(() => bodies(events, per)));
      deflate.push(timeMicros(() => json.forEach(encodeMessage)));
      readJson.push(timeMicros(() => plain.forEach(decodeBatch)));
      readDeflated.push(timeMicros(() => encoded.forEach(decodeBatch)));
    }
    const size = (xs: { length: number }[]) =>
      (xs.reduce((a, x) => a + x.length, 0) / events.length).toFixed(1);
    console.log(
      [
        per,
        size(json),
        size(encoded),
        perHit(median(build)),
        perHit(median(deflate)),
        perHit(median(readJson)),
        perHit(median(readDeflated)),
      ]
        .map(String)
        .map((s, i) => s.padStart(i === 0 ? 8 : 12))
        .join('  '),
    );
  }
}

/** Stream bytes a hit: the messages appended, `per` hits each, to a stream of their own. */
async function streamBytes(nats: Nats, events: readonly StreamEvent[], per: number): Promise<number> {
  const prefix = `bench${randomBytes(3).toString('hex')}_`;
  await ensureStreams(nats.jsm, prefix);
  try {
    const appender = new Appender(nats.js);
    const subject = subjectFor({ prefix, partitions: BENCH_PARTITIONS }, design.site, 'human');
    const messages: StreamEvent[][] = [];
    for (let i = 0; i < events.length; i += per) messages.push(events.slice(i, i + per) as StreamEvent[]);
    for (let i = 0; i < messages.length; i += 256)
      await Promise.all(messages.slice(i, i + 256).map((m) => appender.appendAtomic(subject, m)));
    const info = await nats.jsm.streams.info(hitsStreamName(prefix));
    return info.state.bytes / events.length;
  } finally {
    await nats.jsm.streams.delete(hitsStreamName(prefix));
  }
}

interface TableSize {
  projection: string;
  table: string;
  heap: number;
  indexes: number;
  toast: number;
}

async function tableSizes(db: pg.Pool, projection: string, tables: readonly string[]): Promise<TableSize[]> {
  const { rows } = await db.query<{ t: string; heap: string; indexes: string; total: string }>(
    `SELECT t, pg_relation_size(t::regclass) AS heap, pg_indexes_size(t::regclass) AS indexes,
       pg_total_relation_size(t::regclass) AS total FROM unnest($1::text[]) AS t`,
    [tables],
  );
  return rows.map((r) => ({
    projection,
    table: r.t,
    heap: Number(r.heap),
    indexes: Number(r.indexes),
    toast: Number(r.total) - Number(r.heap) - Number(r.indexes),
  }));
}

async function postgres(url: string, days: Sequenced[][]) {
  const name = process.env.STORAGE_DB ?? 'twofold_bench_storage';
  const fresh = await openDatabase(url, name);
  await fresh.drop();
  const { db, drop } = await openDatabase(url, name);
  try {
    await insertBenchSite(db, 'bench-storage');
    const projections = createProjections(loadCatalog());
    const humans = days.flat().length;
    const t0 = Date.now();
    for (const [day, stream] of days.entries()) {
      for (let i = 0; i < stream.length; i += FOLD_EVENTS) {
        const batch = stream.slice(i, i + FOLD_EVENTS);
        await Promise.all(projections.map((p) => withTransaction(db, (tx) => foldEvents(tx, p, batch))));
      }
      console.log(`  day ${day + 1} of ${days.length} folded (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
    }
    await db.query('VACUUM ANALYZE');
    const sizes = (await Promise.all(projections.map((p) => tableSizes(db, p.name, p.tables)))).flat();
    const total = (s: TableSize) => s.heap + s.indexes + s.toast;
    const per = (n: number) => (n / humans).toFixed(1);
    console.log(`\nPostgres, ${humans} human events folded: bytes a human event (heap + indexes + toast)`);
    console.log(
      'projection            table                           B/event    heap  indexes  toast      size',
    );
    for (const s of sizes.filter((x) => total(x) > 8192 * 2))
      console.log(
        `${s.projection.padEnd(20)}  ${(s.table + (STATE_TABLES.has(s.table) ? ' (state)' : '')).padEnd(30)}  ${per(total(s)).padStart(7)}  ${per(s.heap).padStart(6)}  ${per(s.indexes).padStart(7)}  ${per(s.toast).padStart(5)}  ${kb(total(s)).padStart(9)}`,
      );
    console.log('');
    for (const p of projections) {
      const mine = sizes.filter((s) => s.projection === p.name);
      const bytes = mine.reduce((a, s) => a + total(s), 0);
      console.log(`${p.name.padEnd(20)}  ${per(bytes).padStart(7)} B/event  ${kb(bytes)}`);
    }
    const { rows: indexes } = await db.query<{ table: string; index: string; bytes: string }>(
      `SELECT tablename AS table, indexname AS index, pg_relation_size(indexname::regclass) AS bytes
       FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1) ORDER BY 3 DESC`,
      [sizes.filter((s) => s.indexes / humans >= 10).map((s) => s.table)],
    );
    console.log('\nIndexes of the tables whose indexes take 10 B an event or more');
    for (const i of indexes)
      console.log(
        `${i.table.padEnd(22)}  ${i.index.padEnd(36)}  ${per(Number(i.bytes)).padStart(7)} B/event`,
      );
    console.log('');
    const all = sizes.reduce((a, s) => a + total(s), 0);
    const state = sizes.filter((s) => STATE_TABLES.has(s.table)).reduce((a, s) => a + total(s), 0);
    console.log(`all projections       ${per(all).padStart(7)} B/event  (state tables ${per(state)} of it)`);
    // The folds delete state as they go, but the space of deleted rows is only reused once a vacuum
    // has passed, which the bench's few minutes of folding outrun: the rows kept, compacted, are
    // what a table holds under autovacuum (give or take its 20 % of dead rows).
    console.log('\nState tables: rows kept, and their size compacted (VACUUM FULL)');
    let compact = 0;
    for (const s of sizes.filter((x) => STATE_TABLES.has(x.table))) {
      const { rows: n } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${s.table}`);
      await db.query(`VACUUM FULL ${s.table}`);
      const [after] = await tableSizes(db, s.projection, [s.table]);
      compact += total(after!);
      console.log(
        `${s.table.padEnd(24)}  ${String(n[0]!.n).padStart(8)} rows  ${kb(total(s)).padStart(9)} -> ${kb(total(after!)).padStart(9)}`,
      );
    }
    // The state holds only the sessions and visitors still open, which the daily volume sets, not
    // the history: at the goal's size it is as large as here, spread over 10 M events.
    const atGoal = (all - state) / humans + compact / GOAL_EVENTS;
    console.log(`at ${GOAL_EVENTS / 1e6} M events (the same state, compacted)  ${atGoal.toFixed(1)} B/event`);
    // What the index compaction job (src/retention/compact-indexes.ts) gives back once it has run.
    const rebuilt = await compactIndexes(db, { minBytes: 1024 * 1024, maxPerRun: 1000 });
    console.log('\nIndexes rebuilt by the index compaction job (B/event before -> after)');
    for (const c of rebuilt.filter((r) => r.bytesBefore - r.bytesAfter >= humans))
      console.log(
        `${c.index.padEnd(40)}  ${per(c.bytesBefore).padStart(7)} -> ${per(c.bytesAfter).padStart(7)}`,
      );
    const settled = (await Promise.all(projections.map((p) => tableSizes(db, p.name, p.tables)))).flat();
    const kept = settled.filter((s) => !STATE_TABLES.has(s.table)).reduce((a, s) => a + total(s), 0);
    console.log(`all projections but the state, indexes compacted  ${per(kept).padStart(7)} B/event`);
    console.log(
      `at ${GOAL_EVENTS / 1e6} M events (the same state, compacted; indexes compacted)  ${(kept / humans + compact / GOAL_EVENTS).toFixed(1)} B/event`,
    );
  } finally {
    if (process.env.STORAGE_KEEP === '1') await db.end();
    else await drop();
  }
}

async function main() {
  const { DATABASE_URL, NATS_URL } = process.env;
  if (!DATABASE_URL || !NATS_URL) throw new Error('bench:storage needs DATABASE_URL and NATS_URL');
  const days = Array.from({ length: design.days }, (_, day) => dayStream(design, day));
  const events = days.flat().map((s) => s.event);
  console.log(`bench:storage: ${events.length} designed human events over ${design.days} days`);
  codec(days[0]!.map((s) => s.event));

  const nats = await connectNats(NATS_URL, 'twofold-bench-storage');
  try {
    const batched = await streamBytes(nats, events, HITS_PER_MESSAGE);
    const lone = await streamBytes(nats, events.slice(0, 20_000), 1);
    console.log(`\nStream (JetStream's bytes: messages, subjects, headers)`);
    console.log(`  ${HITS_PER_MESSAGE} hits a message: ${batched.toFixed(1)} B/event`);
    console.log(`  1 hit a message (a site at rest): ${lone.toFixed(1)} B/event`);
  } finally {
    await nats.nc.close();
  }
  await postgres(DATABASE_URL, days);
}

await main();
