import { randomUUID } from 'node:crypto';
import type { HitRecorded } from '../../streams/events.js';

/** A designed human hit; everything not given takes a plain default. */
export function hit(over: Partial<HitRecorded> & Pick<HitRecorded, 'site' | 'visitor' | 'ts'>): HitRecorded {
  return {
    type: 'HitRecorded',
    id: randomUUID(),
    kind: 'pageview',
    source: 'tracker',
    hostname: 'example.com',
    pathname: '/',
    ...over,
  };
}

export const T0 = Date.UTC(2026, 10, 2, 10, 0, 0);
export const MIN = 60_000;
