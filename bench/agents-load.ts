// Loads the designed agent data set (agents-data.ts) into a database through the projections' own
// code: every day's stream messages (500-row edge shipments and 40-hit tracker messages, in time
// order) are folded by each projection the agent reads read, in large batches, each in a
// transaction that claims and advances the projection's checkpoint as a worker does; only NATS and
// the JSON decoding of each message are left out. Nothing is copied or computed beside the folds,
// so the tables are by construction what the projectors write for these events (their tests fold
// the same code from stream messages). What the load skips for speed are indexes no fold reads:
// those of agent_fetches and events and the per-day tables' GiST indexes are dropped while it runs
// and built again at the end, one sort each instead of ten million random insertions.
import type pg from 'pg';
import { agentCoverageProjection } from '../projections/agent-coverage/projection.js';
import { agentFetchesProjection } from '../projections/agent-fetches/projection.js';
import { agentRollupMinuteProjection } from '../projections/agent-rollup-minute/projection.js';
import { citationGapProjection } from '../projections/citation-gap/projection.js';
import type { Projection, Sequenced } from '../projections/projection.js';
import { rawEvents } from '../projections/raw-events/projection.js';
import { loadCatalog } from '../src/catalog/agents.js';
import { createPool } from '../src/db/pool.js';
import { withTransaction } from '../src/db/transaction.js';
import { advanceCheckpoint, claimCheckpoint } from '../src/projector/checkpoint.js';
import { foldEvents } from '../src/projector/fold-batch.js';
import { FetchRecorded, HitRecorded, type StreamEvent } from '../streams/events.js';
import type { StreamOrigin } from '../streams/subjects.js';
import { type AgentsDesign, dayFetches, dayHits, type Prepared, prepare } from './agents-data.js';
import { HITS_PER_MESSAGE } from './read-load.js';

/** The projections whose tables the agent reads (and their raw paths) read. */
export function agentReadProjections(): Projection[] {
  const catalog = loadCatalog();
  return [
    agentFetchesProjection(catalog),
    agentRollupMinuteProjection(catalog),
    agentCoverageProjection(catalog),
    citationGapProjection(catalog),
    rawEvents,
  ] as Projection[];
}

/** Rows per edge shipment, as bench:edge sends them. */
export const EDGE_ROWS = 500;
/** Events per fold (one transaction), unless BENCH_AGENTS_FOLD_EVENTS says otherwise. */
export const FOLD_EVENTS = Number(process.env.BENCH_AGENTS_FOLD_EVENTS ?? 25_000);

export interface Message {
  seq: number;
  origin: StreamOrigin;
  events: StreamEvent[];
}

/** The stream messages of each day: its edge shipments, then its tracker messages. */
export function messagesPerDay(p: Prepared): number[] {
  return p.fetchQuotas.map(
    (f, day) => Math.ceil(f / EDGE_ROWS) + Math.ceil(p.pageviewQuotas[day]! / HITS_PER_MESSAGE),
  );
}

/**
 * One UTC day as the stream holds it: fetches in shipments of 500 and pageviews in messages of
 * 40, each in time order, the messages ordered by their first event's time; `firstSeq` on.
 */
export function dayStream(p: Prepared, day: number, firstSeq: number): Message[] {
  const cut = (events: StreamEvent[], size: number, origin: StreamOrigin) =>
    Array.from({ length: Math.ceil(events.length / size) }, (_, i) => ({
      seq: 0,
      origin,
      events: events.slice(i * size, (i + 1) * size),
    }));
  const messages = [
    ...cut(dayFetches(p, day), EDGE_ROWS, 'edge'),
    ...cut(dayHits(p, day), HITS_PER_MESSAGE, 'human'),
  ].sort((a, b) => a.events[0]!.ts - b.events[0]!.ts);
  messages.forEach((m, i) => (m.seq = firstSeq + i));
  return messages;
}

/** A projection's folds of the day: its messages in order, cut into batches of about FOLD_EVENTS. */
function batches(p: Projection, messages: readonly Message[]): Sequenced[][] {
  const out: Sequenced[][] = [];
  let batch: Sequenced[] = [];
  for (const m of messages) {
    if (p.origin !== '*' && p.origin !== m.origin) continue;
    for (const event of m.events) batch.push({ seq: m.seq, event });
    if (batch.length >= FOLD_EVENTS) {
      out.push(batch);
      batch = [];
    }
  }
  if (batch.length > 0) out.push(batch);
  return out;
}

