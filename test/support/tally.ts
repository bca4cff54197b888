import type { Tally } from '../../src/ingest/handle.js';

/** A Tally that writes down each count it is given, as `dropped track malformed 1`, in order. */
export function countingTally() {
  const seen: string[] = [];
  const tally: Tally = {
    dropped: (endpoint, reason, n = 1) => void seen.push(`dropped ${endpoint} ${reason} ${n}`),
    accepted: (endpoint, kind, n = 1) => void seen.push(`accepted ${endpoint} ${kind} ${n}`),
  };
  return { seen, tally };
}
