import type { Db } from '../db/sql.js';
import { agentOverview } from '../read/agents/overview.js';
import { citationGapSummary } from '../read/citation-gap/summary.js';
import type { CitationGapSettings } from '../read/citation-gap/verdict.js';
import { percentChange } from '../read/envelope/compare.js';
import { EMPTY_FILTERS } from '../read/envelope/filters.js';
import { PAGING_MAX } from '../read/envelope/paging.js';
import type { Audience, Query } from '../read/envelope/query.js';
import type { Window } from '../read/envelope/range.js';
import { goals } from '../read/goals/goals.js';
import { policyViolations } from '../read/policy/violations.js';
import { sources } from '../read/stats/grouped-lists.js';
import { overview } from '../read/stats/overview.js';
import { pages } from '../read/stats/pages.js';
import type { Periods } from './periods.js';

/** Rows of each ranked list a report shows. */
export const TOP = 5;

/** A figure of the period beside the one before, and the percent change (absent from 0). */
export interface Compared {
  now: number;
  before: number;
  change?: number;
}

export interface Digest {
  people: {
    visitors: Compared;
    pageviews: Compared;
    pages: { pathname: string; visitors: number; pageviews: number }[];
    sources: { source: string; visitors: number }[];
    goals: { name: string; conversions: Compared }[];
  };
  agents: {
    fetches: Compared;
    /** Percent of fetches from the operator's published ranges; absent without fetches. */
    verified_share: { now?: number; before?: number };
    operators: { operator: string; fetches: number }[];
    /** `/api/citation-gap/summary` of the period. */
    citation_gap: { urls: number; gap: number; not_crawled: number; ratio?: number };
    /** Violations (agent and path) of the period that the period before did not have. */
    new_violations: { count: number; top: { agent_id: string; pathname: string; fetches: number }[] };
  };
}

const compared = (now = 0, before = 0): Compared => {
  const change = percentChange(now, before);
  return change === undefined ? { now, before } : { now, before, change };
};

/** The query the HTTP reads would run for the period, for one readership, with or without the period before. */
export function queryOf(
  site: number,
  tz: string,
  audience: Audience,
  w: Window,
  before: Window | null,
): Query {
  return {
    site,
    tz,
    audience,
    start: w.start,
    end: w.end,
    compare: before ? 'previous' : 'none',
    comparison: before,
    granularity: 'day',
    filters: EMPTY_FILTERS,
  };
}

const violationKey = (v: { agent_id: string; pathname: string }) => `${v.agent_id}\n${v.pathname}`;

/**
 * A report's figures, each from the read its HTTP route runs (overview, pages, sources, goals,
 * the agents' overview, the citation-gap summary, policy violations) on the period and the one
 * before: no figure is computed here that a read already computes.
 */
export async function buildDigest(
  db: Db,
  site: { id: number; timezone: string },
  { period, before }: Periods,
  gap: CitationGapSettings,
): Promise<Digest> {
  const q = (audience: Audience, withBefore: boolean) =>
    queryOf(site.id, site.timezone, audience, period, withBefore ? before : null);
  const top = { limit: TOP, page: 1 };
  const every = { limit: PAGING_MAX, page: 1 };
  const [people, pageRows, sourceLists, goalRows, agents, summary, violations, earlier] = await Promise.all([
    overview(db, q('human', true)),
    pages(db, q('human', false), top),
    sources(db, q('human', false), top),
    goals(db, q('human', true)),
    agentOverview(db, q('agent', true)),
    citationGapSummary(db, q('all', false), {}, gap),
    policyViolations(db, q('agent', false), every),
    policyViolations(db, queryOf(site.id, site.timezone, 'agent', before, null), every),
  ]);
  const seen = new Set(earlier.map(violationKey));
  const fresh = new Map<string, { agent_id: string; pathname: string; fetches: number }>();
  for (const v of violations) {
    if (seen.has(violationKey(v))) continue;
    const row = fresh.get(violationKey(v));
    // Verified and unverified fetches of an agent are rows apart in the read; one line here.
    if (row) row.fetches += v.fetches;
    else fresh.set(violationKey(v), { agent_id: v.agent_id, pathname: v.pathname, fetches: v.fetches });
  }
  const newViolations = [...fresh.values()].sort((a, b) => b.fetches - a.fetches);
  return {
    people: {
      visitors: compared(people.visitors, people.comparison?.visitors),
      pageviews: compared(people.pageviews, people.comparison?.pageviews),
      pages: pageRows.map((p) => ({ pathname: p.pathname, visitors: p.visitors, pageviews: p.pageviews })),
      sources: sourceLists.sources.map((s) => ({
        source: String(s.value ?? '(direct)'),
        visitors: s.visitors,
      })),
      goals: goalRows
        .slice(0, TOP)
        .map((g) => ({ name: g.name, conversions: compared(g.conversions, g.comparison?.conversions) })),
    },
    agents: {
      fetches: compared(agents.fetches, agents.comparison?.fetches),
      verified_share: {
        ...(agents.verified_share === undefined ? {} : { now: agents.verified_share }),
        ...(agents.comparison?.verified_share === undefined
          ? {}
          : { before: agents.comparison.verified_share }),
      },
      operators: agents.operators
        .slice(0, TOP)
        .map((o) => ({ operator: String(o.value ?? 'unknown'), fetches: o.fetches })),
      citation_gap: {
        urls: summary.urls,
        gap: summary.gap,
        not_crawled: summary.not_crawled,
        ...(summary.ratio === undefined ? {} : { ratio: summary.ratio }),
      },
      new_violations: { count: newViolations.length, top: newViolations.slice(0, TOP) },
    },
  };
}
