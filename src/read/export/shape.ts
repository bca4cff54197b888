import type { Audience, Query } from '../envelope/query.js';

/** The PDF's chart: a line over buckets, ranked bars of one list, or bars of one row's figures. */
export type ChartSpec =
  | { kind: 'line'; x: string; y: string }
  | { kind: 'bars'; label: string; value: string; list?: string }
  | { kind: 'fields'; fields: readonly string[] };

/**
 * How a read exports, where its data alone cannot tell: its columns (the CSV header is written
 * before the first row, so a field that some rows lack must be declared) and its PDF chart.
 * A read without a shape exports the columns of its first page and a chart guessed from them.
 */
export interface ExportShape {
  columns: (q: Query) => readonly string[];
  chart?: ChartSpec;
}

/** Shapes by report name, then audience. */
export type ShapeBook = Readonly<Record<string, Partial<Record<Audience, ExportShape>>>>;
