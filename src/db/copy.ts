import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { withArrayLiterals } from './array-parameters.js';
import { Counters } from './counters.js';
import type { Db, Sql } from './sql.js';

/**
 * Rows for `COPY … FROM STDIN` (text format), built without I/O so a pure fold can return them.
 * Postgres parses each field once, where `INSERT … SELECT FROM unnest(…)` parses one array per
 * column and then materialises the rows: for a wide table that parsing costs as much as the insert.
 */
export class CopyRows {
  constructor(
    /** A table name from the code, never from input (resolved through the search path). */
    readonly table: string,
    readonly columns: readonly string[],
    /** The rows as COPY text: fields tab-separated, each row ending in a newline. */
    readonly text: string,
  ) {}
}

/** A field of a COPY text row: NULL as \N, backslash and the separators escaped. */
export function copyField(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return '\\N';
  if (typeof v !== 'string') return String(v);
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : v;
}
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** Items as COPY text: `fields(item)` gives a row's fields in the columns' order. */
export function copyText<T>(
  items: readonly T[],
  fields: (item: T) => (string | number | null | undefined)[],
): string {
  let text = '';
  for (const item of items) text += `${fields(item).map(copyField).join('\t')}\n`;
  return text;
}

/** What a fold returns: statements, rows to copy, and rows to merge into counters. */
export type Statement = Sql | CopyRows | Counters;

/** Runs a statement, or copies rows through the connection (a transaction's client: COPY streams on one). */
export async function runStatement(db: Db, statement: Statement): Promise<void> {
  if (!(statement instanceof CopyRows)) {
    const q = statement instanceof Counters ? statement.toSql() : statement;
    await db.query({ text: q.text, values: withArrayLiterals(q.values) });
    return;
  }
  if (!('release' in db)) throw new Error('COPY needs a client of its own, not the pool');
  const client: pg.PoolClient = db;
  const copy = client.query(copyFrom(`COPY ${statement.table} (${statement.columns.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from([statement.text]), copy);
}
