import { diffArrays } from 'diff';

/** One line of a diff: `-` only in the old text, `+` only in the new, ` ` in both. */
export interface DiffLine {
  op: '+' | '-' | ' ';
  line: string;
}

/**
 * Edits past which the diff gives up looking for the shortest: Myers' algorithm costs the lines
 * times the edits, and a 500 KiB file holds tens of thousands of lines.
 */
export const LINE_DIFF_MAX_EDITS = 1000;

/** Lines of a text, however they end; a final line break ends the last line rather than starting one. */
function linesOf(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r\n|\r|\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/**
 * Every line of both texts in order, as the shortest edit script (jsdiff's Myers diff) orders
 * them; past LINE_DIFF_MAX_EDITS edits, every old line removed, then every new line added.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  const changes = diffArrays(a, b, { maxEditLength: LINE_DIFF_MAX_EDITS });
  if (changes === undefined)
    return [
      ...a.map((line) => ({ op: '-' as const, line })),
      ...b.map((line) => ({ op: '+' as const, line })),
    ];
  return changes.flatMap((c) =>
    c.value.map((line) => ({
      op: c.added ? ('+' as const) : c.removed ? ('-' as const) : (' ' as const),
      line,
    })),
  );
}
