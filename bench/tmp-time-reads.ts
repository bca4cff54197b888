import pg from 'pg';
import { journeys } from '../src/read/journeys/read.js';
import { journeyGraph } from '../src/read/journeys/graph.js';
import { performanceStats } from '../src/read/performance/performance.js';
import { pages } from '../src/read/stats/pages.js';
import { windowQuery } from '../test/support/window-query.js';
import { parseFilters, HUMAN_DIMENSIONS } from '../src/read/envelope/filters.js';

const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/bench_read_10m', max: 8 });
const q = windowQuery(1, Date.UTC(2026, 7, 1), Date.UTC(2026, 7, 31));
const chip = (d: string, v: string) => ({ ...q, filters: parseFilters([{ dimension: d, op: 'is', value: v }], HUMAN_DIMENSIONS) });
async function time(name: string, f: () => Promise<unknown>, n = 4) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) { const t = performance.now(); await f(); ms.push(Math.round(performance.now() - t)); }
  console.log(name, ms.join(' '));
}
const which = process.argv[2] ?? 'all';
if (which === 'all' || which === 'journeys') {
  await time('journeys', () => journeys(pool, q, { depth: 3, limit: 5, compare: 'none' }));
  const t = performance.now();
  const { rows } = await pool.query("SELECT paths[1:4] AS paths, count(*)::int AS sessions FROM path_session_walks WHERE site_id = 1 AND started_at >= '2026-08-01' AND started_at < '2026-08-31' GROUP BY 1");
  const t1 = performance.now();
  journeyGraph(rows, 5);
  console.log('walk rows', rows.length, 'sql+ship', Math.round(t1 - t), 'graph', Math.round(performance.now() - t1));
}
if (which === 'all' || which === 'performance') await time('performance', () => performanceStats(pool, q, { limit: 5, page: 1 }));
if (which === 'all' || which === 'pages') await time('pages', () => pages(pool, q, { limit: 10, page: 1 }));
if (which === 'chip') {
  await time('journeys US', () => journeys(pool, chip('country', 'US'), { depth: 3, limit: 5, compare: 'none' }), 2);
}
await pool.end();
