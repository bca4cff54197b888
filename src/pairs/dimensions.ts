import { DIMENSION_CODES } from '../../projections/dimension-rollup/dimensions.js';
import { ATTRIBUTION_DIMENSIONS, eventColumns } from '../../projections/raw-events/columns.js';

/**
 * The dimensions a pair rollup keeps, each with its `dimension_rollup` code and its column of
 * `events`: a filter may name any of them (`fdim`), a breakdown any of them and `event` (`dim`).
 */
export const PAIR_FILTER_COLUMNS = eventColumns([
  'pathname',
  'hostname',
  'kind',
  ...ATTRIBUTION_DIMENSIONS,
  'country',
  'region',
  'city',
  'device',
  'browser',
  'os',
  'screen',
  'lang',
]);
export type PairFilterDimension = keyof typeof PAIR_FILTER_COLUMNS;

export const PAIR_FILTERS = Object.keys(PAIR_FILTER_COLUMNS) as PairFilterDimension[];

/**
 * Breakdown dimensions of the pairs: the filter ones, custom events' names, and `prefix`, each
 * directory prefix of a pageview's path (`/docs/a`: `/docs/`), whose rows count only pageviews:
 * the visitors of a goal on `<dir>/*`.
 */
export type PairDimension = PairFilterDimension | 'event' | 'prefix';

export const PAIR_CODES = {
  ...Object.fromEntries(PAIR_FILTERS.map((d) => [d, DIMENSION_CODES[d]])),
  all: DIMENSION_CODES.all,
  event: DIMENSION_CODES.event,
  // The pairs' own code, after every code of dimension_rollup's (EVENT_PROPERTY_CODE is 19).
  prefix: 20,
} as Readonly<Record<PairDimension | 'all', number>>;
