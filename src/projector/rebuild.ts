import type { Consumer } from '@nats-io/jetstream';
import type pg from 'pg';
import type { Projection } from '../../projections/projection.js';
import { hitsStreamName } from '../../streams/hits.js';
import { type Db, raw, sql } from '../db/sql.js';
import { withTransaction } from '../db/transaction.js';
import type { Logger } from '../log.js';
import type { Nats } from '../nats/connect.js';
import { claimCheckpoint } from './checkpoint.js';
import { filterSubject } from './consumer.js';
import { foldInto, type StreamMessage } from './fold-batch.js';

export interface RebuildDeps {
  db: pg.Pool;
  nats: Nats;
  prefix: string;
  log: Logger;
}

const FETCH_BATCH = 64;

export interface RebuildResult {
  projection: string;
  events: number;
  lastSeq: number;
}

/**
 * Rebuilds a projection from the first message of the stream while ingest and the live projector
 * go on. The fold runs into shadow copies of the projection's tables (same fold code: the shadow
 * schema comes first on the search path); then, holding the live checkpoint's lock so the live
 * projector waits, the shadow catches up to at least the live position and replaces the live tables
 * in one transaction. Readers see the old tables until that commit, then the new ones.
 */
export async function rebuildProjection(deps: RebuildDeps, projection: Projection): Promise<RebuildResult> {
  const shadow = `rebuild_${projection.name}`;
  const tables = [...projection.tables, 'projection_checkpoints'];
  await createShadow(deps.db, shadow, tables);

  const stream = hitsStreamName(deps.prefix);
  const target = (await deps.nats.jsm.streams.info(stream)).state.last_seq;
  const consumer = await deps.nats.js.consumers.get(stream, {
    filter_subjects: filterSubject(deps.prefix, projection),
  });
  let events = 0;
  let shadowSeq = 0;
  const foldShadow = async (tx: Db, batch: StreamMessage[]) => {
    await tx.query(`SET LOCAL search_path TO ${shadow}, public`);
    const r = await foldInto(tx, projection, batch);
    await tx.query('SET LOCAL search_path TO public');
    events += r.events;
    shadowSeq = r.lastSeq;
  };

  while (shadowSeq < target) {
    const batch = await fetchBatch(consumer);
    if (batch.length === 0) break;
    await withTransaction(deps.db, (tx) => foldShadow(tx, batch));
    deps.log.info({ projection: projection.name, seq: shadowSeq, target }, 'rebuilding');
  }

  const lastSeq = await withTransaction(deps.db, async (tx) => {
    const live = await claimCheckpoint(tx, projection.name);
    while (shadowSeq < live) {
      const batch = await fetchBatch(consumer);
      if (batch.length === 0) break;
      await foldShadow(tx, batch);
    }
    const seq = Math.max(live, shadowSeq);
    await swapIn(tx, shadow, projection.tables);
    await tx.query(sql`UPDATE projection_checkpoints SET last_seq = ${seq}, updated_at = now()
      WHERE name = ${projection.name}`);
    await tx.query(`DROP SCHEMA ${shadow} CASCADE`);
    return seq;
  });
  await consumer.delete().catch(() => {});
  return { projection: projection.name, events, lastSeq };
}

async function fetchBatch(consumer: Consumer): Promise<StreamMessage[]> {
  const out: StreamMessage[] = [];
  // A bounded number: a backlog of 500-row edge messages folds some megabytes at a time.
  const messages = await consumer.fetch({ max_messages: FETCH_BATCH, expires: 1000 });
  for await (const m of messages) out.push({ seq: m.seq, data: m.data });
  return out;
}

async function createShadow(db: pg.Pool, shadow: string, tables: readonly string[]) {
  await withTransaction(db, async (tx) => {
    await tx.query(`DROP SCHEMA IF EXISTS ${shadow} CASCADE`);
    await tx.query(`CREATE SCHEMA ${shadow}`);
    for (const t of tables) await tx.query(`CREATE TABLE ${shadow}.${t} (LIKE public.${t} INCLUDING ALL)`);
  });
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
