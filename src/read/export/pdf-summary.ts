import { type ExportRead, exportRows } from './page-through.js';
import { formatCell, formatChange, formatNumber } from './pdf-text.js';
import type { ChartSpec, ExportShape } from './shape.js';
import type { Section } from './table.js';

/** Rows of each list the PDF keeps when a read is paged through; the rest are only counted. */
export const PDF_KEEP = 60;

/** A section with the rows the PDF keeps and the number it holds in all. */
export interface Kept extends Section {
  total: number;
}

/**
 * The rows the PDF shows, as the CSV reads them, and each list's total: a read answered in one call
 * keeps all (a series' points); a list read paged through keeps its first PDF_KEEP rows of each
 * list, and the lists that fill a page are counted by Postgres, not read.
 */
export async function collect(read: ExportRead): Promise<Kept[]> {
  const keep = read.next ? PDF_KEEP : Infinity;
  const out: Kept[] = read.first.map((s) => ({ ...s, rows: [], total: 0 }));
  for await (const { index, row } of exportRows(read, keep)) out[index]!.rows.push(row);
  for (const s of out) s.total = s.rows.length;
  if (!read.next) return out;
  const full = read.first.flatMap((s, i) => (s.isList && s.rows.length === read.pageRows ? [i] : []));
  const counts = full.length > 0 ? await read.fullCounts?.() : [];
  if (counts?.length === full.length) {
    full.forEach((i, j) => (out[i]!.total = counts[j]!));
    return out;
  }
  // Lists the read's list queries do not match one for one (a list answered whole that happens to
  // fill a page): counted by reading them, still from their cursors.
  for (const s of out) s.total = 0;
  for await (const { index } of exportRows(read)) out[index]!.total += 1;
  return out;
}

const isNumber = (v: unknown): v is number => typeof v === 'number';
const derived = (c: string) => c.startsWith('comparison_') || c.startsWith('change_');

/** The shape's chart, else a guess: a line over `t`, bars of the first list, bars of one row. */
export function chartOf(
  shape: ExportShape | undefined,
  columns: string[],
  kept: Kept[],
): ChartSpec | undefined {
  if (shape?.chart) return shape.chart;
  const rows = kept.flatMap((s) => s.rows);
  const numeric = columns.filter((c) => !derived(c) && rows.some((r) => isNumber(r[c])));
  const y = numeric.find((c) => c !== 't');
  if (columns.includes('t') && y) return { kind: 'line', x: 't', y };
  const list = kept.find((s) => s.isList && s.rows.length > 0);
  if (list) {
    const value = numeric.find((c) => list.rows.some((r) => isNumber(r[c])));
    const label = columns.find((c) => list.rows.some((r) => typeof r[c] === 'string'));
    if (value && label) return { kind: 'bars', label, value, ...(list.list ? { list: list.list } : {}) };
  }
  const one = kept.find((s) => !s.isList)?.rows[0];
  return one ? { kind: 'fields', fields: numeric.filter((c) => isNumber(one[c])) } : undefined;
}

export interface Tile {
  label: string;
  value: string;
  note?: string;
}

function seriesTiles(kept: Kept[], x: string, y: string, time: (t: string) => string): Tile[] {
  const rows = kept.find((s) => s.isList)?.rows ?? [];
  const points = rows.filter((r) => isNumber(r[y]));
  const values = points.map((r) => r[y] as number);
  const tiles: Tile[] = [{ label: 'buckets', value: formatNumber(rows.length) }];
  if (values.length === 0) return [...tiles, { label: y, value: '—', note: 'not computable in any bucket' }];
  const high = points.find((r) => r[y] === Math.max(...values))!;
  const low = points.find((r) => r[y] === Math.min(...values))!;
  const mean = (vs: number[]) => formatNumber(vs.reduce((a, b) => a + b, 0) / vs.length);
  tiles.push(
    { label: 'highest', value: formatNumber(high[y] as number), note: time(String(high[x])) },
    { label: 'lowest', value: formatNumber(low[y] as number), note: time(String(low[x])) },
    { label: 'mean per bucket', value: mean(values) },
  );
  const before = rows.map((r) => r[`comparison_${y}`]).filter(isNumber);
  if (before.length > 0) tiles.push({ label: 'comparison mean', value: mean(before) });
  return tiles;
}

/** The key figures: one row's fields (with comparison and change), a series' extremes, or list sizes. */
export function tilesOf(
  kept: Kept[],
  chart: ChartSpec | undefined,
  report: string,
  time: (t: string) => string,
) {
  const one = kept.find((s) => !s.isList)?.rows[0];
  if (one)
    return Object.keys(one)
      .filter((k) => !derived(k))
      .map((k): Tile => {
        const before = one[`comparison_${k}`];
        const change = one[`change_${k}`];
        const note = [
          before === undefined ? '' : `vs ${formatCell(before)}`,
          isNumber(change) ? formatChange(change) : '',
        ].filter((s) => s !== '');
        return { label: k, value: formatCell(one[k]), ...(note.length ? { note: note.join(' · ') } : {}) };
      });
  if (chart?.kind === 'line') return seriesTiles(kept, chart.x, chart.y, time);
  const value = chart?.kind === 'bars' ? chart.value : undefined;
  const label = chart?.kind === 'bars' ? chart.label : undefined;
  return kept.map((s): Tile => {
    const top = s.rows[0];
    const note =
      top && label && value
        ? `top: ${formatCell(top[label]) || '(none)'} (${formatCell(top[value])} ${value})`
        : '';
    return { label: s.list ?? report, value: `${formatNumber(s.total)} rows`, ...(note ? { note } : {}) };
  });
}
