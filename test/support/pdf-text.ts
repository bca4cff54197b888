import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';

const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * A PDF's pages, each as its text in lines as on the page: the pieces of text that share a
 * baseline make one line, left to right, with a space where the page leaves a gap between them;
 * lines top to bottom, each ending in `\n`. So a table row reads `/a  5  5` as a reader sees it.
 */
export async function pdfPages(data: Uint8Array): Promise<string[]> {
  const doc = await getDocument({
    // pdf.js takes the bytes over; a copy leaves the caller's (a response's payload) intact.
    data: new Uint8Array(data),
    standardFontDataUrl: STANDARD_FONTS,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const { items } = await page.getTextContent();
      pages.push(layout(items.filter((i): i is TextItem => 'str' in i && i.str.trim() !== '')));
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** Pieces whose baselines differ by less than this share a line (PDF units, 1/72 inch). */
const SAME_LINE = 2;

function layout(items: TextItem[]): string {
  const lines: { y: number; items: TextItem[] }[] = [];
  for (const item of items) {
    const y = item.transform[5]!;
    const line = lines.find((l) => Math.abs(l.y - y) < SAME_LINE);
    if (line) line.items.push(item);
    else lines.push({ y, items: [item] });
  }
  // PDF's y grows upwards: the top line has the largest.
  lines.sort((a, b) => b.y - a.y);
  return lines
    .map((line) => {
      line.items.sort((a, b) => a.transform[4]! - b.transform[4]!);
      let text = '';
      let end = -Infinity;
      for (const item of line.items) {
        const x = item.transform[4]!;
        // A gap wider than a fifth of the font's height is a space a reader sees.
        if (text !== '' && x - end > Math.abs(item.transform[3]!) / 5) text += ' ';
        text += item.str;
        end = x + item.width;
      }
      return `${text}\n`;
    })
    .join('');
}
