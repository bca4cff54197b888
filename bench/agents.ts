// npm run bench:agents — 10 million agent fetches over 90 days across 50,000 URLs (and 2 million
// pageviews of the people they bring) folded by the agent projections into a database of its own,
// then p50/p95 latency of the agent reads over 30-day windows of whole UTC days: each read as its
// report answers it (from the projections), and the same read forced to the raw tables, in the
// same run, every pair checked equal.
//
// BENCH_AGENTS_DB=name uses (and keeps) that database, loading it only if empty, so a loaded data
// set serves many runs; BENCH_KEEP=1 keeps the database this run created. BENCH_AGENTS_FETCHES
// scales the design down for a quick run (pageviews in proportion), BENCH_AGENTS_REPS sets the
// repetitions per read (default 30), BENCH_AGENTS_FOLD_EVENTS the events per fold (default 25,000).
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/log.js';
import { agentCoverage, type CoverageParams } from '../src/read/agents/coverage.js';
import { coverageSource } from '../src/read/agents/coverage-source.js';
import { agentOverview } from '../src/read/agents/overview.js';
import { AGENT_REPORTS } from '../src/read/agents/reports.js';
import { citationReports, citationGapSettings } from '../src/read/citation-gap/reports.js';
import { type CitationGapParams, citationGap } from '../src/read/citation-gap/rows.js';
import { citationGapSummary } from '../src/read/citation-gap/summary.js';
import { urlSource } from '../src/read/citation-gap/url-figures.js';
import { contentDecay, type DecayParams } from '../src/read/content/decay.js';
import { contentReports, decaySettings } from '../src/read/content/reports.js';
import { EMPTY_FILTERS } from '../src/read/envelope/filters.js';
import type { Audience, Query } from '../src/read/envelope/query.js';
import type { Report } from '../src/read/envelope/report.js';
import { sourceFor } from '../src/read/plan/planner.js';
import { AGENTS_DESIGN, type AgentsDesign } from './agents-data.js';
import { loadAgentsDesign, loadedTables } from './agents-load.js';
import { insertBenchSite, openDatabase, startBenchPostgres } from './harness.js';
import { DAY_MS } from './read-data.js';

const REPS = Number(process.env.BENCH_AGENTS_REPS ?? 30);
const FETCHES = Number(process.env.BENCH_AGENTS_FETCHES ?? AGENTS_DESIGN.fetches);
const GOAL_MS = 100;

/** 30-day windows of whole UTC days, each with 30 days before it in the data (content decay compares). */
const WINDOW_STARTS = [30, 36, 42, 48, 54, 60];
const windowLabel = (d: AgentsDesign, start: number) => {
  const day = (n: number) => new Date(d.firstDay + n * DAY_MS).toISOString().slice(5, 10);
  return `${day(start)}…${day(start + 29)}`;
};

function query(d: AgentsDesign, start: number, audience: Audience): Query {
  return {
    site: d.site,
    tz: 'UTC',
    start: new Date(d.firstDay + start * DAY_MS),
    end: new Date(d.firstDay + (start + 30) * DAY_MS),
    compare: 'none',
    comparison: null,
    granularity: 'day',
    filters: EMPTY_FILTERS,
    audience,
  };
}

const config = loadConfig({});
const citation = citationGapSettings(config);
const decay = decaySettings(config);

interface Read {
  name: string;
  audience: Audience;
  /** As its report answers it (the planner's choice), from the projections. */
  report: (db: pg.Pool, q: Query) => Promise<unknown>;
  raw: (db: pg.Pool, q: Query) => Promise<unknown>;
  /** The tables the report's path read. */
  path: (db: pg.Pool, q: Query) => Promise<string>;
}

/** A report's variant, its parameters parsed as a request's would be. */
function reportRead(reports: readonly Report[], name: string, audience: Audience, params: object) {
  const variant = reports.find((r) => r.name === name)!.variants[audience]!;
  const p = variant.params.parse(params);
  return (db: pg.Pool, q: Query) => variant.read(db, q, p);
}

const COVERAGE: CoverageParams = { sort: 'stalest', limit: 1000, page: 1 };
const GAP: CitationGapParams = { sort: 'ratio', limit: 1000, page: 1 };
const DECAY: DecayParams = { limit: 100, page: 1 };

