/**
 * A read's `data` as rows of flat cells, the one shape both exports write. An array is one list.
 * An object's fields that are not arrays make one row (nested objects flattened with `_`:
 * `comparison.visitors` → `comparison_visitors`), and each of its arrays is a list of its own,
 * except that a `comparison` array (the compare window's series) is paired by position with the
 * `series` array, or with the one other array, its columns prefixed `comparison_`.
 */

export type Cell = string | number | boolean | null;
export type FlatRow = Record<string, Cell>;

/** One list of a read's data, or its top-level fields as one row (`isList` false). */
export interface Section {
  /** The data's field holding the list; undefined for an array read and for top-level fields. */
  list: string | undefined;
  isList: boolean;
  rows: FlatRow[];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Nested objects become `parent_child` columns; absent fields stay absent (rule 1), never 0. */
export function flatten(value: Record<string, unknown>, prefix = '', out: FlatRow = {}): FlatRow {
  for (const [k, v] of Object.entries(value)) {
    const key = prefix + k;
    if (v === undefined) continue;
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[key] = v;
    else if (v instanceof Date) out[key] = v.toISOString();
    else if (isPlainObject(v)) flatten(v, `${key}_`, out);
    // A list inside a row (e.g. a row's agents) stays one cell, as its JSON text.
    else out[key] = JSON.stringify(v);
  }
  return out;
}

const rowOf = (v: unknown): FlatRow => (isPlainObject(v) ? flatten(v) : flatten({ value: v }));

function paired(main: unknown[], comparison: unknown[]): FlatRow[] {
  return Array.from({ length: Math.max(main.length, comparison.length) }, (_, i) => ({
    ...(i < main.length ? rowOf(main[i]) : {}),
    ...(i < comparison.length ? flatten({ comparison: rowOf(comparison[i]) }) : {}),
  }));
}

export function sections(data: unknown): Section[] {
  if (Array.isArray(data)) return [{ list: undefined, isList: true, rows: data.map(rowOf) }];
  if (!isPlainObject(data)) return [{ list: undefined, isList: false, rows: [rowOf(data)] }];
  const entries = Object.entries(data).filter(([, v]) => v !== undefined);
  const lists = entries.filter((e): e is [string, unknown[]] => Array.isArray(e[1]));
  const fields = entries.filter(([, v]) => !Array.isArray(v));
  const out: Section[] = [];
  if (fields.length > 0 || lists.length === 0)
    out.push({ list: undefined, isList: false, rows: [flatten(Object.fromEntries(fields))] });
  // The compare window's list pairs with the series it compares (or with the one other list).
  const comparison = lists.find(([k]) => k === 'comparison');
  const others = lists.filter(([k]) => k !== 'comparison');
  const main =
    comparison && (others.find(([k]) => k === 'series') ?? (others.length === 1 ? others[0] : undefined));
  for (const [name, rows] of others)
    out.push({
      list: name,
      isList: true,
      rows: main && name === main[0] ? paired(rows, comparison[1]) : rows.map(rowOf),
    });
  if (comparison && !main) out.push({ list: 'comparison', isList: true, rows: comparison[1].map(rowOf) });
  return out;
}

/** Whether rows carry a `list` column: only when the data holds more than one section. */
export const hasListColumn = (s: readonly Section[]) => s.length > 1;

/** The declared columns first, then any other field of these rows in the order first seen. */
export function columnsOf(s: readonly Section[], declared: readonly string[] = []): string[] {
  const columns = new Set(declared);
  for (const section of s) for (const row of section.rows) for (const k of Object.keys(row)) columns.add(k);
  return [...columns];
}
