/** What a read asks a source for: a figure per row (bucket or dimension value). */
export type Metric =
  | 'visitors'
  | 'pageviews'
  | 'events'
  | 'sessions'
  | 'bounces'
  | 'duration'
  | 'entries'
  | 'exits'
  | 'engagement'
  /** Web vitals' percentiles. */
  | 'vitals'
  /** Agents' fetches of a URL. */
  | 'fetches'
  /** People's arrivals on a URL from answer engines. */
  | 'arrivals'
  /** Identified visitors active in each period (retention). */
  | 'identities';

/**
 * What a projection's tables answer exactly, declared beside it; the read planner
 * (src/read/plan/planner.ts) picks a source from these and falls back to the raw hits.
 */
export interface Answers {
  /** The projection. */
  readonly name: string;
  /** Its finest unit: window edges and bucket starts must fall on one. */
  readonly unitMs: number;
  /** Dimensions a read may break down by (none: totals only). */
  readonly breakdowns: ReadonlySet<string>;
  /** Dimensions a filter may name. */
  readonly filters: ReadonlySet<string>;
  readonly metrics: ReadonlySet<Metric>;
  /**
   * Distinct visitors only for windows (and buckets) that start or end on a UTC midnight: one
   * strictly inside a UTC day would need the raw hits of the visitors first seen before it.
   */
  readonly visitorsFromMidnight: boolean;
  /**
   * Its rows keep a visitor's first and last hit of a UTC day, which tell which side of one cut
   * inside that day (a window edge or a bucket start off midnight) each hit lies on, not of two: it
   * answers only when no UTC day holds two such cuts.
   */
  readonly oneCutADay?: boolean;
  /**
   * Its rows keep each key's whole history, not its time: it answers only a window that holds
   * every row of the data the read covers (its extent, which the read states).
   */
  readonly allTime?: boolean;
  /**
   * A unit holds the hits folded so far, so a window whose end falls inside the newest unit, after
   * the newest hit, is answered with that unit's rows: the hits in it all lie before the end. Its
   * visitors by last hit then count a span inside one UTC day that ends the window too: a visitor
   * with a hit in it has its last hit of the day so far in it.
   */
  readonly partialLastUnit?: boolean;
  /**
   * It answers only reads filtered by one dimension `is` one value (its rows are keyed by that
   * value), and none unfiltered.
   */
  readonly oneValueFilter?: boolean;
  /**
   * The parts of a window outside its counted units are read from the raw hits and added to its
   * rows (sums that add up exactly, as visitors do over UTC days): any window is answered.
   */
  readonly rawEdges?: boolean;
}
