import type { FlatRow, Section } from './table.js';

/** A list read exports in pages of this many rows: memory holds one page whatever the list's size. */
export const PAGE_ROWS = 1000;

/** An export's reading: the first call's sections and, for a list read paged through, the next. */
export interface ExportRead {
  /** Made before the response starts, so its errors are the JSON error envelope's. */
  first: Section[];
  /** Page `n` (from 2) of the same read; absent for a read answered by one call. */
  next?: (n: number) => Promise<Section[]>;
  pageRows: number;
  /** The rows of each list whose first page was full, in the data's order (counted, not read). */
  fullCounts?: () => Promise<number[]>;
  /** Gives the export's connection back once its rows are read, or never will be; idempotent. */
  close?: () => Promise<void>;
}

export interface ListRow {
  /** The section's position in the data, and its list's name. */
  index: number;
  list: string | undefined;
  row: FlatRow;
}

/**
 * Every row of every section in the data's order (at most `keep` of each). Paging through, each
 * list is read to its end (a page that is not full) before the next list starts, each page
 * fetched only once the one before has been taken, so a grouped read (channels, sources,
 * campaigns) keeps its order. A page of a grouped read holds every list; only the list being
 * written is kept from it.
 */
export async function* exportRows(r: ExportRead, keep = Infinity): AsyncGenerator<ListRow> {
  const first = [...r.first];
  for (let i = 0; i < first.length; i++) {
    let section = first[i]!;
    first[i] = { ...section, rows: [] };
    let taken = 0;
    for (let n = 2; ; n++) {
      for (const row of section.rows) {
        if (taken === keep) break;
        taken += 1;
        yield { index: i, list: section.list, row };
      }
      // A list answered whole (more rows than a page) is not paged: only a full page may have more.
      if (!r.next || !section.isList || section.rows.length !== r.pageRows || taken === keep) break;
      section = (await r.next(n))[i] ?? { ...section, rows: [] };
    }
  }
}
