/**
 * The top frame of a browser error: the first frame of its stack that names a place in a file,
 * else the place the error event itself reported (`source`, `line`, `col`). Stacks come in two
 * dialects: V8's (`    at fn (file:line:col)`, `    at file:line:col`) and Firefox's and Safari's
 * (`fn@file:line:col`, `@file:line:col`).
 */
export interface StackFrame {
  /** The script's address without its query string or fragment (a cache-busting `?v=` is no new place). */
  file: string;
  /** Absent for an anonymous function or a frame known only from the error event. */
  function?: string;
  line?: number;
  col?: number;
}

const V8_FRAME = /^\s*at (?:(.+?) \()?(.*?)\)?\s*$/;
const GECKO_FRAME = /^\s*(.*?)@(.*)$/;
const POSITION = /^(.*?):(\d+)(?::(\d+))?$/;
// V8 names an eval'd frame by where eval ran: `eval at f (https://x/a.js:1:2), <anonymous>:1:1`.
const V8_EVAL = /^eval at .*?\((.+?)\)(?:,|$)/;
// Firefox names it by the line that ran eval: `https://x/a.js line 2 > eval:1:5`, `… > Function:1:5`.
const GECKO_EVAL = /^(.*) line (\d+) > .*$/;

/** The file without its query string and fragment. */
export function bareFile(file: string): string {
  return file.replace(/[?#].*$/, '');
}

function place(location: string, name: string | undefined): StackFrame | undefined {
  const inner = V8_EVAL.exec(location)?.[1] ?? location.replace(GECKO_EVAL, '$1:$2');
  const at = POSITION.exec(inner.trim());
  // `<anonymous>`, `native`, `[native code]`: no line, so no place in any file of the site.
  if (!at || at[1] === '') return undefined;
  const frame: StackFrame = { file: bareFile(at[1]!), line: Number(at[2]) };
  if (at[3] !== undefined) frame.col = Number(at[3]);
  const fn = name?.replace(/^async /, '').trim();
  if (fn) frame.function = fn;
  return frame;
}

/** The first frame of a stack with a place in a file; undefined when it has none. */
export function topStackFrame(stack: string): StackFrame | undefined {
  const lines = stack.split('\n');
  // A V8 stack starts with the message, which could look like a Firefox frame (`a@b.c:1:2`).
  const v8 = lines.some((l) => /^\s+at /.test(l));
  for (const line of lines) {
    const m = v8 ? (/^\s+at /.test(line) ? V8_FRAME.exec(line) : null) : GECKO_FRAME.exec(line);
    if (!m) continue;
    const frame = place(m[2]!, m[1]);
    if (frame) return frame;
  }
  return undefined;
}

const positive = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined;

/**
 * An error hit's top frame from its `p` (docs/api.md#get-apistatserrors): the stack's, else the event's
 * place.
 */
export function topFrame(p: {
  source?: unknown;
  line?: unknown;
  col?: unknown;
  stack?: unknown;
}): StackFrame | undefined {
  const fromStack = typeof p.stack === 'string' ? topStackFrame(p.stack) : undefined;
  if (fromStack) return fromStack;
  if (typeof p.source !== 'string' || p.source === '') return undefined;
  const frame: StackFrame = { file: bareFile(p.source) };
  const line = positive(p.line);
  const col = positive(p.col);
  if (line !== undefined) frame.line = line;
  if (col !== undefined) frame.col = col;
  return frame;
}