const READS: Read[] = [
  {
    name: 'overview',
    audience: 'agent',
    report: reportRead(AGENT_REPORTS, 'overview', 'agent', {}),
    raw: (db, q) => agentOverview(db, q, {}, 'raw'),
    path: async (_db, q) =>
      sourceFor(q, q.filters) === 'rollup'
        ? 'agent_rollup_day (whole UTC days; hours and minutes at ragged edges), operators and purposes too'
        : 'agent_fetches',
  },
  {
    name: 'coverage (top 1,000 URLs, stalest)',
    audience: 'agent',
    report: reportRead(AGENT_REPORTS, 'coverage', 'agent', { limit: 1000 }),
    raw: (db, q) => agentCoverage(db, q, COVERAGE, { source: 'raw' }),
    path: async (db, q) =>
      ({
        projection: 'url_coverage, url_coverage_agents',
        day: 'url_crawl_day (as of the window end), url_coverage_day',
        raw: 'agent_fetches',
      })[await coverageSource(db, q)],
  },
  {
    name: 'citation gap (top 1,000 URLs)',
    audience: 'all',
    report: reportRead(citationReports(config), 'citation-gap', 'all', { limit: 1000 }),
    raw: (db, q) => citationGap(db, q, GAP, citation, 'raw'),
    path: async (_db, q) =>
      urlSource(q, q.filters) === 'rollup'
        ? 'url_citation_through (two days of running totals; minute rows at ragged edges)'
        : 'agent_fetches, sessions',
  },
  {
    name: 'citation gap summary',
    audience: 'all',
    report: reportRead(citationReports(config), 'citation-gap/summary', 'all', {}),
    raw: (db, q) => citationGapSummary(db, q, { compare: undefined }, citation, 'raw'),
    path: async (_db, q) =>
      urlSource(q, q.filters) === 'rollup'
        ? 'url_citation_through; operators: citation_operator_day, url_arrival_minute (answer engines)'
        : 'agent_fetches, sessions',
  },
  {
    name: 'content decay (top 100)',
    audience: 'all',
    report: reportRead(contentReports(config), 'content/decay', 'all', {}),
    raw: (db, q) => contentDecay(db, q, DECAY, decay, 'raw'),
    path: async (_db, q) =>
      q.start.getTime() % DAY_MS === 0 && q.end.getTime() % DAY_MS === 0
        ? 'url_pageview_day (as of each window edge), url_citation_through (judged pages)'
        : 'events, url_fetch_minute',
  },
];

/** Nearest-rank percentile of the samples. */
function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

async function timed<T>(f: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const result = await f();
  return [performance.now() - t0, result];
}

/** Whether the database holds this design (loaded to the end) or nothing. */
async function isLoaded(db: pg.Pool, d: AgentsDesign): Promise<boolean> {
  await db.query(`CREATE TABLE IF NOT EXISTS bench_agents_loaded (
    design jsonb NOT NULL, load jsonb NOT NULL, loaded_at timestamptz NOT NULL DEFAULT now())`);
  const { rows } = await db.query<{ design: AgentsDesign; load: object; loaded_at: Date }>(
    'SELECT design, load, loaded_at FROM bench_agents_loaded',
  );
  if (rows[0] && isDeepStrictEqual(rows[0].design, d)) {
    console.log(
      `load: reusing the data set loaded ${rows[0].loaded_at.toISOString()}: ${JSON.stringify(rows[0].load)}`,
    );
    return true;
  }
  const { rows: any } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM agent_fetches');
  if (rows[0] || any[0]!.n > 0)
    throw new Error('the database holds another (or a partial) data set: drop it or name another');
  return false;
}

