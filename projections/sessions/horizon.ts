import type { HitRecorded } from '../../streams/events.js';
import { SESSION_GAP_MS } from './sessionize.js';

const DAY_MS = 86_400_000;

/**
 * How late a hit may arrive, behind the newest hit folded, and still find the session and the
 * visitor it belongs to. Tracker hits carry their receive time, so only edge logs shipped late
 * come near it. The state then holds a day and a half of sessions, whatever the history: 33,000
 * sessions, 42 MB in five tables compacted, at 111,000 events a day (bench:storage).
 */
export const LATE_HIT_GRACE_MS = DAY_MS;

/**
 * Each site's newest hit of a batch, as arrays for `unnest`: the stream is in receive order, so no
 * fold needs a site's state much older. By site, not by batch: partitions fold at their own pace
 * (one catching up, another live), and one partition's progress must not prune another's state.
 */
export function newestBySite(hits: readonly HitRecorded[]): { sites: number[]; newest: number[] } {
  const bySite = new Map<number, number>();
  for (const h of hits) if (h.ts > (bySite.get(h.site) ?? -Infinity)) bySite.set(h.site, h.ts);
  return { sites: [...bySite.keys()], newest: [...bySite.values()] };
}

/**
 * Sessions whose last hit is before this no hit within the grace can join (a session ends 30
 * minutes after its last hit): their state may go.
 */
export const sessionHorizon = (newest: number) => newest - LATE_HIT_GRACE_MS - SESSION_GAP_MS;

/**
 * Visitor ids live for one UTC day (the daily salt), so a visitor whose last hit is before the UTC
 * day a hit within the grace may fall on is never seen again: its state may go.
 */
export const visitorHorizon = (newest: number) => Math.floor((newest - LATE_HIT_GRACE_MS) / DAY_MS) * DAY_MS;
