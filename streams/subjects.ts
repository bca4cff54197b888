/**
 * Where a message came from: `human` for tracker hits, `edge` for a signed edge shipment, which may
 * hold both readerships and is one message so that it is stored whole or not at all.
 */
export const ORIGINS = ['human', 'edge'] as const;
export type StreamOrigin = (typeof ORIGINS)[number];

/** `hits.<site>.<origin>`: operators can filter one site or one origin without decoding. */
export function subjectFor(prefix: string, site: number, origin: StreamOrigin): string {
  return `${prefix.toLowerCase()}hits.${site}.${origin}`;
}

/** NATS 2.9 takes one filter subject per consumer, so each projection names exactly one. */
export function originFilter(prefix: string, origin: StreamOrigin | '*'): string {
  return `${prefix.toLowerCase()}hits.*.${origin}`;
}
