import { type Sql, sql } from '../../db/sql.js';

/** docs/api.md#get-apicitation-gap: what a URL's fetches and answer-engine arrivals say about it. */
export const VERDICTS = ['not_crawled', 'no_arrivals', 'gap', 'balanced'] as const;
export type Verdict = (typeof VERDICTS)[number];

/** The thresholds the verdicts are judged by (`CITATION_GAP_RATIO`). */
export interface CitationGapSettings {
  /** Fetches per arrival at or above which a URL is a `gap`. */
  gapRatio: number;
}

/**
 * A URL's verdict in SQL, over a row with at least one fetch or arrival: no arrivals → `no_arrivals`;
 * arrivals but no fetch → `not_crawled`; fetches ≥ `gapRatio` × arrivals → `gap`; else `balanced`.
 * Judged on the exact counts (not on the rounded ratio), so a ratio of 9.996 is not a gap at 10.
 */
export function verdictOf(s: CitationGapSettings, fetches: Sql, arrivals: Sql): Sql {
  return sql`CASE WHEN ${arrivals} = 0 THEN 'no_arrivals' WHEN ${fetches} = 0 THEN 'not_crawled'
    WHEN ${fetches} >= ${s.gapRatio}::numeric * ${arrivals} THEN 'gap' ELSE 'balanced' END`;
}

/** Fetches per arrival, two decimals; absent (rule 1) without arrivals. */
export function ratioOf(fetches: number, arrivals: number): number | undefined {
  return arrivals > 0 ? Math.round((fetches / arrivals) * 100) / 100 : undefined;
}
