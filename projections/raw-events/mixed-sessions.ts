import type { HitRecorded } from '../../streams/events.js';
import type { SessionAttrs, SessionChange } from '../sessions/sessionize.js';
import { SESSION_ROW_COLUMNS } from './answers.js';

/** The attributes `sessions` keeps that a filter reads from its row. */
const ROW_ATTRS = Object.values(SESSION_ROW_COLUMNS);

/** Those a hit stores of its own; it stores the rest from its session (fold.ts). */
const HIT_ATTRS = ['country', 'device', 'browser'] as const satisfies readonly (keyof SessionAttrs &
  keyof HitRecorded)[];

/**
 * Per session the batch changed, whether some hit of it stored now or before may hold a value of
 * ROW_ATTRS other than the session row's (`sessions.mixed`, OR-ed into the stored flag): a hit of
 * the batch whose own place or device differs from the session's first hit's, or a session whose
 * attributes changed (a late hit before its start), so the hits stored before hold the old ones.
 * A session never mixed has every hit equal to its row there, which filters read instead of its hits.
 */
export function mixedSessions(
  changes: ReadonlyMap<string, SessionChange>,
  hits: readonly HitRecorded[],
  sessionOf: ReadonlyMap<string, string>,
): Map<string, boolean> {
  const mixed = new Map<string, boolean>();
  for (const [id, { before, after }] of changes)
    mixed.set(id, before !== null && ROW_ATTRS.some((k) => before.attrs[k] !== after.attrs[k]));
  for (const h of hits) {
    const id = sessionOf.get(h.id)!;
    if (mixed.get(id)) continue;
    const attrs = changes.get(id)!.after.attrs;
    if (HIT_ATTRS.some((k) => (h[k] ?? undefined) !== attrs[k])) mixed.set(id, true);
  }
  return mixed;
}
