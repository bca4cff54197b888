// The raw reads that use the indexes migration 0040 changed on `events`, and the fold's update of
// stored pageviews' engagement, timed on two databases that bench:storage kept (STORAGE_KEEP=1 with
// STORAGE_DB), one folded before the change and one after, alternating round by round; the plan of
// each statement (EXPLAIN ANALYZE, BUFFERS) on each database is printed first. Usage:
//   DATABASE_URL=… tsx bench/event-indexes.ts <db before> <db after> [rounds] [window days]
// The window is the data's second day by default (a third of bench:storage's 3 days, as 30 of
// bench:read's 90 days); with the fifth argument, that many days from the first.
import type pg from 'pg';
import { createPool } from '../src/db/pool.js';
import type { Db } from '../src/db/sql.js';
import { funnel } from '../src/read/funnels/funnel.js';
import { listFunnels } from '../src/funnels/store.js';
import { goals } from '../src/read/goals/goals.js';
import { HUMAN_DIMENSIONS, parseFilters } from '../src/read/envelope/filters.js';
import type { Query } from '../src/read/envelope/query.js';
import { defineDeeperReads } from './read-deeper.js';
import { BENCH_DESIGN, DAY_MS } from './read-data.js';

const [before, after] = process.argv.slice(2, 4);
const ROUNDS = Number(process.argv[4] ?? 8);
const WINDOW_DAYS = process.argv[5] === undefined ? null : Number(process.argv[5]);
const { DATABASE_URL } = process.env;
if (!DATABASE_URL || !before || !after)
  throw new Error('usage: DATABASE_URL=… tsx bench/event-indexes.ts <before> <after> [rounds]');

const urlOf = (name: string) => Object.assign(new URL(DATABASE_URL), { pathname: `/${name}` }).toString();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Read {
  name: string;
  run: (db: Db, q: Query, engaged: Engaged) => Promise<unknown>;
}
type Engaged = { ids: string[]; sessions: string[]; bySession: boolean };

/** The fold's update of stored pageviews, as each version writes it, rolled back. */
async function engagementUpdate(db: Db, _q: Query, e: Engaged) {
  const where = e.bySession ? 'events.session_id = g.session AND events.id = g.id' : 'events.id = g.id';
  const client = db as pg.PoolClient;
  await client.query('BEGIN');
  try {
    await client.query({
      text: `UPDATE events SET engaged_ms = coalesce(engaged_ms, 0) + g.d
        FROM unnest($1::uuid[], $2::uuid[], $3::int[]) AS g(id, session, d) WHERE ${where}`,
      values: [e.ids, e.sessions, e.ids.map(() => 1000)],
    });
  } finally {
    await client.query('ROLLBACK');
  }
}

const READS: Read[] = [
  { name: 'goals, raw path (3 events, 2 paths)', run: (db, q) => goals(db, q, {}, 'raw') },
  { name: 'goals, raw path, country is US', run: (db, q) => goals(db, filtered(q), {}, 'raw') },
  {
    name: 'funnel, 4 steps, path_sessions (planned)',
    run: (db, q) => funnel(db, q, { id: funnelId }, 'path_sessions'),
  },
  { name: 'funnel, 4 steps, raw path', run: (db, q) => funnel(db, q, { id: funnelId }, 'raw') },
  {
    name: 'funnel, 4 steps, raw path, country is US',
    run: (db, q) => funnel(db, filtered(q), { id: funnelId }, 'raw'),
  },
  { name: 'engagement of 500 stored pageviews (fold update)', run: engagementUpdate },
];

const filtered = (q: Query): Query => ({
  ...q,
  filters: parseFilters([{ dimension: 'country', op: 'is', value: 'US' }], HUMAN_DIMENSIONS),
});
let funnelId = 0;

async function open(name: string) {
  const pool = createPool(urlOf(name), 2);
  const site = (await pool.query<{ id: number }>('SELECT min(id)::int AS id FROM sites')).rows[0]!.id;
  await defineDeeperReads(pool, site);
  funnelId = (await listFunnels(pool, site))[0]!.id;
  const q: Query = {
    site,
    tz: 'UTC',
    start: new Date(BENCH_DESIGN.firstDay + (WINDOW_DAYS === null ? DAY_MS : 0)),
    end: new Date(BENCH_DESIGN.firstDay + (WINDOW_DAYS ?? 2) * DAY_MS),
    compare: 'none',
    comparison: null,
    granularity: 'day',
    filters: { and: [] },
    audience: 'human',
  };
  const { rows } = await pool.query<{ id: string; session_id: string }>(
    "SELECT id, session_id FROM events WHERE kind = 'pageview' ORDER BY md5(id::text) LIMIT 500",
  );
  const bySession = !(await pool.query("SELECT 1 FROM pg_indexes WHERE indexname = 'events_pkey'")).rowCount;
  const engaged = { ids: rows.map((r) => r.id), sessions: rows.map((r) => r.session_id), bySession };
  return { name, pool, q, engaged, funnelId };
}

/** The statements a read sends, with their parameters. */
function recorder(client: pg.PoolClient) {
  const statements: { text: string; values?: unknown[] }[] = [];
  const query = (q: string | { text: string; values?: unknown[] }, values?: unknown[]) => {
    const s = typeof q === 'string' ? { text: q, ...(values ? { values } : {}) } : q;
    if (!/^(BEGIN|ROLLBACK)/.test(s.text)) statements.push(s);
    return client.query(s);
  };
  return { db: { query } as unknown as Db, statements };
}

const dbs = [await open(before), await open(after)];
for (const d of dbs) {
  console.log(`\n## Plans on ${d.name}`);
  for (const r of READS) {
    const client = await d.pool.connect();
    try {
      funnelId = d.funnelId;
      const rec = recorder(client);
      await r.run(rec.db, d.q, d.engaged);
      console.log(`\n${r.name}:`);
      for (const s of rec.statements) {
        const explain = /^\s*UPDATE/.test(s.text);
        if (explain) await client.query('BEGIN');
        const { rows } = await client.query<{ 'QUERY PLAN': string }>({
          text: `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${s.text}`,
          ...(s.values ? { values: s.values } : {}),
        });
        if (explain) await client.query('ROLLBACK');
        console.log('```');
        for (const row of rows) console.log(row['QUERY PLAN']);
        console.log('```');
      }
    } finally {
      client.release();
    }
  }
}

const times = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round++)
  for (const r of READS)
    for (const d of round % 2 === 0 ? dbs : [...dbs].reverse()) {
      const client = await d.pool.connect();
      try {
        funnelId = d.funnelId;
        const t0 = process.hrtime.bigint();
        await r.run(client, d.q, d.engaged);
        const ms = Number(process.hrtime.bigint() - t0) / 1e6;
        times.set(`${r.name}|${d.name}`, [...(times.get(`${r.name}|${d.name}`) ?? []), ms]);
      } finally {
        client.release();
      }
    }
console.log(`\nmedian ms of ${ROUNDS} rounds, alternating: read | ${before} | ${after} | ratio`);
for (const r of READS) {
  const [a, b] = dbs.map((d) => median(times.get(`${r.name}|${d.name}`)!));
  console.log(`${r.name} | ${a!.toFixed(1)} | ${b!.toFixed(1)} | ${(b! / a!).toFixed(2)}`);
}
await Promise.all(dbs.map((d) => d.pool.end()));
