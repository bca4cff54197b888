import { INK, MUTED } from './pdf-chart.js';
import type { Kept } from './pdf-summary.js';
import { fitText, formatCell, formatChange, formatNumber, pdfText } from './pdf-text.js';

export interface TableGroup {
  title?: string;
  /** Formatted cells, in the table's column order. */
  rows: string[][];
  /** Rows the group holds in all (more than `rows` when the PDF kept or shows fewer). */
  total: number;
}

export interface TableSpec {
  columns: { name: string; numeric: boolean }[];
  groups: TableGroup[];
}

const derived = (c: string) => c.startsWith('comparison_') || c.startsWith('change_');

/**
 * The lists' rows under their columns, the chart's label column first; null shows as `(none)`
 * (a hit without the value).
 */
export function listTable(
  kept: Kept[],
  columns: string[],
  text: (v: string) => string,
  label?: string,
): TableSpec | undefined {
  const lists = kept.filter((s) => s.isList);
  const rows = lists.flatMap((s) => s.rows);
  if (rows.length === 0) return undefined;
  const ordered = label && columns.includes(label) ? [label, ...columns.filter((c) => c !== label)] : columns;
  const used = ordered.filter((c) => rows.some((row) => row[c] !== undefined));
  const cell = (v: unknown) =>
    v === null ? '(none)' : typeof v === 'string' ? text(v) : formatCell(v as number | undefined);
  return {
    columns: used.map((c) => ({ name: c, numeric: rows.every((row) => typeof (row[c] ?? 0) === 'number') })),
    groups: lists.map((s) => ({
      ...(lists.length > 1 ? { title: s.list ?? '' } : {}),
      rows: s.rows.map((row) => used.map((c) => cell(row[c]))),
      total: s.total,
    })),
  };
}

/** A read of one row (the overview) as one line per figure: value, comparison window, change. */
export function figuresTable(kept: Kept[]): TableSpec | undefined {
  const one = kept.find((s) => !s.isList)?.rows[0];
  if (!one || kept.some((s) => s.isList)) return undefined;
  const names = Object.keys(one).filter((k) => !derived(k));
  const compared = Object.keys(one).some(derived);
  const rows = names.map((k) => {
    const change = one[`change_${k}`];
    const cells = [k, formatCell(one[k])];
    return compared
      ? [...cells, formatCell(one[`comparison_${k}`]), typeof change === 'number' ? formatChange(change) : '']
      : cells;
  });
  const columns = [
    { name: 'figure', numeric: false },
    { name: 'this window', numeric: true },
    ...(compared
      ? [
          { name: 'comparison window', numeric: true },
          { name: 'change', numeric: true },
        ]
      : []),
  ];
  return { columns, groups: [{ rows, total: rows.length }] };
}

/** One row at a time to each group in turn while rows remain, so every list shows its top rows. */
function allocate(sizes: number[], budget: number): number[] {
  const out = sizes.map(() => 0);
  for (let left = budget, grew = true; left > 0 && grew;) {
    grew = false;
    for (let i = 0; i < sizes.length && left > 0; i++)
      if (out[i]! < sizes[i]!) [out[i], left, grew] = [out[i]! + 1, left - 1, true];
  }
  return out;
}

const ROW = 11.5;

/**
 * The table from `top` down to `bottom`: as many rows as fit, the columns that fit the width
 * (the first ones), and below it what the page leaves out (`N more rows in the CSV`).
 */
export function drawTable(
  doc: PDFKit.PDFDocument,
  spec: TableSpec,
  box: { x: number; w: number; top: number; bottom: number },
) {
  doc.font('Helvetica').fontSize(8);
  const all = spec.groups.flatMap((g) => g.rows);
  const natural = spec.columns.map((c, i) => {
    const widest = Math.max(doc.widthOfString(c.name), ...all.map((r) => doc.widthOfString(r[i] ?? '')));
    return { ...c, i, w: Math.min(170, widest) + 12 };
  });
  const cols: typeof natural = [];
  for (const c of natural) if (cols.reduce((a, b) => a + b.w, c.w) <= box.w) cols.push(c);
  const spare = Math.min(40, (box.w - cols.reduce((a, b) => a + b.w, 0)) / Math.max(cols.length, 1));
  const titled = spec.groups.filter((g) => g.title !== undefined).length;
  const budget = Math.floor((box.bottom - box.top - ROW) / ROW) - titled;
  const shown = allocate(
    spec.groups.map((g) => g.rows.length),
    Math.max(budget, 0),
  );
  const line = (cells: string[], y: number, font: string, color = INK) => {
    doc.font(font).fontSize(8).fillColor(color);
    let x = box.x;
    for (const c of cols) {
      const w = c.w + spare;
      const text = fitText(doc, pdfText(cells[c.i] ?? ''), w - 8);
      doc.text(text, x + 4, y + 2, { width: w - 8, lineBreak: false, align: c.numeric ? 'right' : 'left' });
      x += w;
    }
  };
  let y = box.top;
  line(
    spec.columns.map((c) => c.name),
    y,
    'Helvetica-Bold',
  );
  y += ROW;
  spec.groups.forEach((g, i) => {
    if (g.title !== undefined) {
      doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
      doc.text(fitText(doc, pdfText(g.title), box.w), box.x, y + 2, { lineBreak: false });
      y += ROW;
    }
    g.rows.slice(0, shown[i]).forEach((row, k) => {
      if (k % 2 === 0)
        doc
          .rect(
            box.x,
            y,
            cols.reduce((a, c) => a + c.w + spare, 0),
            ROW,
          )
          .fillColor('#f6f8fa')
          .fill();
      line(row, y, 'Helvetica');
      y += ROW;
    });
  });
  const more = spec.groups.reduce((n, g) => n + g.total, 0) - shown.reduce((a, b) => a + b, 0);
  const hidden = natural.length - cols.length;
  const notes = [
    more > 0 ? `${formatNumber(more)} more rows in the CSV` : '',
    hidden > 0 ? `${hidden} more columns in the CSV` : '',
  ].filter(Boolean);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED);
  if (notes.length) doc.text(notes.join(' · '), box.x, box.bottom + 4, { lineBreak: false });
}
