import type { StreamEvent } from './events.js';

export const AUDIENCES = ['human', 'agent'] as const;
export type StreamAudience = (typeof AUDIENCES)[number];

/** `hits.<site>.<audience>`: operators can filter one site or one readership without decoding. */
export function subjectFor(prefix: string, site: number, audience: StreamAudience): string {
  return `${prefix.toLowerCase()}hits.${site}.${audience}`;
}

export function audienceOf(event: StreamEvent): StreamAudience {
  switch (event.type) {
    case 'HitRecorded':
      return 'human';
  }
}

/** NATS 2.9 takes one filter subject per consumer, so each projection names exactly one. */
export function audienceFilter(prefix: string, audience: StreamAudience | '*'): string {
  return `${prefix.toLowerCase()}hits.*.${audience}`;
}
