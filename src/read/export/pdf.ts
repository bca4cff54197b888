import PDFDocument from 'pdfkit';
import type { Query } from '../envelope/query.js';
import { filtersLabel, localTime, windowLabel } from './labels.js';
import { type Bar, type Box, barChart, INK, lineChart, MUTED } from './pdf-chart.js';
import { type Kept, type Tile, tilesOf } from './pdf-summary.js';
import { drawTable, figuresTable, listTable } from './pdf-table.js';
import { fitText, formatCell, pdfText } from './pdf-text.js';
import type { ChartSpec } from './shape.js';

export interface PdfReport {
  domain: string;
  report: string;
  q: Query;
  /** The read's own parameters as understood. */
  params: Record<string, unknown>;
  pageThrough: boolean;
  columns: string[];
  chart: ChartSpec | undefined;
  kept: Kept[];
}

const A4 = { w: 595.28, h: 841.89 };
const M = 40;
const WIDTH = A4.w - 2 * M;

function line(doc: PDFKit.PDFDocument, text: string, y: number, size = 9, color = MUTED, font = 'Helvetica') {
  doc.font(font).fontSize(size).fillColor(color);
  doc.text(fitText(doc, pdfText(text), WIDTH), M, y, { width: WIDTH, lineBreak: false });
  return y + size * 1.35;
}

function title(doc: PDFKit.PDFDocument, r: PdfReport): number {
  const { q } = r;
  let y = line(doc, `${r.domain} · ${r.report}`, M, 18, INK, 'Helvetica-Bold') + 4;
  y = line(
    doc,
    `${windowLabel(q, q.tz)} (${q.tz}) · by ${q.granularity}${q.range ? ` · range ${q.range}` : ''}`,
    y,
  );
  if (q.comparison)
    y = line(doc, `compared with ${windowLabel(q.comparison, q.tz)} (compare ${q.compare})`, y);
  const filters = filtersLabel(q.filters);
  const scope = [
    `audience ${q.audience}`,
    filters && `filters: ${filters}`,
    q.segment && `segment ${q.segment}`,
  ];
  y = line(doc, scope.filter(Boolean).join(' · '), y);
  const own = Object.entries(r.params).filter(([k, v]) => k !== 'limit' && k !== 'page' && v !== undefined);
  const rows = r.pageThrough
    ? 'all rows'
    : 'limit' in r.params
      ? `limit ${r.params.limit}${'page' in r.params ? `, page ${r.params.page}` : ''}`
      : '';
  const details = [
    ...own.map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`),
    rows,
  ]
    .filter(Boolean)
    .join(' · ');
  return (details ? line(doc, details, y) : y) + 8;
}

function tiles(doc: PDFKit.PDFDocument, list: Tile[], y: number): number {
  const perRow = 6;
  const gap = 8;
  const w = (WIDTH - gap * (perRow - 1)) / perRow;
  list.slice(0, perRow * 3).forEach((t, i) => {
    const x = M + (i % perRow) * (w + gap);
    const top = y + Math.floor(i / perRow) * 48;
    doc.rect(x, top, w, 42).fillColor('#f3f5f7').fill();
    doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
    doc.text(fitText(doc, pdfText(t.label), w - 8), x + 4, top + 4, { lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(14).fillColor(INK);
    doc.text(fitText(doc, pdfText(t.value), w - 8), x + 4, top + 14, { lineBreak: false });
    doc.font('Helvetica').fontSize(7).fillColor(MUTED);
    if (t.note) doc.text(fitText(doc, pdfText(t.note), w - 8), x + 4, top + 32, { lineBreak: false });
  });
  return y + Math.ceil(Math.min(list.length, perRow * 3) / perRow) * 48 + 6;
}

function chart(doc: PDFKit.PDFDocument, r: PdfReport, y: number): number {
  const spec = r.chart;
  const time = (v: unknown) => localTime(String(v), r.q.tz, r.q.granularity);
  const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
  doc.font('Helvetica');
  if (spec?.kind === 'line') {
    const rows = r.kept.find((s) => s.isList)?.rows ?? [];
    const metric = typeof r.params.metric === 'string' ? r.params.metric : spec.y;
    const points = rows.map((row) => ({
      label: time(row[spec.x]),
      ...(num(row[spec.y]) !== undefined ? { value: num(row[spec.y]) } : {}),
      ...(num(row[`comparison_${spec.y}`]) !== undefined
        ? { comparison: num(row[`comparison_${spec.y}`]) }
        : {}),
    }));
    const box: Box = { x: M, y, w: WIDTH, h: 190 };
    lineChart(doc, box, points, { x: `bucket start (${r.q.tz})`, y: `${metric} per ${r.q.granularity}` });
    return y + box.h + 10;
  }
  let bars: Bar[] = [];
  let axis = '';
  if (spec?.kind === 'fields') {
    const one = r.kept.find((s) => !s.isList)?.rows[0] ?? {};
    bars = spec.fields.flatMap((f) => {
      const value = num(one[f]);
      const before = num(one[`comparison_${f}`]);
      return value === undefined
        ? []
        : [{ label: f, value, ...(before !== undefined ? { comparison: before } : {}) }];
    });
    axis = r.q.comparison ? 'this window (blue) and the comparison window (grey)' : '';
  } else if (spec?.kind === 'bars') {
    const list = r.kept.find((s) => s.isList && (spec.list === undefined || s.list === spec.list));
    bars = (list?.rows ?? []).slice(0, 10).flatMap((row) => {
      const value = num(row[spec.value]);
      return value === undefined ? [] : [{ label: formatCell(row[spec.label]) || '(none)', value }];
    });
    axis = `${spec.value}${spec.list ? ` · top ${spec.list}` : ''}`;
  }
  if (bars.length === 0) return y;
  const h = Math.min(10, bars.length) * 18 + 34;
  barChart(doc, { x: M, y, w: WIDTH, h }, bars, axis);
  return y + h + 8;
}

/** One A4 page: what was read and how, the key figures, a chart, and the top rows that fit. */
export function pdfDocument(r: PdfReport): PDFKit.PDFDocument {
  // No margins: every element is placed explicitly, above the bottom edge, so nothing can flow
  // onto a second page.
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    info: { Title: pdfText(`${r.domain} · ${r.report}`), Producer: 'twofold', Creator: 'twofold' },
  });
  let y = title(doc, r);
  y = tiles(
    doc,
    tilesOf(r.kept, r.chart, r.report, (t) => localTime(t, r.q.tz, r.q.granularity)),
    y,
  );
  y = chart(doc, r, y);
  const text = (v: string) => localTime(v, r.q.tz, r.q.granularity);
  const label = r.chart?.kind === 'bars' ? r.chart.label : undefined;
  const table = listTable(r.kept, r.columns, text, label) ?? figuresTable(r.kept);
  if (table) drawTable(doc, table, { x: M, w: WIDTH, top: y, bottom: A4.h - M - 14 });
  doc.end();
  return doc;
}
