import { type Db, sql } from '../../db/sql.js';
import { type FilterTree, filterDimensions } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';

/**
 * `projection`: url_coverage / url_coverage_agents (all time); `day`: url_crawl_day /
 * url_coverage_day (per UTC day); `raw`: agent_fetches.
 */
export type CoverageSource = 'projection' | 'day' | 'raw';

const DAY_MS = 86_400_000;

/** Whether a window starts and ends on UTC midnights: the days of the per-day tables. */
export const onUtcDays = (w: Window) => w.start.getTime() % DAY_MS === 0 && w.end.getTime() % DAY_MS === 0;

/** What a url_coverage_agents row keeps of its fetches: the same in every one of them. */
const PROJECTED_DIMENSIONS: ReadonlySet<string> = new Set(['agent_id', 'pathname']);

/** The span of a site's crawl: its first and last fetch (null without any). */
export interface CrawlSpan {
  first: Date | null;
  last: Date | null;
}

/**
 * Which coverage projections answer a window exactly, filtered at most on the agent and the path
 * (every row of the projections has one value of each). The all-time tables keep each URL's whole
 * span, so they answer a window that holds every fetch of the site (its first and last crawl are
 * then the all-time ones). The per-day tables answer a window of whole UTC days. Any other window
 * (one whose edges fall inside a UTC day, as a day of another time zone does) or filter reads
 * agent_fetches: a UTC day's rows cannot be split at an hour.
 */
export function coverageSourceFor(w: Window, filters: FilterTree, span: CrawlSpan): CoverageSource {
  if (!projectedFilters(filters)) return 'raw';
  if (span.first === null || span.last === null) return 'projection';
  if (span.first >= w.start && span.last < w.end) return 'projection';
  return onUtcDays(w) ? 'day' : 'raw';
}

const projectedFilters = (filters: FilterTree) =>
  [...filterDimensions(filters)].every((d) => PROJECTED_DIMENSIONS.has(d));

/** The source for a query, reading the site's crawl span only when the filters allow the projections. */
export async function coverageSource(db: Db, q: Query): Promise<CoverageSource> {
  return projectedFilters(q.filters) ? coverageSourceFor(q, q.filters, await crawlSpan(db, q.site)) : 'raw';
}

/** The site's crawl span from url_coverage (one scan of the site's URLs, no fetch read). */
export async function crawlSpan(db: Db, site: number): Promise<CrawlSpan> {
  const { rows } = await db.query<CrawlSpan>(sql`
    SELECT min(first_crawl) AS first, max(last_crawl) AS last FROM url_coverage WHERE site_id = ${site}`);
  return rows[0] ?? { first: null, last: null };
}
