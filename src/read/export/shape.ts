import type { Audience, Query } from '../envelope/query.js';
import type { Report } from '../envelope/report.js';
import type { Section } from './table.js';

/** The PDF's chart: a line over buckets, ranked bars of one list, or bars of one row's figures. */
export type ChartSpec =
  | { kind: 'line'; x: string; y: string }
  | { kind: 'bars'; label: string; value: string; list?: string }
  | { kind: 'fields'; fields: readonly string[] };

/**
 * How a read exports, where its data alone cannot tell: its columns (the CSV header is written
 * before the first row, so a field that some rows lack must be declared), its PDF chart, and
 * for data the general rule (table.ts) lays out poorly, its own rows. A read without a shape
 * exports the columns of its first page and a chart guessed from them.
 */
export interface ExportShape {
  columns: (q: Query) => readonly string[];
  chart?: ChartSpec;
  sections?: (data: unknown) => Section[];
}

/** Shapes by report name (within its family), then audience. */
export type ShapeBook = Readonly<Record<string, Partial<Record<Audience, ExportShape>>>>;

/** A family of reads that export: `/api/stats` reads by their names, others as `<prefix>/<name>`. */
export interface ExportFamily {
  prefix?: string;
  reports: readonly Report[];
  shapes?: ShapeBook;
}
