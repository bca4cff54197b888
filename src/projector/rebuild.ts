import type { Consumer } from '@nats-io/jetstream';
import type pg from 'pg';
import type { Projection } from '../../projections/projection.js';
import { hitsStreamName } from '../../streams/hits.js';
import { type Db, raw, sql } from '../db/sql.js';
import { withTransaction } from '../db/transaction.js';
import type { Logger } from '../log.js';
import type { Nats } from '../nats/connect.js';
import { everyFilter } from '../../streams/subjects.js';
import { runStatement } from '../db/copy.js';
import { claimCheckpoint, WHOLE_STREAM } from './checkpoint.js';
import { CounterSums } from './counter-sums.js';
import { dropRepeatedHits, shadowHitKeys } from './repeated-hits.js';
import {
  type DecodedMessage,
  decodeMessages,
  foldDecoded,
  type StatementRunner,
  type StreamMessage,
} from './fold-batch.js';

export interface RebuildDeps {
  db: pg.Pool;
  nats: Nats;
  prefix: string;
  /** The installation's partition count: the swap sets every partition's checkpoints. */
  partitions: number;
  log: Logger;
}

export interface RebuildResult {
  projection: string;
  events: number;
  lastSeq: number;
}

/** Where a rebuild stands: stream events folded so far, their rate, and the time left at that rate. */
export interface RebuildProgress {
  events: number;
  seq: number;
  target: number;
  eventsPerSecond: number;
  /** null until a first batch gives a rate. */
  secondsLeft: number | null;
}

export interface RebuildOptions {
  /** Receives the progress every `progressEveryMs` (5 s) and at the end; else it is logged. */
  onProgress?: (p: RebuildProgress) => void;
  progressEveryMs?: number;
  /** Counter rows held in memory, all projections together, before they are written (1,000,000). */
  maxSummedRows?: number;
  /** Stored bytes of messages folded in one transaction (2 MB). */
  foldBytes?: number;
}

/**
 * Messages a pull brings (an ordered consumer's pull takes a count, not bytes: 128 edge messages
 * of 500 rows are about 30 MB, under the 64 MB a server buffers per client), and bytes of them
 * folded in one transaction, as the live fold group's batches: bytes as stored (deflated, about
 * 80 B a person's event in messages of many hits), so 2 MB hold some 20,000 of people's events,
 * where several times that folds slower per event.
 */
const FETCH_MESSAGES = 128;
const FOLD_BYTES = 2 * 1024 * 1024;
/** Batches a rebuild folds at once into a `batchFree` projection: 16 MB, some 160,000 events. */
const BATCH_FREE_BATCHES = 8;
/** Some 150–300 MB of summed rows (a key string and an array of values each). */
const MAX_SUMMED_ROWS = 1_000_000;

const shadowOf = (p: Projection) => `rebuild_${p.name}`;

/**
 * Rebuilds projections from the first message of the stream, in one pass, while ingest and the
 * live projector go on. Each projection folds into shadow copies of its tables (same fold code:
 * the shadow schema comes first on the search path); each batch is pulled and decoded once and
 * folded by every projection at once, each in a transaction of its own. Then, holding the live
 * checkpoints' locks so the live projector waits, the shadows catch up to at least the live
 * positions and replace the live tables in one transaction. Readers see the old tables until that
 * commit, then the new ones. The shadows fold the whole stream in order, as one unit; the swap
 * holds every fold unit's checkpoint (each partition's, and the unpartitioned messages') and sets
 * them all to the shadow's position, which covers every message of every unit up to it.
 */
