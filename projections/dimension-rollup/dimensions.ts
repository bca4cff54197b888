import type { HitRecorded } from '../../streams/events.js';
import type { SessionAttrs } from '../sessions/sessionize.js';

/**
 * The dimensions the rollup keeps, each a stable small code (stored in `dim`; never renumber one).
 * `all` (no value) gives a window's distinct visitors, the breakdowns' share base; `event` is a
 * custom event's name (identify calls included: the Events panel leaves them out when reading).
 * Left out: `referrer` (a full URL: as many values as links to the site, 39 % of the rows in the
 * bench's design, and no panel shows it), `name` of every hit, `identity` (one value a person),
 * `asn` and `status` (numbers, ordered as numbers) and `props.<key>` of every hit (hits without the
 * key form a null row whose distinct visitors no counter gives): breakdowns by them read the raw hits.
 */
export const DIMENSION_CODES = {
  all: 0,
  pathname: 1,
  hostname: 2,
  kind: 3,
  channel: 4,
  source: 5,
  utm_medium: 6,
  utm_campaign: 7,
  utm_term: 8,
  utm_content: 9,
  country: 10,
  region: 11,
  city: 12,
  device: 13,
  browser: 14,
  os: 15,
  screen: 16,
  lang: 17,
  event: 18,
} as const;
export type KeptDimension = keyof typeof DIMENSION_CODES;

/** The code of the visitor state of an event property value, `[name, key, value]` as its value. */
export const EVENT_PROPERTY_CODE = 19;

type Getter = (h: HitRecorded, session: SessionAttrs) => string | undefined;

/** Each kept dimension's value of a hit, as raw_events stores it (a session's attributes on its hits). */
export const DIMENSION_VALUES: Readonly<Record<Exclude<KeptDimension, 'all' | 'event'>, Getter>> = {
  pathname: (h) => h.pathname,
  hostname: (h) => h.hostname,
  kind: (h) => h.kind,
  channel: (_, s) => s.channel,
  source: (_, s) => s.referrer_source,
  utm_medium: (_, s) => s.utm_medium,
  utm_campaign: (_, s) => s.utm_campaign,
  utm_term: (_, s) => s.utm_term,
  utm_content: (_, s) => s.utm_content,
  country: (h) => h.country,
  region: (h) => h.region,
  city: (h) => h.city,
  device: (h) => h.device,
  browser: (h) => h.browser,
  os: (h) => h.os,
  screen: (h) => h.screen,
  lang: (h) => h.lang,
};

/** `grain` of a row in minutes, with its length; coarsest first, each a multiple of the next. */
export const DIMENSION_GRAINS = [
  { grain: 1440, ms: 86_400_000 },
  { grain: 60, ms: 3_600_000 },
  { grain: 15, ms: 900_000 },
] as const;
export type DimensionGrain = (typeof DIMENSION_GRAINS)[number];

export const DAY_MS = 86_400_000;
export const QUARTER_MS = 900_000;

/** Plain decimal digits of a number in exponent form (`1e+21`, `1.5e-7`), as Postgres prints a numeric. */
function plainDecimal(n: number): string {
  const text = String(n);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, rest = '', exp] = match;
  const digits = lead! + rest;
  const point = 1 + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** A property's value as `props->>key` gives it from the stored jsonb; null for a JSON null. */
export function propertyText(v: string | number | boolean | null): string | null {
  if (v === null) return null;
  if (typeof v === 'number') return plainDecimal(v);
  return String(v);
}
