import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { pdfPages } from './pdf-text.js';

/** A PDF drawn with pdfkit, as the exports are: each page a list of [text, x, y]. */
function pdfOf(pages: [string, number, number][][]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  for (const texts of pages) {
    doc.addPage();
    for (const [text, x, y] of texts) doc.fontSize(10).text(text, x, y, { lineBreak: false });
  }
  doc.end();
  return done;
}

describe('pdfPages', () => {
  it('gives each page its lines top to bottom, the cells of a row left to right', async () => {
    const data = await pdfOf([
      [
        ['pathname', 40, 100],
        ['/b', 40, 120],
        ['4', 200, 120],
        // Drawn before its row's first cell, and above the row drawn first.
        ['5', 200, 110],
        ['/a', 40, 110],
        ['visitors', 200, 100],
      ],
      [['second page · end', 40, 40]],
    ]);
    expect(await pdfPages(data)).toEqual(['pathname visitors\n/a 5\n/b 4\n', 'second page · end\n']);
  });
});