export async function rebuildProjections(
  deps: RebuildDeps,
  projections: readonly Projection[],
  opts: RebuildOptions = {},
): Promise<RebuildResult[]> {
  const deferred: string[] = [];
  /** The counter tables' indexes, built once their rows are whole. */
  const counterIndexes: string[] = [];
  const sums = new Map<string, CounterSums>();
  for (const p of projections) {
    await createShadow(deps.db, shadowOf(p), [...p.tables, 'projection_checkpoints']);
    deferred.push(
      ...(await dropLaterIndexes(deps.db, shadowOf(p), p.appendOnlyTables ?? [], p.foldIndexes ?? [])),
    );
    counterIndexes.push(...(await dropAllIndexes(deps.db, shadowOf(p), p.counterTables ?? [])));
    sums.set(p.name, new CounterSums(shadowOf(p), new Set(p.counterTables ?? [])));
  }
  const maxSummed = opts.maxSummedRows ?? MAX_SUMMED_ROWS;
  const foldBytes = opts.foldBytes ?? FOLD_BYTES;
  const summing = (p: Projection): StatementRunner => {
    const s = sums.get(p.name)!;
    return async (tx, statement) => {
      if (s.takes(statement)) s.add(statement);
      else await runStatement(tx, statement);
    };
  };
  const flushSums = async () => {
    for (const s of sums.values()) await s.flush(deps.db);
  };

  const keys = await shadowHitKeys(deps.db, shadowOf(projections[0]!));
  const stream = hitsStreamName(deps.prefix);
  const target = (await deps.nats.jsm.streams.info(stream)).state.last_seq;
  const consumer = await deps.nats.js.consumers.get(stream, {
    filter_subjects: everyFilter(deps.prefix),
  });
  const events = new Map(projections.map((p) => [p.name, 0]));
  const shadowSeq = new Map(projections.map((p) => [p.name, 0]));
  const foldShadow = async (
    tx: Db,
    p: Projection,
    batch: readonly DecodedMessage[],
    run: StatementRunner = runStatement,
  ) => {
    await tx.query(`SET LOCAL search_path TO ${shadowOf(p)}, public`);
    const r = await foldDecoded(tx, p, batch, WHOLE_STREAM, run);
    await tx.query('SET LOCAL search_path TO public');
    events.set(p.name, events.get(p.name)! + r.events);
    shadowSeq.set(p.name, r.lastSeq);
  };
  // A crash before the swap leaves only shadows, which the next rebuild drops: nothing in them
  // needs to survive one, so their commits need not wait for the disk.
  const foldAllShadows = (batch: readonly DecodedMessage[], which: readonly Projection[]) =>
    Promise.all(
      which.map((p) =>
        withTransaction(deps.db, async (tx) => {
          await tx.query('SET LOCAL synchronous_commit TO off');
          await foldShadow(tx, p, batch, summing(p));
        }),
      ),
    );

  const progress = new Progress(target, opts, deps.log);
  // Projections whose rows do not depend on the batching fold many batches at once: fewer,
  // fuller rows (a period's values merged in memory rather than upserted batch after batch).
  const whole = projections.filter((p) => p.batchFree !== true);
  const batchFree = projections.filter((p) => p.batchFree === true);
  let held: DecodedMessage[] = [];
  let heldBytes = 0;
  // Folded beside the next batches (a connection of their own), one held run at a time, in order.
  let heldFold: Promise<unknown> = Promise.resolve();
  const foldHeld = async () => {
    const run = held;
    held = [];
    heldBytes = 0;
    await heldFold;
    if (run.length === 0) return;
    heldFold = foldAllShadows(run, batchFree);
    // Awaited before the next run or at the end; until then a failure must not go unhandled.
    heldFold.catch(() => {});
  };
  const fold = async (part: readonly StreamMessage[]) => {
    const decoded = decodeMessages(part);
    await dropRepeatedHits(deps.db, decoded, keys);
    await foldAllShadows(decoded, whole);
    if (batchFree.length > 0) {
      held.push(...decoded);
      for (const m of part) heldBytes += m.data.length;
      if (heldBytes >= BATCH_FREE_BATCHES * foldBytes) await foldHeld();
    }
    let summed = 0;
    for (const s of sums.values()) summed += s.size;
    if (summed > maxSummed) await flushSums();
    progress.add(decoded, part.at(-1)!.seq);
  };
  // Pulls gather until a batch's worth of bytes: a pull of people's messages holds far less.
  let pending: StreamMessage[] = [];
  let seq = 0;
  let next = fetchBatch(consumer);
  while (seq < target) {
    const batch = await next;
    if (batch.length === 0) break;
    seq = batch.at(-1)!.seq;
    // The next pull travels while this batch folds.
    next = seq < target ? fetchBatch(consumer) : Promise.resolve([]);
    const parts = byBytes([...pending, ...batch], foldBytes);
    pending = seq < target ? parts.pop()! : [];
    for (const part of parts) await fold(part);
  }
  if (pending.length > 0) await fold(pending);
  await foldHeld();
  await heldFold;
  await next;
  progress.finish(seq);
  // Each projection's tables on a connection of their own: Postgres copies on both cores.
  await Promise.all([...sums.values()].map((s) => s.flush(deps.db)));
  for (const s of sums.values()) for (const statement of s.collapse()) await deps.db.query(statement);
  // Built from the sorted rows at once, before the swap takes the live checkpoints' locks; the
  // catch-up below folds with statements again, which need the counter tables' unique keys.
  deferred.push(...counterIndexes);
  if (deferred.length > 0) deps.log.info({ indexes: deferred.length }, 'rebuild: building indexes');
  await inPairs(deferred, (index) => deps.db.query(index));
  // The swapped-in tables come without the planner's statistics, which autovacuum gathers only a
  // while later: until then every read of them is planned blind (a hash sized for 20 rows, a sort
  // spilled to disk).
  await inPairs(
    projections.flatMap((p) => p.tables.map((t) => `${shadowOf(p)}.${t}`)),
    (table) => deps.db.query(`ANALYZE ${table}`),
  );

  const bySeq = await withTransaction(deps.db, async (tx) => {
    // In name order, as every rebuild takes them, so two rebuilds never wait on each other in a circle.
    const ordered = [...projections].sort((a, b) => a.name.localeCompare(b.name));
    const units = [WHOLE_STREAM, ...Array.from({ length: deps.partitions }, (_, k) => k)];
    const live = new Map<string, number>();
    for (const p of ordered) {
      let highest = 0;
      for (const part of units) highest = Math.max(highest, await claimCheckpoint(tx, p.name, part));
      live.set(p.name, highest);
    }
    const behind = () => Math.max(...projections.map((p) => live.get(p.name)! - shadowSeq.get(p.name)!));
    while (behind() > 0) {
      const batch = await fetchBatch(consumer);
      if (batch.length === 0) break;
      for (const part of byBytes(batch, foldBytes)) {
        const decoded = decodeMessages(part);
        await dropRepeatedHits(tx, decoded, keys);
        for (const p of projections) await foldShadow(tx, p, decoded);
      }
    }
    const out = new Map<string, number>();
    for (const p of ordered) {
      const at = Math.max(live.get(p.name)!, shadowSeq.get(p.name)!);
      await swapIn(tx, shadowOf(p), p.tables);
      await tx.query(sql`UPDATE projection_checkpoints SET last_seq = ${at}, updated_at = now()
        WHERE name = ${p.name}`);
      await tx.query(`DROP SCHEMA ${shadowOf(p)} CASCADE`);
      out.set(p.name, at);
    }
    return out;
  });
  await consumer.delete().catch(() => {});
  return projections.map((p) => ({
    projection: p.name,
    events: events.get(p.name)!,
    lastSeq: bySeq.get(p.name)!,
  }));
}

