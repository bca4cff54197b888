import type { z } from 'zod';
import { type Db, sql } from '../../db/sql.js';
import type { Query } from '../envelope/query.js';
import type { Source } from '../plan/planner.js';
import { type OperatorRatio, operatorRatios } from './operators.js';
import { judgedUrls, type OneWindow } from './rows.js';
import { urlSource } from './url-figures.js';
import { type CitationGapSettings, ratioOf, type Verdict } from './verdict.js';

/** The site's totals of the citation-gap rows; each verdict's field counts its URLs. */
export interface CitationGapSummary extends Record<Verdict, number> {
  fetches: number;
  html_fetches: number;
  arrivals: number;
  /** fetches ÷ arrivals over the whole site, two decimals; absent without arrivals. */
  ratio?: number;
  /** URLs with a fetch or an answer-engine arrival in the window (the rows of `/api/citation-gap`). */
  urls: number;
  operators: OperatorRatio[];
}

/**
 * The citation-gap rows summed (so the totals are exactly the sum of the rows), the URLs per
 * verdict, and the crawl-to-refer ratio per operator.
 */
export async function citationGapSummary(
  db: Db,
  q: Query,
  _p: z.infer<typeof OneWindow>,
  s: CitationGapSettings,
  source: Source = urlSource(q, q.filters),
): Promise<CitationGapSummary> {
  const [totals, operators] = await Promise.all([
    db.query<Omit<CitationGapSummary, 'ratio' | 'operators'>>(sql`
      SELECT coalesce(sum(v.fetches), 0) AS fetches, coalesce(sum(v.html_fetches), 0) AS html_fetches,
             coalesce(sum(v.arrivals), 0) AS arrivals, count(*) AS urls,
             count(*) FILTER (WHERE v.verdict = 'not_crawled') AS not_crawled,
             count(*) FILTER (WHERE v.verdict = 'no_arrivals') AS no_arrivals,
             count(*) FILTER (WHERE v.verdict = 'gap') AS gap,
             count(*) FILTER (WHERE v.verdict = 'balanced') AS balanced
      FROM (${judgedUrls(q, s, source)}) v`),
    operatorRatios(db, q, source),
  ]);
  const t = totals.rows[0]!;
  const ratio = ratioOf(t.fetches, t.arrivals);
  return {
    fetches: t.fetches,
    html_fetches: t.html_fetches,
    arrivals: t.arrivals,
    ...(ratio === undefined ? {} : { ratio }),
    urls: t.urls,
    not_crawled: t.not_crawled,
    no_arrivals: t.no_arrivals,
    gap: t.gap,
    balanced: t.balanced,
    operators,
  };
}
