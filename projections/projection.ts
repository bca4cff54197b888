import type { Statement } from '../src/db/copy.js';
import type { Db } from '../src/db/sql.js';
import type { StreamEvent } from '../streams/events.js';
import type { StreamOrigin } from '../streams/subjects.js';

/** An event with the stream sequence of the message that carried it. */
export interface Sequenced<E extends StreamEvent = StreamEvent> {
  seq: number;
  event: E;
}

/**
 * A projection folds stream events into tables it alone owns. `load` reads the state a fold needs
 * (the only I/O); `fold` is pure and returns the statements (or rows to COPY), which the runner
 * executes in the transaction that also advances the projection's checkpoint.
 */
export interface Projection<S = unknown> {
  readonly name: string;
  /** The origin of the messages this projection consumes (one filter subject per consumer); it picks its event types itself. */
  readonly origin: StreamOrigin | '*';
  /** Tables the projection owns, in creation order; rebuild recreates exactly these. */
  readonly tables: readonly string[];
  /**
   * Of `tables`, those the fold only appends to (or updates through `foldIndexes` or a unique
   * index) and never reads otherwise: a rebuild builds their other indexes once, after folding,
   * instead of row by row.
   */
  readonly appendOnlyTables?: readonly string[];
  /** Non-unique indexes (their names in `public`) of `appendOnlyTables` that the fold's updates find rows by: a rebuild keeps them while folding. */
  readonly foldIndexes?: readonly string[];
  /**
   * Of `tables`, those the fold writes only through `Counters` (src/db/counters.ts), that no `load`
   * reads and no other statement touches: a rebuild sums their rows in memory over many batches,
   * copies them into the table without its indexes, and builds every index after.
   */
  readonly counterTables?: readonly string[];
  /**
   * The fold loads no state and writes the same rows however its events are batched: a rebuild
   * folds it many batches at once.
   */
  readonly batchFree?: boolean;
  load(db: Db, events: readonly Sequenced[]): Promise<S>;
  fold(events: readonly Sequenced[], state: S): Statement[];
}
