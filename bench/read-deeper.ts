// The deeper reads of issue 7 in `npm run bench:read`: goals, a 4-step funnel, 12 weekly retention
// cohorts, performance and errors, on the data set's custom events, identified users, Web Vitals and
// errors (read-data.ts), each read as the API reads it (its default page of 100 rows). Goal: p95
// under 500 ms each. Each statement's plan is printed with the timings.
import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';
import type { Db } from '../src/db/sql.js';
import { createFunnel, listFunnels } from '../src/funnels/store.js';
import { createGoal, listGoals } from '../src/goals/store.js';
import type { Query } from '../src/read/envelope/query.js';
import { errorGroups } from '../src/read/errors/errors.js';
import { funnel } from '../src/read/funnels/funnel.js';
import { goals } from '../src/read/goals/goals.js';
import { performanceStats } from '../src/read/performance/performance.js';
import { retention } from '../src/read/retention/read.js';
import { BENCH_DESIGN, DAY_MS } from './read-data.js';

const PAGE = { limit: 100, page: 1 };

/** The goals the bench site defines: events with and without revenue, a path and a path pattern. */
const GOALS = [
  { name: 'Signup', event: 'Signup', path: null, currency: null },
  { name: 'Purchase (USD)', event: 'Purchase', path: null, currency: 'USD' },
  { name: 'Purchase (EUR)', event: 'Purchase', path: null, currency: 'EUR' },
  { name: 'Visit /pricing', event: null, path: '/pricing', currency: null },
  { name: 'Visit /docs/*', event: null, path: '/docs/*', currency: null },
];

/** Four steps, the first one common (two pages in three are docs): the costly kind of funnel. */
const FUNNEL = {
  name: 'Docs to purchase',
  steps: [{ path: '/docs/*' }, { path: '/pricing' }, { event: 'Signup' }, { event: 'Purchase' }],
  windowMinutes: null,
};

let funnelId = 0;

/** Creates the goals and the funnel unless the site has them (a kept database is read again). */
export async function defineDeeperReads(db: pg.Pool, site: number): Promise<void> {
  const have = new Set((await listGoals(db, site)).map((g) => g.name));
  for (const g of GOALS.filter((g) => !have.has(g.name))) await createGoal(db, { siteId: site, ...g });
  const existing = (await listFunnels(db, site)).find((f) => f.name === FUNNEL.name);
  funnelId = (existing ?? (await createFunnel(db, { siteId: site, ...FUNNEL }))).id;
}

const HOUR_MS = 3_600_000;

/**
 * Twelve ISO weeks from Monday, August 3 (the design's third day) to October 26, in the round's
 * zone: UTC, or Europe/Berlin, where the last week holds the end of summer time (a 169-hour week).
 */
export function retentionQuery(q: Query): Query {
  const berlin = q.tz === 'Europe/Berlin';
  const start = BENCH_DESIGN.firstDay + 2 * DAY_MS - (berlin ? 2 * HOUR_MS : 0);
  const end = BENCH_DESIGN.firstDay + 86 * DAY_MS - (berlin ? HOUR_MS : 0);
  return { ...q, tz: berlin ? q.tz : 'UTC', start: new Date(start), end: new Date(end), granularity: 'week' };
}

type Read = { name: string; run: (db: Db, q: Query) => Promise<unknown> };

export const DEEPER: Read[] = [
  { name: 'goals (5: 3 events, 2 paths)', run: (db, q) => goals(db, q) },
  { name: 'funnel, 4 steps', run: (db, q) => funnel(db, q, { id: funnelId }) },
  {
    name: 'retention, 12 weekly cohorts (84 days)',
    run: (db, q) => retention(db, retentionQuery(q), { granularity: 'week' }),
  },
  { name: 'performance', run: (db, q) => performanceStats(db, q, PAGE) },
  { name: 'errors', run: (db, q) => errorGroups(db, q, PAGE) },
];

