import type { Answers } from '../answers.js';

const DAY_MS = 86_400_000;

/** Agents' coverage of URLs (fetches per URL and agent), filtered at most on the agent and the path: every row has one of each. */
const COVERAGE: Omit<Answers, 'name' | 'unitMs'> = {
  breakdowns: new Set(['pathname', 'agent_id']),
  filters: new Set(['agent_id', 'pathname']),
  metrics: new Set(['fetches']),
  visitorsFromMidnight: false,
};

/** `url_coverage` / `url_coverage_agents`: each URL's whole crawl, for a window holding all of the site's. */
export const URL_COVERAGE_ANSWERS: Answers = { ...COVERAGE, name: 'url_coverage', unitMs: 1, allTime: true };

/** `url_crawl_day` / `url_coverage_day`: per UTC day, for windows of whole UTC days (a day cannot be split at an hour). */
export const URL_COVERAGE_DAY_ANSWERS: Answers = { ...COVERAGE, name: 'url_coverage_day', unitMs: DAY_MS };
