import {
  URL_COVERAGE_ANSWERS,
  URL_COVERAGE_DAY_ANSWERS,
} from '../../../projections/agent-coverage/answers.js';
import { type Db, sql } from '../../db/sql.js';
import { type FilterTree, filterDimensions } from '../envelope/filters.js';
import type { Query } from '../envelope/query.js';
import type { Window } from '../envelope/range.js';
import { plan } from '../plan/planner.js';

/**
 * `projection`: url_coverage / url_coverage_agents (all time); `day`: url_crawl_day /
 * url_coverage_day (per UTC day); `raw`: agent_fetches.
 */
export type CoverageSource = 'projection' | 'day' | 'raw';

const DAY_MS = 86_400_000;

/** Whether a window starts and ends on UTC midnights: the days of the per-day tables. */
export const onUtcDays = (w: Window) => w.start.getTime() % DAY_MS === 0 && w.end.getTime() % DAY_MS === 0;

/** The span of a site's crawl: its first and last fetch (null without any). */
export interface CrawlSpan {
  first: Date | null;
  last: Date | null;
}

const SOURCE_OF: Readonly<Record<string, CoverageSource>> = {
  [URL_COVERAGE_ANSWERS.name]: 'projection',
  [URL_COVERAGE_DAY_ANSWERS.name]: 'day',
};

/**
 * Which coverage projection answers a window exactly (their declarations): the all-time tables
 * answer a window that holds every fetch of the site (its first and last crawl are then the
 * all-time ones), the per-day tables a window of whole UTC days; any other window (one whose edges
 * fall inside a UTC day, as a day of another time zone does) or filter reads agent_fetches.
 */
export function coverageSourceFor(w: Window, filters: FilterTree, span: CrawlSpan): CoverageSource {
  const source = plan({ window: w, filters, extent: span, dimension: 'pathname', metrics: ['fetches'] }, [
    URL_COVERAGE_ANSWERS,
    URL_COVERAGE_DAY_ANSWERS,
  ]);
  return source === 'raw' ? 'raw' : SOURCE_OF[source.name]!;
}

/** The source for a query, reading the site's crawl span only when the filters allow the projections. */
export async function coverageSource(db: Db, q: Query): Promise<CoverageSource> {
  const projected = [...filterDimensions(q.filters)].every((d) => URL_COVERAGE_ANSWERS.filters.has(d));
  return projected ? coverageSourceFor(q, q.filters, await crawlSpan(db, q.site)) : 'raw';
}

/** The site's crawl span from url_coverage (one scan of the site's URLs, no fetch read). */
export async function crawlSpan(db: Db, site: number): Promise<CrawlSpan> {
  const { rows } = await db.query<CrawlSpan>(sql`
    SELECT min(first_crawl) AS first, max(last_crawl) AS last FROM url_coverage WHERE site_id = ${site}`);
  return rows[0] ?? { first: null, last: null };
}
