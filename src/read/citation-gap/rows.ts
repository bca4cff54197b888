import { z } from 'zod';
import { type Db, type Sql, sql } from '../../db/sql.js';
import { compareNone } from '../envelope/one-window.js';
import type { Query } from '../envelope/query.js';
import type { Source } from '../plan/planner.js';
import { Paging, pageOf } from '../envelope/paging.js';
import { urlFigures, urlSource } from './url-figures.js';
import { type CitationGapSettings, ratioOf, type Verdict, VERDICTS, verdictOf } from './verdict.js';

/** The citation gap reads one window: there is no second one to compare with. */
export const OneWindow = z.object({ compare: compareNone('the citation gap') });

export const CITATION_SORTS = ['ratio', 'fetches', 'arrivals'] as const;
export type CitationSort = (typeof CITATION_SORTS)[number];

export const CitationGapParams = Paging.extend(OneWindow.shape).extend({
  sort: z
    .enum(CITATION_SORTS, { error: `sort must be one of ${CITATION_SORTS.join(', ')}` })
    .default('ratio'),
  verdict: z.enum(VERDICTS, { error: `verdict must be one of ${VERDICTS.join(', ')}` }).optional(),
});
export type CitationGapParams = z.infer<typeof CitationGapParams>;

export interface CitationGapRow {
  pathname: string;
  /** Agent fetches of the URL, verified or not, of any content type. */
  fetches: number;
  /** Those answered with `text/html`. */
  html_fetches: number;
  /** Sessions from channel `answer_engine` that entered the site on the URL. */
  arrivals: number;
  /** fetches ÷ arrivals, two decimals; absent without arrivals. */
  ratio?: number;
  verdict: Verdict;
}

/**
 * Descending, the biggest gap first by default: URLs without arrivals (an infinite ratio) lead,
 * by fetches; then by ratio, more fetches first among equal ratios.
 */
const ORDER: Record<CitationSort, Sql> = {
  ratio: sql`v.fetches::numeric / NULLIF(v.arrivals, 0) DESC NULLS FIRST, v.fetches DESC, v.pathname`,
  fetches: sql`v.fetches DESC, v.arrivals, v.pathname`,
  arrivals: sql`v.arrivals DESC, v.fetches DESC, v.pathname`,
};

/** Every URL of the window with its figures and verdict (`v`), for the list and its summary alike. */
export function judgedUrls(q: Query, s: CitationGapSettings, source: Source): Sql {
  return sql`
    SELECT u.pathname, u.fetches, u.html_fetches, u.arrivals, ${verdictOf(s, sql`u.fetches`, sql`u.arrivals`)} AS verdict
    FROM (${urlFigures(q.site, q, q.filters, source)}) u`;
}

/** Per URL: agent fetches against answer-engine arrivals, their ratio and verdict; paged and sorted. */
export async function citationGap(
  db: Db,
  q: Query,
  p: CitationGapParams,
  s: CitationGapSettings,
  source: Source = urlSource(q, q.filters),
): Promise<CitationGapRow[]> {
  const { rows } = await db.query<Omit<CitationGapRow, 'ratio'>>(sql`
    SELECT v.pathname, v.fetches, v.html_fetches, v.arrivals, v.verdict FROM (${judgedUrls(q, s, source)}) v
    WHERE ${p.verdict === undefined ? sql`TRUE` : sql`v.verdict = ${p.verdict}`}
    ORDER BY ${ORDER[p.sort]}
    ${pageOf(p)}`);
  return rows.map(({ verdict, ...r }) => {
    const ratio = ratioOf(r.fetches, r.arrivals);
    return { ...r, ...(ratio === undefined ? {} : { ratio }), verdict };
  });
}
