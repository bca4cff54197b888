import { AppError } from '../errors/app-error.js';

/**
 * How deep any JSON a client sends may nest: a body, or a parameter whose value is JSON. Parsing
 * deeper JSON is fine, but structured clone (a hand-over to a thread), JSON.stringify and recursive
 * validators each take a stack frame per level, and a few thousand levels overflow the stack.
 */
export const MAX_JSON_DEPTH = 16;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Where JSON text nests deeper than `max` levels, found in one pass over the text without
 * parsing it (brackets outside strings are counted): the top-level key whose value goes too deep,
 * `''` when the text is too deep with no such key (a top-level array), or undefined when it stays
 * within the bound. Text that is not JSON is only judged by its brackets; parsing it fails later.
 */
export function tooDeepAt(text: string, max = MAX_JSON_DEPTH): string | undefined {
  // Text with no more than `max` opening brackets in all cannot nest deeper; counting them is a
  // few native searches, which is all a hit (a dozen keys, one or two objects) ever costs.
  if (fewOpenings(text, max)) return undefined;
  let depth = 0;
  let topObject = false;
  // The last string begun at the top level of an object: the key of the value being read.
  let keyStart = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      if (depth === 1) keyStart = i + 1;
      // Skip the string: a backslash escapes whatever follows it.
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === QUOTE) break;
        if (s === BACKSLASH) i++;
      }
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (depth === 0) topObject = c === OPEN_OBJECT;
      if (++depth > max) return topObject && keyStart >= 0 ? keyAt(text, keyStart) : '';
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return undefined;
}

function fewOpenings(text: string, max: number): boolean {
  const arrays = occurrences(text, '[', max);
  return arrays <= max && occurrences(text, '{', max - arrays) <= max - arrays;
}

/** How many times `c` occurs in `text`, counted only up to one past `limit`. */
function occurrences(text: string, c: string, limit: number): number {
  let n = 0;
  for (let i = text.indexOf(c); i !== -1 && n <= limit; i = text.indexOf(c, i + 1)) n++;
  return n;
}

/** Whether JSON text nests deeper than `max` levels (tooDeepAt without naming where). */
export const isTooDeep = (text: string, max = MAX_JSON_DEPTH): boolean => tooDeepAt(text, max) !== undefined;

/** The key that begins at `start`, cut to MAX_KEY characters (it is sent back as an error's `field`). */
function keyAt(text: string, start: number): string {
  let end = start;
  while (end < text.length && text.charCodeAt(end) !== QUOTE)
    end += text.charCodeAt(end) === BACKSLASH ? 2 : 1;
  const raw = text.slice(start, Math.min(end, start + MAX_KEY));
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

const MAX_KEY = 200;

/**
 * The `400 validation_error` for JSON text deeper than the bound, naming `field` (a parameter), or
 * for a whole body the top-level key where it went too deep (`body` when there is none); undefined
 * when the text stays within the bound.
 */
export function jsonDepthError(text: string, field?: string): AppError | undefined {
  const at = tooDeepAt(text);
  if (at === undefined) return undefined;
  return new AppError('validation_error', `JSON may nest at most ${MAX_JSON_DEPTH} levels`, {
    field: field ?? (at === '' ? 'body' : at),
  });
}

/** Throws jsonDepthError's refusal, if there is one. */
export function assertJsonDepth(text: string, field?: string): void {
  const err = jsonDepthError(text, field);
  if (err) throw err;
}
