import { createHash } from 'node:crypto';
import { type StackFrame, topFrame } from './stack-frame.js';

/**
 * What varies between occurrences of one error and says nothing about which error it is, in the
 * order they are masked: quoted strings first (a quoted id or number is one string), then UUIDs,
 * hex ids (`0x…`, or a run of at least 6 hex digits holding a digit and a letter), then numbers.
 * A quote right after a letter is an apostrophe (`Can't`), not the start of a string.
 */
const MASKS: readonly (readonly [RegExp, string])[] = [
  [/(?<![\p{L}\p{N}_])'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`|‘[^’]*’|“[^”]*”/gu, '<str>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b0x[0-9a-f]+\b|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{6,}\b/gi, '<hex>'],
  [/\d+(?:\.\d+)?/g, '<num>'],
];

/** The message with numbers, hex ids, UUIDs and quoted strings masked (docs/api.md#get-apistatserrors). */
export function maskMessage(message: string): string {
  let out = message.trim();
  for (const [pattern, mask] of MASKS) out = out.replace(pattern, mask);
  return out;
}

export interface ErrorGroup {
  /** 16 hex digits: the first 64 bits of SHA-256 over the masked message and the top frame's file and function. */
  fingerprint: string;
  /** The hit's own top frame (its line and column may differ within a group); absent when none is known. */
  frame?: StackFrame;
}

/**
 * The group of an error hit, from its `p` (`message`, `source`, `line`, `col`, `stack`): errors
 * whose messages differ only in what `maskMessage` masks, thrown at the same place (file without
 * query string, function), are one group. Lines and columns are left out, so a new build of the
 * same code keeps its groups.
 */
export function errorGroup(p: Record<string, unknown> | undefined): ErrorGroup {
  const props = p ?? {};
  const message = typeof props.message === 'string' ? props.message : '';
  const frame = topFrame(props);
  const fingerprint = createHash('sha256')
    .update([maskMessage(message), frame?.file ?? '', frame?.function ?? ''].join('\n'))
    .digest('hex')
    .slice(0, 16);
  return frame ? { fingerprint, frame } : { fingerprint };
}