/** Runs `run` over the items two at a time (two cores): each index builds on a connection of its own. */
async function inPairs<T>(items: readonly T[], run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]!);
  };
  await Promise.all([worker(), worker()]);
}

/** One projection's rebuild: `rebuildProjections` with that projection alone. */
export async function rebuildProjection(
  deps: RebuildDeps,
  projection: Projection,
  opts: RebuildOptions = {},
): Promise<RebuildResult> {
  return (await rebuildProjections(deps, [projection], opts))[0]!;
}

/** Counts a rebuild's stream events and reports them, with their rate and the time left, now and then. */
class Progress {
  private readonly started = performance.now();
  private lastReport = this.started;
  private events = 0;
  private firstSeq: number | undefined;
  private reportedSeq: number | undefined;
  private readonly everyMs: number;

  constructor(
    private readonly target: number,
    private readonly opts: RebuildOptions,
    private readonly log: Logger,
  ) {
    this.everyMs = opts.progressEveryMs ?? 5000;
  }

  add(batch: readonly DecodedMessage[], seq: number): void {
    this.firstSeq ??= batch[0]?.seq;
    for (const m of batch) this.events += m.events?.length ?? 0;
    if (performance.now() - this.lastReport >= this.everyMs) this.report(seq);
  }

  /** Reports unless the last report was at this position already. */
  finish(seq: number): void {
    if (this.reportedSeq !== seq) this.report(seq);
  }

  report(seq: number): void {
    this.reportedSeq = seq;
    const now = performance.now();
    this.lastReport = now;
    const seconds = (now - this.started) / 1000;
    const messagesDone = this.firstSeq === undefined ? 0 : seq - this.firstSeq + 1;
    // The rate of messages so far gives the time left; events per message vary too much to count on.
    const secondsLeft =
      messagesDone > 0 && seconds > 0 ? Math.max(0, this.target - seq) / (messagesDone / seconds) : null;
    const p: RebuildProgress = {
      events: this.events,
      seq,
      target: this.target,
      eventsPerSecond: seconds > 0 ? Math.round(this.events / seconds) : 0,
      secondsLeft: secondsLeft === null ? null : Math.round(secondsLeft),
    };
    if (this.opts.onProgress) this.opts.onProgress(p);
    else this.log.info(p, 'rebuilding');
  }
}

/** Consecutive runs of the messages of at most `bytes` each (at least one message each). */
export function byBytes(messages: readonly StreamMessage[], bytes: number): StreamMessage[][] {
  const out: StreamMessage[][] = [];
  let size = 0;
  for (const m of messages) {
    if (out.length === 0 || size + m.data.length > bytes) {
      out.push([]);
      size = 0;
    }
    out.at(-1)!.push(m);
    size += m.data.length;
  }
  return out;
}

