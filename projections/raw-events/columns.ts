/** The `events` columns named otherwise than the dimension they hold. */
const RENAMED = { source: 'referrer_source' } as const;

/** The `events` column of dimension `D`: its own name, or the one RENAMED gives it. */
export type EventColumn<D extends string> = D extends keyof typeof RENAMED ? (typeof RENAMED)[D] : D;

export const eventColumn = <D extends string>(dimension: D): EventColumn<D> =>
  (Object.hasOwn(RENAMED, dimension)
    ? RENAMED[dimension as keyof typeof RENAMED]
    : dimension) as EventColumn<D>;

/** Each of `dimensions` with its `events` column (the `sessions` row names its columns alike). */
export const eventColumns = <const D extends string>(
  dimensions: readonly D[],
): { readonly [K in D]: EventColumn<K> } =>
  Object.fromEntries(dimensions.map((d) => [d, eventColumn(d)])) as { readonly [K in D]: EventColumn<K> };

/** The dimensions of a session's attribution, which raw_events writes from the session onto each of its hits. */
export const ATTRIBUTION_DIMENSIONS = [
  'channel',
  'source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;