/** Folds a batch as a worker does (checkpoint claimed and advanced in the fold's transaction). */
async function fold(db: pg.Pool, p: Projection, batch: Sequenced[]) {
  await withTransaction(db, async (tx) => {
    const last = await claimCheckpoint(tx, p.name);
    if (batch[0]!.seq <= last) throw new Error(`${p.name}: sequence ${batch[0]!.seq} is already folded`);
    await foldEvents(tx, p, batch);
    await advanceCheckpoint(tx, p.name, batch.at(-1)!.seq);
  });
}

/** Indexes no fold reads, of the tables they would slow most: (table, name, definition, constraint?). */
async function unreadIndexes(db: pg.Pool) {
  const { rows } = await db.query<{ table: string; name: string; def: string; constraint: boolean }>(`
    SELECT i.tablename AS table, i.indexname AS name,
           coalesce(pg_get_constraintdef(c.oid), i.indexdef) AS def, c.oid IS NOT NULL AS constraint
    FROM pg_indexes i LEFT JOIN pg_constraint c ON c.conname = i.indexname AND c.contype IN ('p', 'u')
    WHERE i.schemaname = current_schema()
      AND (i.tablename IN ('agent_fetches', 'events')
           OR i.indexname IN ('url_crawl_day_as_of', 'url_pageview_day_as_of'))`);
  return rows;
}

export interface LoadTimes {
  events: number;
  fetches: number;
  hits: number;
  /** Seconds generating and folding, then building the dropped indexes. */
  fold: number;
  indexes: number;
}

/** Loads the design into the database at `dbUrl` (empty, migrated, with the design's site). */
export async function loadAgentsDesign(
  dbUrl: string,
  d: AgentsDesign,
  progress: (day: number, events: number, seconds: number) => void = () => {},
): Promise<LoadTimes> {
  const db = createPool(dbUrl, 8);
  try {
    const projections = agentReadProjections();
    const dropped = await unreadIndexes(db);
    for (const i of dropped)
      await db.query(
        i.constraint ? `ALTER TABLE ${i.table} DROP CONSTRAINT ${i.name}` : `DROP INDEX ${i.name}`,
      );

    const t0 = performance.now();
    const p = prepare(d);
    const perDay = messagesPerDay(p);
    let seq = 1;
    let events = 0;
    let fetches = 0;
    let next = dayStream(p, 0, seq);
    for (let day = 0; day < d.days; day++) {
      const messages = next;
      seq += perDay[day]!;
      // Each projection folds the day on a connection of its own; the next day is generated meanwhile.
      const folding = Promise.all(
        projections.map(async (proj) => {
          for (const b of batches(proj, messages)) await fold(db, proj, b);
        }),
      );
      for (const m of messages) {
        // The loader skips the decoding, so it checks a sample of the events against their schemas.
        const e = m.events[m.seq % m.events.length]!;
        (e.type === 'FetchRecorded' ? FetchRecorded : HitRecorded).parse(e);
        events += m.events.length;
        if (m.origin === 'edge') fetches += m.events.length;
      }
      if (day + 1 < d.days) next = dayStream(p, day + 1, seq);
      await folding;
      progress(day, events, (performance.now() - t0) / 1000);
    }
    const foldSeconds = (performance.now() - t0) / 1000;

    const t1 = performance.now();
    await Promise.all(
      [0, 1].map(async (lane) => {
        const c = await db.connect();
        try {
          await c.query("SET maintenance_work_mem = '1GB'");
          for (const i of dropped.filter((_, k) => k % 2 === lane))
            await c.query(i.constraint ? `ALTER TABLE ${i.table} ADD CONSTRAINT ${i.name} ${i.def}` : i.def);
        } finally {
          c.release();
        }
      }),
    );
    return {
      events,
      fetches,
      hits: events - fetches,
      fold: foldSeconds,
      indexes: (performance.now() - t1) / 1000,
    };
  } finally {
    await db.end();
  }
}

/** Every table the load wrote. */
export const loadedTables = () => [...new Set(agentReadProjections().flatMap((p) => p.tables))];