async function fetchBatch(consumer: Consumer): Promise<StreamMessage[]> {
  const out: StreamMessage[] = [];
  const messages = await consumer.fetch({ max_messages: FETCH_MESSAGES, expires: 1000 });
  for await (const m of messages) out.push({ seq: m.seq, data: m.data, subject: m.subject });
  return out;
}

async function createShadow(db: pg.Pool, shadow: string, tables: readonly string[]) {
  await withTransaction(db, async (tx) => {
    await tx.query(`DROP SCHEMA IF EXISTS ${shadow} CASCADE`);
    await tx.query(`CREATE SCHEMA ${shadow}`);
    for (const t of tables) await tx.query(`CREATE TABLE ${shadow}.${t} (LIKE public.${t} INCLUDING ALL)`);
  });
}

/**
 * Drops the shadow's non-unique indexes of `tables` and returns the statements that build them
 * again. Unique ones stay (ON CONFLICT and the primary-key updates need them while folding), and
 * so do the twins (same definition) of the live indexes named in `keep`.
 */
export async function dropLaterIndexes(
  db: pg.Pool,
  shadow: string,
  tables: readonly string[],
  keep: readonly string[],
): Promise<string[]> {
  if (tables.length === 0) return [];
  const { rows } = await db.query<{ name: string; def: string }>(sql`
    SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS def
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = ${shadow} AND t.relname = ANY(${tables}::text[]) AND NOT x.indisunique
      AND regexp_replace(pg_get_indexdef(x.indexrelid), '^.* ON [^ ]+ ', '') NOT IN (
        SELECT regexp_replace(indexdef, '^.* ON [^ ]+ ', '') FROM pg_indexes
        WHERE schemaname = 'public' AND tablename = ANY(${tables}::text[]) AND indexname = ANY(${keep}::text[]))`);
  for (const r of rows) await db.query(`DROP INDEX ${shadow}.${r.name}`);
  return rows.map((r) => r.def);
}

/**
 * Drops every index of the shadow's `tables`, unique ones and primary keys too, and returns the
 * statements that build them again (constraints as constraints, under their names).
 */
export async function dropAllIndexes(
  db: pg.Pool,
  shadow: string,
  tables: readonly string[],
): Promise<string[]> {
  if (tables.length === 0) return [];
  const { rows } = await db.query<{ name: string; tbl: string; is_constraint: boolean; def: string }>(sql`
    SELECT coalesce(c.conname, i.relname) AS name, t.relname AS tbl, c.oid IS NOT NULL AS is_constraint,
      coalesce(pg_get_constraintdef(c.oid), pg_get_indexdef(x.indexrelid)) AS def
    FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      JOIN pg_namespace n ON n.oid = t.relnamespace
      LEFT JOIN pg_constraint c ON c.conindid = x.indexrelid AND c.conrelid = t.oid AND c.contype IN ('p', 'u')
    WHERE n.nspname = ${shadow} AND t.relname = ANY(${tables}::text[])
    ORDER BY t.relname, i.relname`);
  for (const r of rows)
    await db.query(
      r.is_constraint
        ? `ALTER TABLE ${shadow}.${r.tbl} DROP CONSTRAINT ${r.name}`
        : `DROP INDEX ${shadow}.${r.name}`,
    );
  return rows.map((r) =>
    r.is_constraint ? `ALTER TABLE ${shadow}.${r.tbl} ADD CONSTRAINT ${r.name} ${r.def}` : r.def,
  );
}

/** Moves the shadow tables into `public`, keeping the live tables' index names for later migrations. */
async function swapIn(tx: Db, shadow: string, tables: readonly string[]) {
  for (const t of tables) {
    const indexes = (schema: string) =>
      tx.query<{ indexname: string; def: string }>(sql`
        SELECT indexname, regexp_replace(indexdef, '^.* ON [^ ]+ ', '') AS def
        FROM pg_indexes WHERE schemaname = ${schema} AND tablename = ${t}`);
    const [live, fresh] = [(await indexes('public')).rows, (await indexes(shadow)).rows];
    await tx.query(`DROP TABLE public.${t}`);
    await tx.query(`ALTER TABLE ${shadow}.${t} SET SCHEMA public`);
    for (const f of fresh) {
      const twin = live.find((l) => l.def === f.def);
      if (twin && twin.indexname !== f.indexname)
        await tx.query(sql`ALTER INDEX ${raw(`public.${f.indexname}`)} RENAME TO ${raw(twin.indexname)}`);
    }
  }
}
