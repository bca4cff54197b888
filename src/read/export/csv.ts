import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { ListRow } from './page-through.js';
import type { Cell } from './table.js';

/**
 * Text a spreadsheet would run as a formula (= + - @, tab, carriage return; OWASP's list), and a
 * leading quote so that the guard stays reversible: such a cell gets one `'` in front, and
 * removing one leading `'` from any cell that starts with `'` gives the value back.
 */
const NEEDS_GUARD = /^[=+\-@\t\r']/;

/** One cell's text: empty for null or absent (rule 1: never a 0), numbers as JSON writes them. */
export function csvCell(v: Cell | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return NEEDS_GUARD.test(v) ? `'${v}` : v;
  return String(v);
}

export interface CsvLayout {
  /** The report, named in the error when a row carries a field the header lacks. */
  report: string;
  columns: readonly string[];
  listColumn: boolean;
}

async function* records(layout: CsvLayout, rows: AsyncIterable<ListRow>): AsyncGenerator<string[]> {
  const known = new Set(layout.columns);
  for await (const { list, row } of rows) {
    for (const k of Object.keys(row))
      // The header is out already: a field it lacks can only fail the download, never vanish.
      if (!known.has(k)) throw new Error(`export of ${layout.report}: field ${k} is not a column`);
    const cells = layout.columns.map((c) => csvCell(row[c]));
    yield layout.listColumn ? [list ?? '', ...cells] : cells;
  }
}

/**
 * RFC 4180 text (CRLF line ends, fields quoted when they hold a comma, quote or line break) written
 * as the rows arrive: the stream pulls the next row, and so the next page, only once it has room.
 */
export function csvStream(layout: CsvLayout, rows: AsyncIterable<ListRow>): Readable {
  const out = stringify({
    header: true,
    columns: layout.listColumn ? ['list', ...layout.columns] : [...layout.columns],
    record_delimiter: 'windows',
  });
  // A failure after the first byte cannot become an error envelope: the stream ends early and
  // the reply is cut off, which clients see as a failed download.
  pipeline(Readable.from(records(layout, rows)), out).catch(() => {});
  return out;
}