/** The reads a projection answers, on the raw path: what they cost without it, in the same run. */
export const DEEPER_RAW: Read[] = [
  { name: 'goals (5: 3 events, 2 paths), raw path', run: (db, q) => goals(db, q, {}, 'raw') },
  { name: 'performance, raw path', run: (db, q) => performanceStats(db, q, PAGE, 'raw') },
  { name: 'funnel, 4 steps, raw path', run: (db, q) => funnel(db, q, { id: funnelId }, 'raw') },
];

/** Runs each deeper read once per window (which also warms the caches); both paths of goals, performance and the funnel must agree. */
export async function checkDeeperReads(db: pg.Pool, queryOf: (round: number) => Query): Promise<void> {
  for (let round = 0; round < 6; round++) {
    const q = queryOf(round);
    for (const r of DEEPER) await r.run(db, q);
    const [days, raw] = [await goals(db, q, {}, 'path_visitors'), await goals(db, q, {}, 'raw')];
    if (!isDeepStrictEqual(days, raw))
      throw new Error(
        `goals, round ${round}: path_visitors ${JSON.stringify(days)} ≠ raw ${JSON.stringify(raw)}`,
      );
    const [histograms, hits] = [
      await performanceStats(db, q, PAGE, 'vital_histograms'),
      await performanceStats(db, q, PAGE, 'raw'),
    ];
    if (!isDeepStrictEqual(histograms, hits))
      throw new Error(
        `performance, round ${round}: vital_histograms ${JSON.stringify(histograms)} ≠ raw ${JSON.stringify(hits)}`,
      );
    const [sessions, steps] = [
      await funnel(db, q, { id: funnelId }, 'path_sessions'),
      await funnel(db, q, { id: funnelId }, 'raw'),
    ];
    if (!isDeepStrictEqual(sessions, steps))
      throw new Error(
        `funnel, round ${round}: path_sessions ${JSON.stringify(sessions)} ≠ raw ${JSON.stringify(steps)}`,
      );
  }
}

interface Stat {
  name: string;
  runs: number;
  p50: number;
  p95: number;
}

export function reportDeeper(stats: readonly Stat[], overview: Stat): void {
  console.log(
    `\nDeeper reads, in the same rounds as the overview (rollup p50 ${overview.p50.toFixed(1)} ms,`,
  );
  console.log(`p95 ${overview.p95.toFixed(1)} ms):\n`);
  console.log('| read | n | p50 ms | p95 ms | p50 ÷ overview | p95 ÷ overview | p95 < 500 ms |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of stats)
    console.log(
      `| ${r.name} | ${r.runs} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ` +
        `${(r.p50 / overview.p50).toFixed(1)} | ${(r.p95 / overview.p95).toFixed(1)} | ${r.p95 < 500 ? 'yes' : '**no**'} |`,
    );
}

/** The statements a read sends, with their parameters. */
function recorder(db: pg.Pool) {
  const statements: { text: string; values?: unknown[] }[] = [];
  const query = (q: { text: string; values?: unknown[] }) => {
    statements.push(q);
    return db.query(q);
  };
  return { db: { query } as unknown as Db, statements };
}

/** The plan (EXPLAIN without ANALYZE: the shape) of every statement of each deeper read. */
export async function printPlans(db: pg.Pool, queryOf: (round: number) => Query): Promise<void> {
  console.log('\nPlans of the deeper reads (first window; EXPLAIN (COSTS OFF)):');
  for (const r of DEEPER) {
    const rec = recorder(db);
    await r.run(rec.db, queryOf(0));
    console.log(`\n${r.name}:\n`);
    for (const s of rec.statements) {
      const { rows } = await db.query<{ 'QUERY PLAN': string }>({
        text: `EXPLAIN (COSTS OFF) ${s.text}`,
        ...(s.values ? { values: s.values } : {}),
      });
      console.log('```');
      for (const row of rows) console.log(row['QUERY PLAN']);
      console.log('```');
    }
  }
}
