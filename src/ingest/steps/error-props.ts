/**
 * docs/api.md#hits: an error hit's `p` is `{message, source?, line?, col?, stack?}`, the stack cut to 2 KB.
 */
export type ErrorProps = { message: string } & Record<string, string | number>;

const MAX_MESSAGE = 1000;
const MAX_SOURCE = 2048;
const MAX_STACK_BYTES = 2048;

/** `s` cut to at most `bytes` bytes of UTF-8, never inside a character. */
export function cutUtf8(s: string, bytes: number): string {
  const encoded = Buffer.from(s, 'utf8');
  if (encoded.length <= bytes) return s;
  // Drop a partial character at the cut: its continuation bytes are 10xxxxxx.
  let end = bytes;
  while (end > 0 && (encoded[end]! & 0xc0) === 0x80) end--;
  return encoded.subarray(0, end).toString('utf8');
}

const position = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

/**
 * The error's fields, each of its type, others left out: an error hit is for grouping, so keys the
 * grouping does not read are not kept. Undefined when there is no message: such a hit names no
 * error and is dropped as invalid.
 */
export function errorProps(p: Record<string, unknown> | undefined): ErrorProps | undefined {
  if (!p || typeof p.message !== 'string') return undefined;
  const out: ErrorProps = { message: p.message.slice(0, MAX_MESSAGE) };
  if (typeof p.source === 'string' && p.source !== '') out.source = p.source.slice(0, MAX_SOURCE);
  const line = position(p.line);
  const col = position(p.col);
  if (line !== undefined) out.line = line;
  if (col !== undefined) out.col = col;
  if (typeof p.stack === 'string' && p.stack !== '') out.stack = cutUtf8(p.stack, MAX_STACK_BYTES);
  return out;
}
