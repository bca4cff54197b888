import type { HitRecorded } from '../streams/events.js';
import type { Sequenced } from './projection.js';

/** The human hits among a batch's events, with their sequences; other event types pass by. */
export function humanHits(events: readonly Sequenced[]): Sequenced<HitRecorded>[] {
  return events.filter((s): s is Sequenced<HitRecorded> => s.event.type === 'HitRecorded');
}
