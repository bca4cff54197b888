import { fitText, formatNumber, pdfText } from './pdf-text.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const INK = '#1f2933';
export const MUTED = '#6b7785';
const RULE = '#d5dbe1';
const MAIN = '#2f6fdf';
const OTHER = '#9aa5b1';

/** The smallest of 1, 2, 2.5, 5 × 10^k at or above `max` (an axis that ends on a round figure). */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 2.5, 5, 10].find((m) => m * p >= max) ?? 10) * p;
}

function label(doc: PDFKit.PDFDocument, text: string, x: number, y: number, w: number, align = 'left') {
  doc.text(fitText(doc, pdfText(text), w), x, y, { width: w, lineBreak: false, align: align as 'left' });
}

export interface LinePoint {
  label: string;
  value?: number;
  comparison?: number;
}

/** Buckets as a line with its area (comparison dashed), y ticks at quarters, first/middle/last x labels. */
export function lineChart(
  doc: PDFKit.PDFDocument,
  box: Box,
  points: LinePoint[],
  axes: { x: string; y: string },
) {
  const plot = { x: box.x + 44, y: box.y + 14, w: box.w - 52, h: box.h - 44 };
  const values = points.flatMap((p) => [p.value, p.comparison]).filter((v) => v !== undefined);
  const top = niceMax(Math.max(0, ...values));
  const px = (i: number) => plot.x + (points.length < 2 ? plot.w / 2 : (i / (points.length - 1)) * plot.w);
  const py = (v: number) => plot.y + plot.h - (v / top) * plot.h;
  doc.fontSize(7.5).fillColor(MUTED);
  label(doc, axes.y, box.x, box.y, box.w);
  for (let k = 0; k <= 4; k++) {
    const v = (top * k) / 4;
    doc
      .moveTo(plot.x, py(v))
      .lineTo(plot.x + plot.w, py(v))
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    label(doc, formatNumber(v), box.x, py(v) - 3, 40, 'right');
  }
  const runs = (pick: (p: LinePoint) => number | undefined) => {
    // Absent values (a ratio without sessions) break the line: never drawn as 0.
    const out: [number, number][][] = [[]];
    points.forEach((p, i) => {
      const v = pick(p);
      if (v === undefined) out.push([]);
      else out.at(-1)!.push([px(i), py(v)]);
    });
    return out.filter((r) => r.length > 0);
  };
  for (const run of runs((p) => p.comparison)) {
    doc.moveTo(...run[0]!);
    for (const pt of run.slice(1)) doc.lineTo(...pt);
    doc.dash(3, { space: 2 }).lineWidth(1).strokeColor(OTHER).stroke().undash();
  }
  for (const run of runs((p) => p.value)) {
    const base = plot.y + plot.h;
    doc
      .polygon([run[0]![0], base], ...run, [run.at(-1)![0], base])
      .fillOpacity(0.12)
      .fill(MAIN)
      .fillOpacity(1);
    doc.moveTo(...run[0]!);
    for (const pt of run.slice(1)) doc.lineTo(...pt);
    if (run.length === 1) doc.circle(run[0]![0], run[0]![1], 1.5).fill(MAIN);
    else doc.lineWidth(1.5).strokeColor(MAIN).stroke();
  }
  doc.fillColor(MUTED).fontSize(7.5);
  if (points.some((p) => p.comparison !== undefined))
    label(doc, 'solid: this window · dashed: comparison window', box.x, box.y, box.w, 'right');
  const ticks = [...new Set([0, Math.floor((points.length - 1) / 2), points.length - 1])].filter(
    (i) => i >= 0,
  );
  for (const i of ticks) label(doc, points[i]!.label, px(i) - 45, plot.y + plot.h + 4, 90, 'center');
  label(doc, axes.x, plot.x, plot.y + plot.h + 16, plot.w, 'center');
}

export interface Bar {
  label: string;
  value: number;
  comparison?: number;
}

/** Horizontal bars on one scale, each with its figure; a comparison bar in grey beneath. */
export function barChart(doc: PDFKit.PDFDocument, box: Box, bars: Bar[], axis: string) {
  const labelW = Math.min(150, box.w * 0.3);
  const plot = { x: box.x + labelW + 6, y: box.y + 4, w: box.w - labelW - 50, h: box.h - 30 };
  const top = niceMax(Math.max(0, ...bars.flatMap((b) => [b.value, b.comparison ?? 0])));
  const slot = Math.min(18, plot.h / Math.max(bars.length, 1));
  const sx = (v: number) => (v / top) * plot.w;
  doc.fontSize(7.5);
  bars.forEach((b, i) => {
    const y = plot.y + i * slot;
    const thick = b.comparison === undefined ? slot * 0.7 : slot * 0.45;
    doc.fillColor(INK);
    label(doc, b.label, box.x, y + thick / 2 - 3, labelW, 'right');
    doc.rect(plot.x, y, Math.max(sx(b.value), 0.5), thick).fill(MAIN);
    doc.fillColor(INK);
    label(doc, formatNumber(b.value), plot.x + sx(b.value) + 3, y + thick / 2 - 3, 46);
    if (b.comparison !== undefined) {
      doc.rect(plot.x, y + thick + 1, Math.max(sx(b.comparison), 0.5), slot * 0.25).fill(OTHER);
      doc.fillColor(MUTED);
      label(doc, formatNumber(b.comparison), plot.x + sx(b.comparison) + 3, y + thick - 2, 46);
    }
  });
  const base = plot.y + slot * Math.max(bars.length, 1) + 2;
  doc
    .moveTo(plot.x, base)
    .lineTo(plot.x + plot.w, base)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.fillColor(MUTED);
  for (const k of [0, 0.5, 1])
    label(doc, formatNumber(top * k), plot.x + plot.w * k - 20, base + 3, 40, 'center');
  label(doc, axis, plot.x, base + 13, plot.w, 'center');
}