async function main() {
  const log = createLogger('warn');
  const server = await startBenchPostgres(log);
  const name = process.env.BENCH_AGENTS_DB || `bench_agents_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase(server.url, name);
  const { db } = database;
  const keep = Boolean(process.env.BENCH_AGENTS_DB) || process.env.BENCH_KEEP === '1';

  const existing = await db.query<{ id: number }>("SELECT id FROM sites WHERE domain = 'bench.example'");
  const site = existing.rows[0]?.id ?? (await insertBenchSite(db, 'bench-ingest-key'));
  const scale = FETCHES / AGENTS_DESIGN.fetches;
  const design: AgentsDesign = {
    ...AGENTS_DESIGN,
    site,
    fetches: FETCHES,
    pageviews: Math.round(AGENTS_DESIGN.pageviews * scale),
  };

  console.log(`\n## Agent reads (${new Date().toISOString().slice(0, 10)}, database ${name})\n`);
  if (!(await isLoaded(db, design))) {
    const t0 = performance.now();
    const times = await loadAgentsDesign(database.url, design, (day, events, s) => {
      if (day % 10 === 9 || day === design.days - 1)
        console.log(`  day ${day + 1}/${design.days}: ${events} events folded in ${s.toFixed(0)} s`);
    });
    const t1 = performance.now();
    for (const t of loadedTables()) await db.query(`VACUUM ANALYZE ${t}`);
    const vacuum = (performance.now() - t1) / 1000;
    const total = (performance.now() - t0) / 1000;
    const load = {
      fetches: times.fetches,
      pageviews: times.hits,
      fold_s: Math.round(times.fold),
      indexes_s: Math.round(times.indexes),
      vacuum_analyze_s: Math.round(vacuum),
      total_s: Math.round(total),
    };
    await db.query('INSERT INTO bench_agents_loaded (design, load) VALUES ($1, $2)', [design, load]);
    console.log(
      `load: ${times.fetches} fetches and ${times.hits} pageviews folded by agent_fetches, raw_events and citation_gap ` +
        `(people), the fetches' sums written in SQL, in ${times.fold.toFixed(0)} s (${Math.round(times.events / times.fold)} events/s), ` +
        `indexes built in ${times.indexes.toFixed(0)} s, VACUUM ANALYZE ${vacuum.toFixed(0)} s: **${total.toFixed(0)} s**`,
    );
  }
  const sizes = await db.query<{ table: string; rows: number; size: string }>(
    `SELECT relname AS table, reltuples::bigint AS rows, pg_size_pretty(pg_total_relation_size(oid)) AS size
     FROM pg_class WHERE relname = ANY($1) AND relkind = 'r' ORDER BY pg_total_relation_size(oid) DESC`,
    [loadedTables()],
  );
  console.log(sizes.rows.map((r) => `${r.table} ${r.rows} rows, ${r.size}`).join('; '));

  // Warm-up: every read's report path on every window (the raw paths warm up in the first reps).
  for (const start of WINDOW_STARTS)
    for (const r of READS) await r.report(db, query(design, start, r.audience));

  const samples = READS.map(() => ({ report: [] as number[], raw: [] as number[] }));
  const rows = READS.map(() => 0);
  for (let rep = 0; rep < REPS; rep++) {
    const start = WINDOW_STARTS[rep % WINDOW_STARTS.length]!;
    for (const [i, r] of READS.entries()) {
      const q = query(design, start, r.audience);
      const [a, fromReport] = await timed(() => r.report(db, q));
      const [b, fromRaw] = await timed(() => r.raw(db, q));
      if (!isDeepStrictEqual(fromReport, fromRaw))
        throw new Error(
          `${r.name}, ${windowLabel(design, start)}: the report's answer differs from the raw tables'`,
        );
      samples[i]!.report.push(a);
      samples[i]!.raw.push(b);
      rows[i] = Array.isArray(fromReport) ? fromReport.length : 1;
    }
    if (rep % 6 === 5) console.log(`  ${rep + 1}/${REPS} repetitions`);
  }

  console.log(
    `\n${REPS} runs per read and path, the windows (${WINDOW_STARTS.map((s) => windowLabel(design, s)).join(', ')}, UTC) in turn; ` +
      'every run of a report equal to its raw run:\n',
  );
  console.log(
    '| read | rows | projection path (as the report picks it) | p50 ms | p95 ms | raw p50 ms | raw p95 ms | raw ÷ projection p50 / p95 | p95 < 100 ms |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  let met = true;
  for (const [i, r] of READS.entries()) {
    const s = samples[i]!;
    const [p50, p95, r50, r95] = [
      percentile(s.report, 0.5),
      percentile(s.report, 0.95),
      percentile(s.raw, 0.5),
      percentile(s.raw, 0.95),
    ];
    met &&= p95 < GOAL_MS;
    const path = await r.path(db, query(design, WINDOW_STARTS[0]!, r.audience));
    console.log(
      `| ${r.name} | ${rows[i]} | ${path} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${r50.toFixed(0)} | ${r95.toFixed(0)} | ` +
        `${(r50 / p50).toFixed(1)}× / ${(r95 / p95).toFixed(1)}× | ${p95 < GOAL_MS ? 'yes' : '**no**'} |`,
    );
  }
  console.log(
    `\ngoal (every read's p95 under ${GOAL_MS} ms from the projections): ${met ? 'met' : 'NOT met'}`,
  );

  if (keep) {
    await db.end();
    console.log(`kept database ${name}`);
  } else await database.drop();
  await server.stop();
}

await main();
