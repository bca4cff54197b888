import type pg from 'pg';
import type { Projection, Sequenced } from '../../projections/projection.js';
import { decodeBatch, type StreamEvent } from '../../streams/events.js';
import { ORIGINS, type StreamOrigin } from '../../streams/subjects.js';
import { runStatement, type Statement } from '../db/copy.js';
import type { Db } from '../db/sql.js';
import { withTransaction } from '../db/transaction.js';
import { advanceCheckpoint, claimCheckpoint, WHOLE_STREAM } from './checkpoint.js';

export interface StreamMessage {
  seq: number;
  data: Uint8Array | string;
  /** The message's subject, when known: projections that take one origin fold only its messages. */
  subject?: string;
}

/** A stream message decoded once for every projection that folds it. */
export interface DecodedMessage {
  seq: number;
  /** null when no decoder of this version reads the message. */
  events: StreamEvent[] | null;
  /** null when the subject was not given: every projection takes the message. */
  origin: StreamOrigin | null;
}

/** Runs one of a fold's statements: a rebuild sums some counters instead (counter-sums.ts). */
export type StatementRunner = (tx: Db, statement: Statement) => Promise<void>;

export interface FoldResult {
  /** Events folded by this call. */
  events: number;
  /** Messages at or below the checkpoint, or repeated in the batch: already folded, skipped. */
  duplicates: number;
  /** Messages no decoder of this version reads: skipped, never retried forever. */
  unreadable: number;
  lastSeq: number;
}

/** `hits.<partition>.<site>.<origin>` or `hits.<site>.<origin>` (after any prefix) → origin. */
function originOf(subject: string | undefined): StreamOrigin | null {
  if (subject === undefined) return null;
  const last = subject.slice(subject.lastIndexOf('.') + 1);
  return (ORIGINS as readonly string[]).includes(last) ? (last as StreamOrigin) : null;
}

export function decodeMessages(messages: readonly StreamMessage[]): DecodedMessage[] {
  return messages.map((m) => ({ seq: m.seq, events: decodeBatch(m.data), origin: originOf(m.subject) }));
}

/**
 * Folds decoded messages of one fold unit (a partition, or the whole stream) inside an open
 * transaction: claim the unit's checkpoint, drop what it already covers, fold the rest, advance the
 * checkpoint. Rows and checkpoint commit together or not at all, so a crash or a redelivery never
 * counts an event twice. Messages of another origin than the projection's advance its checkpoint
 * without folding, so every projection of a unit follows the unit's last message.
 */
export async function foldDecoded(
  tx: Db,
  projection: Projection,
  messages: readonly DecodedMessage[],
  part: number = WHOLE_STREAM,
  run: StatementRunner = runStatement,
): Promise<FoldResult> {
  const last = await claimCheckpoint(tx, projection.name, part);
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
    if (m.events === null) result.unreadable++;
    else if (takes(projection, m.origin)) for (const event of m.events) events.push({ seq: m.seq, event });
  }
  if (events.length > 0) await foldEvents(tx, projection, events, run);
  result.events = events.length;
  result.lastSeq = fresh.reduce((max, m) => Math.max(max, m.seq), last);
  await advanceCheckpoint(tx, projection.name, part, result.lastSeq);
  return result;
}

const takes = (projection: Projection, origin: StreamOrigin | null) =>
  origin === null || projection.origin === '*' || projection.origin === origin;

export function foldInto(tx: Db, projection: Projection, messages: readonly StreamMessage[], part?: number) {
  return foldDecoded(tx, projection, decodeMessages(messages), part);
}

/** The projection's own step: load the state these events need, fold, run the statements. */
export async function foldEvents(
  tx: Db,
  projection: Projection,
  events: readonly Sequenced[],
  run: StatementRunner = runStatement,
): Promise<void> {
  const state = await projection.load(tx, events);
  for (const statement of projection.fold(events, state)) await run(tx, statement);
}

export function foldBatch(
  pool: pg.Pool,
  projection: Projection,
  messages: readonly StreamMessage[],
  part?: number,
) {
  return withTransaction(pool, (tx) => foldInto(tx, projection, messages, part));
}
