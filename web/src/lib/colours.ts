/** Eight lines apart (the total and the top agents); `other` and a comparison are greys. */
const COLOURS = ['#3b5bdb', '#e8590c', '#2b8a3e', '#ae3ec9', '#1098ad', '#f08c00', '#c2255c', '#5c940d'];
const OTHER = '#868e96';
const COMPARISON = '#adb5bd';

/** Each solid line its own colour, in order; a dashed (comparison) line does not use one up. */
export function lineColours(lines: { label: string; dashed?: boolean }[]): string[] {
  let next = 0;
  return lines.map((l) =>
    l.dashed ? COMPARISON : l.label === 'other' ? OTHER : COLOURS[next++ % COLOURS.length]!,
  );
}
