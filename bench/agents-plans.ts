// Prints the plans of the statements the agent reads send for one 30-day window of the bench's
// data set (BENCH_AGENTS_DB, loaded by `npm run bench:agents`): each statement as the report path
// sends it, run under EXPLAIN (ANALYZE, COSTS OFF), so the plan shown is the one that ran.
// Usage: DATABASE_URL=… BENCH_AGENTS_DB=name BENCH_AGENTS_START=30 tsx bench/agents-plans.ts
import type pg from 'pg';
import { createPool } from '../src/db/pool.js';
import { loadConfig } from '../src/config.js';
import { agentCoverage } from '../src/read/agents/coverage.js';
import { agentOverview } from '../src/read/agents/overview.js';
import { citationGap } from '../src/read/citation-gap/rows.js';
import { citationGapSettings } from '../src/read/citation-gap/reports.js';
import { citationGapSummary } from '../src/read/citation-gap/summary.js';
import { contentDecay } from '../src/read/content/decay.js';
import { decaySettings } from '../src/read/content/reports.js';
import { EMPTY_FILTERS } from '../src/read/envelope/filters.js';
import type { Query } from '../src/read/envelope/query.js';
import { AGENTS_DESIGN } from './agents-data.js';
import { DAY_MS } from './read-data.js';

const base = new URL(process.env.DATABASE_URL!);
base.pathname = `/${process.env.BENCH_AGENTS_DB}`;
const pool = createPool(base.toString(), 4);
const start = Number(process.env.BENCH_AGENTS_START ?? 30);
const q: Query = {
  site: AGENTS_DESIGN.site,
  tz: 'UTC',
  start: new Date(AGENTS_DESIGN.firstDay + start * DAY_MS),
  end: new Date(AGENTS_DESIGN.firstDay + (start + 30) * DAY_MS),
  compare: 'none',
  comparison: null,
  granularity: 'day',
  filters: EMPTY_FILTERS,
  audience: 'all',
};

/** A Db that explains each statement before running it. */
function explaining(label: string): pg.Pool {
  return {
    query: async (text: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
      const t = typeof text === 'string' ? text : text.text;
      const v = typeof text === 'string' ? values : text.values;
      const plan = await pool.query(`EXPLAIN (ANALYZE, COSTS OFF) ${t}`, v);
      console.log(`\n### ${label}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      return pool.query(t, v);
    },
  } as unknown as pg.Pool;
}

const config = loadConfig({});
await agentOverview(explaining('overview'), { ...q, audience: 'agent' });
await agentCoverage(
  explaining('coverage'),
  { ...q, audience: 'agent' },
  { sort: 'stalest', limit: 1000, page: 1 },
);
await citationGap(
  explaining('citation gap'),
  q,
  { sort: 'ratio', limit: 1000, page: 1 },
  citationGapSettings(config),
);
await citationGapSummary(explaining('citation gap summary'), q, {}, citationGapSettings(config));
await contentDecay(explaining('content decay'), q, { limit: 100, page: 1 }, decaySettings(config));
await pool.end();
