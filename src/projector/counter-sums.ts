import type pg from 'pg';
import { CopyRows, copyField, runStatement } from '../db/copy.js';
import { type CounterColumn, type CounterValue, Counters, type Merge } from '../db/counters.js';
import { withTransaction } from '../db/transaction.js';

/** Rows of one COPY: bounds the text held at once. */
const COPY_ROWS = 50_000;

interface TableSums {
  columns: readonly CounterColumn[];
  keys: number[];
  merged: { index: number; merge: Merge; time: boolean }[];
  rows: Map<string, CounterValue[]>;
  /** How many times rows were written: more than once, the same key may be in the table twice. */
  flushes: number;
}

/** A key's part: its type marked, so null, '' and 0 stay apart (the unique keys hold NULLS NOT DISTINCT). */
const keyPart = (v: CounterValue) =>
  v === null || v === undefined ? 'n' : typeof v === 'string' ? `s${v}` : `v${String(v)}`;

/**
 * A rebuild's counters, summed in memory over many batches and written by COPY into tables that
 * have no index yet (a rebuild builds them after): where the live fold upserts a row per key and
 * batch, this writes each key once per flush. Flushing more than once (memory is bounded) may leave
 * a key in several rows; `collapse` merges them in SQL before the indexes are built.
 */
export class CounterSums {
  private readonly tables = new Map<string, TableSums>();
  /** Rows held now, all tables together. */
  size = 0;

  constructor(
    /** The schema the tables are written in (a rebuild's shadow). */
    private readonly schema: string,
    /** The tables summed here; `Counters` of any other table run as statements. */
    readonly names: ReadonlySet<string>,
  ) {}

  takes(statement: unknown): statement is Counters {
    return statement instanceof Counters && this.names.has(statement.table);
  }

  add(c: Counters): void {
    let t = this.tables.get(c.table);
    if (!t) {
      t = {
        columns: c.columns,
        keys: c.columns.flatMap((col, i) => (col.merge ? [] : [i])),
        merged: c.columns.flatMap((col, index) =>
          col.merge ? [{ index, merge: col.merge, time: col.type === 'timestamptz' }] : [],
        ),
        rows: new Map(),
        flushes: 0,
      };
      this.tables.set(c.table, t);
    } else if (!sameColumns(t.columns, c.columns)) {
      throw new Error(`counters of ${c.table} written with two column lists`);
    }
    const { values } = c;
    for (let r = 0; r < c.rows; r++) {
      let key = '';
      for (const k of t.keys) key += `${keyPart(values[k]![r]!)}\0`;
      const row = t.rows.get(key);
      if (row === undefined) {
        t.rows.set(
          key,
          values.map((col) => col[r] ?? null),
        );
        this.size++;
        continue;
      }
      for (const m of t.merged) row[m.index] = merged(m.merge, m.time, row[m.index], values[m.index]![r]);
    }
  }

  /**
   * Writes the rows held and forgets them. The rows are taken before the first await: a fold
   * running beside the flush (a rebuild's held `batchFree` run) adds to fresh maps, written later.
   */
  async flush(db: pg.Pool): Promise<void> {
    const taken: { table: string; t: TableSums; rows: Map<string, CounterValue[]> }[] = [];
    for (const [table, t] of this.tables) {
      if (t.rows.size === 0) continue;
      taken.push({ table, t, rows: t.rows });
      t.rows = new Map();
    }
    this.size = 0;
    for (const { table, t, rows } of taken) {
      const columns = t.columns.map((c) => c.name);
      let text = '';
      let n = 0;
      const copies: CopyRows[] = [];
      for (const row of rows.values()) {
        for (let i = 0; i < row.length; i++) text += (i === 0 ? '' : '\t') + copyField(row[i]);
        text += '\n';
        if (++n === COPY_ROWS) {
          copies.push(new CopyRows(`${this.schema}.${table}`, columns, text));
          text = '';
          n = 0;
        }
      }
      if (n > 0) copies.push(new CopyRows(`${this.schema}.${table}`, columns, text));
      await withTransaction(db, async (tx) => {
        for (const copy of copies) await runStatement(tx, copy);
      });
      t.flushes++;
    }
  }

  /** Statements merging the keys written more than once into one row each, in place. */
  collapse(): string[] {
    const out: string[] = [];
    for (const [table, t] of this.tables) {
      if (t.flushes < 2) continue;
      const names = t.columns.map((c) => c.name);
      const keys = t.keys.map((k) => names[k]!);
      const selected = t.columns.map((c) =>
        c.merge ? `${aggregateOf(c.merge)}(${c.name})::${c.type}` : c.name,
      );
      out.push(`WITH gone AS (DELETE FROM ${this.schema}.${table} RETURNING *)
        INSERT INTO ${this.schema}.${table} (${names.join(', ')})
        SELECT ${selected.join(', ')} FROM gone GROUP BY ${keys.join(', ')}`);
    }
    return out;
  }
}

const sameColumns = (a: readonly CounterColumn[], b: readonly CounterColumn[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((c, i) => c.name === b[i]!.name && c.type === b[i]!.type && c.merge === b[i]!.merge));

const aggregateOf = (merge: Merge) => (merge === 'add' ? 'sum' : merge === 'least' ? 'min' : 'max');

const isNull = (v: CounterValue) => v === null || v === undefined;

/** As the live statement merges: `+` (null if either is), LEAST and GREATEST (nulls ignored). */
function merged(merge: Merge, time: boolean, a: CounterValue, b: CounterValue): CounterValue {
  if (merge === 'add') return isNull(a) || isNull(b) ? null : (a as number) + (b as number);
  if (isNull(a)) return b ?? null;
  if (isNull(b)) return a;
  const [x, y] = time ? [Date.parse(a as string), Date.parse(b as string)] : [a, b];
  return (merge === 'least' ? x <= y : x >= y) ? a : b;
}
