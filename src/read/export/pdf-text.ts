/**
 * The PDF uses the standard Helvetica fonts, which carry Windows-1252 (WinAnsi) text only:
 * Latin script with its accents. Any other character prints as `?`.
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

export function pdfText(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    out += (c >= 0x20 && c <= 0x7e) || (c >= 0xa0 && c <= 0xff) || WIN_ANSI_EXTRA.includes(ch) ? ch : '?';
  }
  return out;
}

/** Figures as a reader expects them: thousands grouped, at most two decimals. */
export function formatNumber(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

export function formatCell(v: string | number | boolean | null | undefined): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'number' ? formatNumber(v) : pdfText(String(v));
}

/** A change in percent with its sign: `+200%`, `-50%`. */
export const formatChange = (n: number) => `${n > 0 ? '+' : ''}${formatNumber(n)}%`;

/** The text cut with an ellipsis to fit `width` at the current font. */
export function fitText(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}
