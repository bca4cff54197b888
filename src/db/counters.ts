import { join, raw, type Sql, sql } from './sql.js';

/** How a column of an existing row takes a new row's value: added, or the lesser or greater kept. */
export type Merge = 'add' | 'least' | 'greatest';

export interface CounterColumn {
  /** A column name from the code, never from input. */
  name: string;
  /** Its Postgres type, for the array parameter (`bigint`, `text`, `timestamptz`, …). */
  type: string;
  /** Absent for the columns of the table's unique key. */
  merge?: Merge;
}

/** undefined is NULL, as in any array parameter. */
export type CounterValue = string | number | boolean | null | undefined;

/**
 * Rows merged into a table on its unique key (the columns without `merge`): a new key is
 * inserted, an existing one takes each merged column as `merge` says. The keys of one statement
 * are distinct. Live, it runs as one `INSERT … SELECT FROM unnest(…) ON CONFLICT … DO UPDATE`; a
 * rebuild may instead merge the rows of many batches in memory and write each key once
 * (src/projector/counter-sums.ts): the same rows, since every merge is associative and commutative.
 */
export class Counters {
  constructor(
    /** A table name from the code, never from input (resolved through the search path). */
    readonly table: string,
    readonly columns: readonly CounterColumn[],
    /** One array per column, in `columns`' order, all of one length: the rows. */
    readonly values: readonly (readonly CounterValue[])[],
  ) {}

  get rows(): number {
    return this.values[0]?.length ?? 0;
  }

  /** The statement that merges the rows live. */
  toSql(): Sql {
    const names = this.columns.map((c) => c.name).join(', ');
    const keys = this.columns.filter((c) => !c.merge).map((c) => c.name);
    const sets = this.columns.flatMap((c) =>
      c.merge ? [`${c.name} = ${mergeExpression(c.name, c.merge)}`] : [],
    );
    const arrays = join(this.columns.map((c, i) => sql`${this.values[i]}::${raw(c.type)}[]`));
    return sql`INSERT INTO ${raw(this.table)} AS r (${raw(names)}) SELECT * FROM unnest(${arrays})
      ON CONFLICT (${raw(keys.join(', '))}) DO UPDATE SET ${raw(sets.join(', '))}`;
  }
}

function mergeExpression(column: string, merge: Merge): string {
  switch (merge) {
    case 'add':
      return `r.${column} + excluded.${column}`;
    case 'least':
      return `LEAST(r.${column}, excluded.${column})`;
    case 'greatest':
      return `GREATEST(r.${column}, excluded.${column})`;
  }
}
