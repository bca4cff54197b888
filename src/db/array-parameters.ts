/**
 * A fold's statements send whole columns as array parameters. pg turns each element into text
 * through its generic `prepareValue` and two regex replaces; for the columns folds send (strings,
 * numbers, booleans, nulls) this writes the same Postgres array literal in one pass, and leaves any
 * other value (dates, nested arrays, objects) to pg.
 */
function element(v: unknown): string | undefined {
  switch (typeof v) {
    case 'string':
      return v.includes('"') || v.includes('\\') ? `"${v.replace(/[\\"]/g, '\\$&')}"` : `"${v}"`;
    case 'number':
      // pg sends String(v), quoted: NaN and ±Infinity read the same either way.
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'undefined':
      return 'NULL';
    case 'object':
      return v === null ? 'NULL' : undefined;
    default:
      return undefined;
  }
}

/** The array's Postgres literal (`{…}`), or undefined when an element is of a kind pg should convert. */
export function arrayLiteral(values: readonly unknown[]): string | undefined {
  let text = '{';
  for (let i = 0; i < values.length; i++) {
    const e = element(values[i]);
    if (e === undefined) return undefined;
    text += i === 0 ? e : `,${e}`;
  }
  return `${text}}`;
}

/** A statement's parameters with every array of plain values already written as its literal. */
export function withArrayLiterals(values: readonly unknown[]): unknown[] {
  return values.map((v) => (Array.isArray(v) ? (arrayLiteral(v) ?? v) : v));
}
