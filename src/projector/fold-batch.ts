import type pg from 'pg';
import type { Projection, Sequenced } from '../../projections/projection.js';
import { decodeBatch } from '../../streams/events.js';
import type { Db } from '../db/sql.js';
import { withTransaction } from '../db/transaction.js';
import { advanceCheckpoint, claimCheckpoint } from './checkpoint.js';

export interface StreamMessage {
  seq: number;
  data: Uint8Array | string;
}

export interface FoldResult {
  /** Events folded by this call. */
  events: number;
  /** Messages at or below the checkpoint, or repeated in the batch: already folded, skipped. */
  duplicates: number;
  /** Messages no decoder of this version reads: skipped, never retried forever. */
  unreadable: number;
  lastSeq: number;
}

/**
 * Folds messages inside an open transaction: claim the checkpoint, drop what it already covers,
 * fold the rest, advance the checkpoint. Rows and checkpoint commit together or not at all, so a
 * crash or a redelivery never counts an event twice.
 */
export async function foldInto(tx: Db, projection: Projection, messages: readonly StreamMessage[]) {
  const last = await claimCheckpoint(tx, projection.name);
  // A message redelivered while its first copy still waited in the batch appears twice: fold it once.
  const seen = new Set<number>();
  const fresh = messages.filter((m) => m.seq > last && !seen.has(m.seq) && seen.add(m.seq));
  const result: FoldResult = {
    events: 0,
    duplicates: messages.length - fresh.length,
    unreadable: 0,
    lastSeq: last,
  };
  if (fresh.length === 0) return result;
  const events: Sequenced[] = [];
  for (const m of fresh) {
    const decoded = decodeBatch(m.data);
    if (decoded === null) result.unreadable++;
    else for (const event of decoded) events.push({ seq: m.seq, event });
  }
  if (events.length > 0) await foldEvents(tx, projection, events);
  result.events = events.length;
  result.lastSeq = Math.max(...fresh.map((m) => m.seq));
  await advanceCheckpoint(tx, projection.name, result.lastSeq);
  return result;
}

/** The projection's own step: load the state these events need, fold, run the statements. */
export async function foldEvents(
  tx: Db,
  projection: Projection,
  events: readonly Sequenced[],
): Promise<void> {
  const state = await projection.load(tx, events);
  for (const statement of projection.fold(events, state)) await tx.query(statement);
}

export function foldBatch(pool: pg.Pool, projection: Projection, messages: readonly StreamMessage[]) {
  return withTransaction(pool, (tx) => foldInto(tx, projection, messages));
}
