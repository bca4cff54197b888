// npm run bench:read — 10 million designed events (500 pages, 90 days) folded by the human
// projections into a database of its own, then p50/p95 latency of overview, timeseries, the
// breakdowns and People panels (sources, locations, devices, pages, custom events) over 30-day
// windows, the rollup path against the raw path in the same run (their rows checked equal); beside them
// the deeper reads of issue 7 (goals, a 4-step funnel, 12 weekly retention cohorts, performance,
// errors), each timed in the same rounds as the overview, with the plan of each of its statements.
//
// Then the whole People tab as the dashboard sends it on load, with and without one filter chip
// (read-people-tab.ts), and a summary of each read family at this scale: the cost curve's column of
// docs/benchmarks.md.
//
// BENCH_READ_DB=name uses (and keeps) that database, loading it only if empty, so a loaded data set
// serves many runs (on DATABASE_URL's server: the embedded one is removed at the end, data and all); BENCH_KEEP=1 keeps the database this run created. BENCH_READ_EVENTS scales the
// design down for a quick run. BENCH_READ_REPS sets the runs of each rollup read (default 30),
// BENCH_READ_RAW_REPS those of each raw read (default 6, one per window: each takes seconds),
// BENCH_READ_DEEP_REPS those of each deeper read (default 12). BENCH_READ_DEEP_ONLY=1 times only
// the overview (rollup) and the deeper reads, for a run about them alone when the raw core reads
// would take most of it. BENCH_READ_TAB_REPS sets the loads of the tab on each path (default 6, one
// per window); BENCH_READ_TAB_ONLY=1 times only the tab.
import { countDuePairDays } from '../src/pairs/count-due-days.js';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { isDeepStrictEqual } from 'node:util';
import type pg from 'pg';
import { dimensionRollup } from '../projections/dimension-rollup/projection.js';
import { createLogger } from '../src/log.js';
import type { Query } from '../src/read/envelope/query.js';
import { EMPTY_FILTERS } from '../src/read/envelope/filters.js';
import type { Granularity } from '../src/read/envelope/granularity.js';
import type { Source } from '../src/read/plan/planner.js';
import { journeys } from '../src/read/journeys/read.js';
import { breakdown } from '../src/read/stats/breakdown.js';
import { events } from '../src/read/stats/events.js';
import { devices, locations, sources } from '../src/read/stats/grouped-lists.js';
import { pages } from '../src/read/stats/pages.js';
import { overview } from '../src/read/stats/overview.js';
import { timeseries } from '../src/read/stats/timeseries.js';
import { loadConfig } from '../src/config.js';
import { createReadPool } from '../src/read/budget/read-budget.js';
import { insertBenchSite, openDatabase, startBenchPostgres } from './harness.js';
import type { View } from '../web/src/lib/view.js';
import { benchPeopleTab, percentile, tableNames, type TabView } from './read-people-tab.js';
import {
  checkDeeperReads,
  DEEPER,
  DEEPER_RAW,
  defineDeeperReads,
  printPlans,
  reportDeeper,
} from './read-deeper.js';
import { BENCH_DESIGN, DAY_MS, type ReadDataDesign } from './read-data.js';
import { HUMAN_READ_PROJECTIONS, lastSeq, loadDesign, loadMissing } from './read-load.js';

const REPS = Number(process.env.BENCH_READ_REPS ?? 30);
const RAW_REPS = Number(process.env.BENCH_READ_RAW_REPS ?? 6);
const DEEP_REPS = Number(process.env.BENCH_READ_DEEP_REPS ?? 12);
const EVENTS = Number(process.env.BENCH_READ_EVENTS ?? BENCH_DESIGN.events);
const HOUR_MS = 3_600_000;

/** 30-day windows over the 90 days: UTC days, and local days of zones 5:30 ahead and 2 behind (DST ends inside). */
function windows(d: ReadDataDesign): { label: string; start: number; tz: string }[] {
  const day = (n: number) => d.firstDay + n * DAY_MS;
  return [
    { label: 'Aug 1–30 UTC', start: day(0), tz: 'UTC' },
    { label: 'Aug 21–Sep 19 UTC', start: day(20), tz: 'UTC' },
    { label: 'Sep 10–Oct 9 UTC', start: day(40), tz: 'UTC' },
    { label: 'Sep 30–Oct 29 UTC', start: day(60), tz: 'UTC' },
    { label: 'Sep 5–Oct 4 Asia/Kolkata', start: day(35) - 5.5 * HOUR_MS, tz: 'Asia/Kolkata' },
    { label: 'Sep 30–Oct 29 Europe/Berlin', start: day(60) - 2 * HOUR_MS, tz: 'Europe/Berlin' },
  ];
}

function query(site: number, w: { start: number; tz: string }, granularity: Granularity): Query {
  // Europe/Berlin's 30 local days from Sep 30 hold the 25-hour day of Oct 25: end at local midnight.
  const end = w.start + 30 * DAY_MS + (w.tz === 'Europe/Berlin' ? HOUR_MS : 0);
  return {
    site,
    tz: w.tz,
    start: new Date(w.start),
    end: new Date(end),
    compare: 'none',
    comparison: null,
    granularity,
    filters: EMPTY_FILTERS,
    audience: 'human',
  };
}

type Run = (db: pg.Pool, q: Query, source: Source) => Promise<unknown>;

/** Reads of totals both paths answer (the minute rollups), measured on each. */
const PAIRED: { name: string; run: Run }[] = [
  { name: 'overview', run: (db, q, s) => overview(db, q, {}, s) },
  { name: 'timeseries visitors, day', run: (db, q, s) => timeseries(db, q, { metric: 'visitors' }, s) },
  { name: 'timeseries pageviews, day', run: (db, q, s) => timeseries(db, q, { metric: 'pageviews' }, s) },
];

const TOP = { limit: 100, page: 1 };

/** Breakdowns and People panels both paths answer (the dimension rollup), measured on each. */
const PAIRED_DIMENSIONS: { name: string; run: Run }[] = [
  {
    name: 'breakdown pathname (top 100)',
    run: (db, q, s) => breakdown(db, q, { ...TOP, dimension: 'pathname' }, s),
  },
  {
    name: 'breakdown country (top 100)',
    run: (db, q, s) => breakdown(db, q, { ...TOP, dimension: 'country' }, s),
  },
  { name: 'sources (channels, sources, campaigns)', run: (db, q, s) => sources(db, q, TOP, s) },
  { name: 'locations (countries, regions, cities)', run: (db, q, s) => locations(db, q, TOP, s) },
  { name: 'devices (devices, browsers, os, screens)', run: (db, q, s) => devices(db, q, TOP, s) },
  { name: 'pages (top 100)', run: (db, q, s) => pages(db, q, TOP, s) },
  { name: 'custom events', run: (db, q, s) => events(db, q, TOP, s) },
  {
    name: 'custom event property (Signup plan)',
    run: (db, q, s) => events(db, q, { ...TOP, name: 'Signup', property: 'plan' }, s),
  },
];

interface Measured {
  name: string;
  path: Source | 'deeper';
  runs: number;
  run: (db: pg.Pool, q: Query) => Promise<unknown>;
}

const DEEP_ONLY = process.env.BENCH_READ_DEEP_ONLY === '1';
const TAB_ONLY = process.env.BENCH_READ_TAB_ONLY === '1';

const ALL_MEASURED: Measured[] = [
  ...[...PAIRED, ...PAIRED_DIMENSIONS].flatMap(({ name, run }) =>
    (['rollup', 'raw'] as const).map((path) => ({
      name,
      path,
      runs: path === 'rollup' ? REPS : RAW_REPS,
      run: (db: pg.Pool, q: Query) => run(db, q, path),
    })),
  ),
  ...DEEPER.map((r) => ({ ...r, path: 'deeper' as const, runs: DEEP_REPS })),
  ...DEEPER_RAW.map((r) => ({ ...r, path: 'deeper' as const, runs: RAW_REPS })),
];

const MEASURED = DEEP_ONLY
  ? ALL_MEASURED.filter((m) => m.path === 'deeper' || (m.name === 'overview' && m.path === 'rollup'))
  : ALL_MEASURED;

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

/** Whether the database holds the whole design (its events, and checkpoints at the stream's end) or nothing. */
async function isLoaded(db: pg.Pool, d: ReadDataDesign): Promise<boolean> {
  const { rows } = await db.query<{ events: number; seq: number | null; vitals: boolean }>(`
    SELECT (SELECT count(*) FROM events) AS events,
           (SELECT min(last_seq) FROM projection_checkpoints WHERE name IN ('raw_events', 'rollup_minute')) AS seq,
           EXISTS (SELECT 1 FROM events WHERE kind = 'web_vitals') AS vitals`);
  const { events, seq, vitals } = rows[0]!;
  if (events === 0) return false;
  // A data set of the design before issue 7 (no Web Vitals) has as many events: never fold this
  // design's hits into its missing projections.
  if (events === d.events && seq === lastSeq(d) && vitals) return true;
  throw new Error(`the database holds another data set (${events} events): drop it or name another`);
}

async function main() {
  const log = createLogger('warn');
  const server = await startBenchPostgres(log);
  const name = process.env.BENCH_READ_DB || `bench_read_${randomBytes(4).toString('hex')}`;
  const database = await openDatabase(server.url, name);
  const { db } = database;
  const keep = Boolean(process.env.BENCH_READ_DB) || process.env.BENCH_KEEP === '1';

  const existing = await db.query<{ id: number }>("SELECT id FROM sites WHERE domain = 'bench.example'");
  const site = existing.rows[0]?.id ?? (await insertBenchSite(db, 'bench-ingest-key'));
  const design: ReadDataDesign = { ...BENCH_DESIGN, site, events: EVENTS };

  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(', ');
  console.log(
    `\n## Reads (${new Date().toISOString().slice(0, 10)}, database ${name}, load average ${load()})\n`,
  );
  /** Each fold phase of the load: its first and last progress (events so far, ms). */
  const phases = new Map<string, { first: [number, number]; last: [number, number] }>();
  if (!(await isLoaded(db, design))) {
    const t0 = performance.now();
    let folded = 0;
    const n = await loadDesign(database.url, design, (events, phase) => {
      if (phase === 'folded') folded = events;
      const now = performance.now();
      if (phase.startsWith('folded'))
        phases.set(phase, { first: phases.get(phase)?.first ?? [events, now], last: [events, now] });
      console.log(`  ${phase} ${events} events in ${((now - t0) / 1000).toFixed(0)} s`);
    });
    const loadS = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    for (const p of HUMAN_READ_PROJECTIONS) for (const t of p.tables) await db.query(`VACUUM ANALYZE ${t}`);
    const vacuumS = (performance.now() - t1) / 1000;
    console.log(
      `load: ${n} events (${folded} folded by ${HUMAN_READ_PROJECTIONS.map((p) => p.name).join(' + ')}, ` +
        `${n - folded} copied from them into later weeks) in ${loadS.toFixed(0)} s, ` +
        `then VACUUM ANALYZE ${vacuumS.toFixed(0)} s: **${(loadS + vacuumS).toFixed(0)} s**`,
    );
  } else {
    console.log(`load: reusing the ${design.events} events already in ${name}`);
    const t0 = performance.now();
    const added = await loadMissing(database.url, design);
    for (const p of HUMAN_READ_PROJECTIONS.filter((p) => added.includes(p.name)))
      for (const t of p.tables) await db.query(`VACUUM ANALYZE ${t}`);
    if (added.length > 0)
      console.log(
        `load: folded the design into ${added.join(', ')} in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
      );
  }
  const sizes = await db.query<{ table: string; rows: number; size: string }>(
    `
    SELECT relname AS table, reltuples::bigint AS rows, pg_size_pretty(pg_total_relation_size(oid)) AS size
    FROM pg_class WHERE relname = ANY($1)
    ORDER BY pg_total_relation_size(oid) DESC`,
    [HUMAN_READ_PROJECTIONS.flatMap((p) => p.tables)],
  );
  console.log(sizes.rows.map((r) => `${r.table} ${r.rows} rows, ${r.size}`).join('; '));
  const dimensionBytes = await db.query<{ bytes: number }>(
    'SELECT sum(pg_total_relation_size(oid)) AS bytes FROM pg_class WHERE relname = ANY($1)',
    [dimensionRollup.tables],
  );
  const per10M = (dimensionBytes.rows[0]!.bytes * 10_000_000) / design.events / 1e6;
  console.log(
    `dimension_rollup's tables, indexes included: ${(dimensionBytes.rows[0]!.bytes / 1e6).toFixed(0)} MB, ` +
      `${per10M.toFixed(0)} MB per 10 M events`,
  );

  // The pair rollups of the closed days (the click-to-filter reads), as the projector's job counts them.
  const newestHit = (
    await db.query<{ ts: Date }>('SELECT max(ts) AS ts FROM events WHERE site_id = $1', [site])
  ).rows[0]!.ts;
  const t2 = performance.now();
  const counted = await countDuePairDays(db, {
    now: new Date(newestHit.getTime() + DAY_MS + 2 * HOUR_MS),
    maxDays: 100_000,
  });
  const sizeOf = async (table: string) => {
    const { rows } = await db.query<{ bytes: number; rows: number }>(
      `SELECT pg_total_relation_size('${table}') AS bytes, (SELECT count(*) FROM ${table})::int AS rows`,
    );
    const { bytes, rows: n } = rows[0]!;
    return `${table} ${n} rows, ${(bytes / 1e6).toFixed(0)} MB with its index, ${(bytes / design.events).toFixed(0)} B an event`;
  };
  const countS = (performance.now() - t2) / 1000;
  // As autovacuum would after the count: without statistics (this machine's Postgres runs without
  // autovacuum) the reads of these tables are planned for a few rows, their sorts spilled to disk.
  for (const t of ['dimension_pairs', 'dimension_pair_days', 'walk_days'])
    await db.query(`VACUUM ANALYZE ${t}`);
  console.log(
    `pair rollups: ${counted.length} days counted in ${countS.toFixed(0)} s; ` +
      `${await sizeOf('dimension_pairs')}; ${await sizeOf('walk_days')}`,
  );
  await defineDeeperReads(db, site);
  const ws = windows(design);
  const finish = async () => {
    if (keep) {
      await db.end();
      console.log(`kept database ${name}`);
    } else await database.drop();
    await server.stop();
  };
  if (TAB_ONLY) {
    await peopleTab(db, database.url, site, ws);
    return finish();
  }
  // Both paths must agree at this scale too; these runs also warm the caches.
  for (const w of DEEP_ONLY ? [] : ws) {
    const q = query(site, w, 'day');
    for (const { name, run } of [...PAIRED, ...PAIRED_DIMENSIONS]) {
      const [a, b] = [await run(db, q, 'rollup'), await run(db, q, 'raw')];
      if (!isDeepStrictEqual(a, b))
        throw new Error(`${name}, ${w.label}: rollup ${JSON.stringify(a)} ≠ raw ${JSON.stringify(b)}`);
    }
  }
  if (!DEEP_ONLY) {
    console.log(`rollup and raw paths agree on every window: ${ws.map((w) => w.label).join(', ')}`);
  }
  await checkDeeperReads(db, (i) => query(site, ws[i % ws.length]!, 'day'));

  // Reads interleaved, each round on the next window, so noise and caches hit every read alike.
  const samples = MEASURED.map(() => [] as number[]);
  for (let round = 0; round < Math.max(...MEASURED.map((m) => m.runs)); round++) {
    const q = query(site, ws[round % ws.length]!, 'day');
    for (const [i, m] of MEASURED.entries())
      if (round < m.runs) samples[i]!.push(await timed(() => m.run(db, q)));
  }
  const stats = MEASURED.map((m, i) => ({
    ...m,
    p50: percentile(samples[i]!, 0.5),
    p95: percentile(samples[i]!, 0.95),
  }));

  console.log(`\nEach read run n times, on the windows in turn:\n`);
  console.log('| read | path | n | p50 ms | p95 ms |');
  console.log('|---|---|---|---|---|');
  for (const r of stats)
    console.log(`| ${r.name} | ${r.path} | ${r.runs} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`);
  console.log('');
  const ratios = (reads: readonly { name: string }[], p95Ms: number, times: number) => {
    let met = true;
    for (const { name } of DEEP_ONLY ? [] : reads) {
      const rollup = stats.find((r) => r.name === name && r.path === 'rollup')!;
      const raw = stats.find((r) => r.name === name && r.path === 'raw')!;
      const [r50, r95] = [raw.p50 / rollup.p50, raw.p95 / rollup.p95];
      met &&= rollup.p95 < p95Ms && r50 >= times && r95 >= times;
      console.log(`- ${name}: raw ÷ rollup **${r50.toFixed(0)}×** at p50, **${r95.toFixed(0)}×** at p95`);
    }
    return met;
  };
  const totalsMet = ratios(PAIRED, 50, 20);
  const dimensionsMet = ratios(PAIRED_DIMENSIONS, 100, 50);
  if (!DEEP_ONLY) {
    console.log(
      `\ngoal (overview and timeseries: rollup p95 < 50 ms and ≥ 20× faster than raw): ${totalsMet ? 'met' : 'NOT met'}`,
    );
    console.log(
      `goal (breakdowns and People panels: rollup p95 < 100 ms and ≥ 50× faster than raw): ${dimensionsMet ? 'met' : 'NOT met'}`,
    );
  }
  const overviewRollup = stats.find((r) => r.name === 'overview' && r.path === 'rollup')!;
  reportDeeper(
    stats.filter((r) => r.path === 'deeper'),
    overviewRollup,
  );

  const tab = DEEP_ONLY ? undefined : await peopleTab(db, database.url, site, ws);
  await printPlans(db, (i) => query(site, ws[i % ws.length]!, 'day'));

  // The cost curve's column at this scale (docs/benchmarks.md): each family's slowest read.
  const p95 = (name: string, path: Measured['path']) =>
    stats.find((r) => r.name === name && r.path === path)?.p95;
  const slowest = (reads: readonly { name: string }[], path: Measured['path']) =>
    Math.max(...reads.map((r) => p95(r.name, path) ?? NaN));
  const ms = (x: number | undefined) =>
    x === undefined || Number.isNaN(x) ? '–' : x.toFixed(x < 10 ? 1 : 0);
  const deeper = stats.filter((r) => DEEPER.some((d) => d.name === r.name));
  console.log(`\n### Cost curve at ${design.events} events (load average ${load()})\n`);
  console.log('| read family | p95 ms |');
  console.log('|---|---|');
  console.log(
    `| overview, rollup / raw | ${ms(p95('overview', 'rollup'))} / ${ms(p95('overview', 'raw'))} |`,
  );
  console.log(
    `| timeseries (slower metric), rollup / raw | ${ms(slowest(PAIRED.slice(1), 'rollup'))} / ${ms(slowest(PAIRED.slice(1), 'raw'))} |`,
  );
  console.log(
    `| breakdowns and People panels (slowest), rollup / raw | ${ms(slowest(PAIRED_DIMENSIONS, 'rollup'))} / ${ms(slowest(PAIRED_DIMENSIONS, 'raw'))} |`,
  );
  const worst = deeper.reduce((a, b) => (b.p95 > a.p95 ? b : a), deeper[0]!);
  console.log(`| deeper reads, planned (slowest: ${worst.name}) | ${ms(worst.p95)} |`);
  if (tab) {
    console.log(`| whole People tab, planned / raw | ${ms(tab.tab.rollup)} / ${ms(tab.tab.raw)} |`);
    console.log(`| People tab + one chip, planned / raw | ${ms(tab.chip.rollup)} / ${ms(tab.chip.raw)} |`);
  }
  for (const [phase, { first, last }] of phases)
    if (last[1] > first[1])
      console.log(
        `| fold rate, ${phase} (events/s) | ${((last[0] - first[0]) / ((last[1] - first[1]) / 1000)).toFixed(0)} |`,
      );

  await finish();
}

/**
 * The People tab's loads: range=30d ending on each window's last local day, and views ending now
 * at the data set's newest hit (today, month to date); the chips on the top country and source.
 */
async function peopleTab(db: pg.Pool, url: string, site: number, ws: ReturnType<typeof windows>) {
  const readDb = createReadPool(url, loadConfig({}));
  try {
    const owner = (await db.query<{ owner_id: number }>('SELECT owner_id FROM sites WHERE id = $1', [site]))
      .rows[0]!.owner_id;
    const newest = (
      await db.query<{ ts: Date }>('SELECT max(ts) AS ts FROM events WHERE site_id = $1', [site])
    ).rows[0]!.ts;
    const base: Omit<View, 'range'> = {
      site,
      compare: 'none',
      filters: [],
      tab: 'people',
      metric: 'visitors',
    };
    const views: TabView[] = ws.map((w) => ({
      label: w.label,
      view: { ...base, range: '30d', tz: w.tz },
      // An hour before the window's end: inside its last local day, which `30d` ends with.
      now: new Date(w.start + 30 * DAY_MS - HOUR_MS),
    }));
    const now = new Date(newest.getTime() + 1_000);
    const endingNow: TabView[] = (['today', 'mtd'] as const).map((range) => ({
      label: `range=${range} at ${now.toISOString()} (a second after the newest hit)`,
      view: { ...base, range, tz: 'UTC' },
      now,
    }));
    // The tab's journeys (from path_session_walks) must agree with the raw path's on every window.
    for (const w of ws)
      for (const p of [
        { depth: 3, limit: 5 },
        { depth: 6, limit: 100 },
      ]) {
        const params = { ...p, compare: 'none' as const };
        const q = query(site, w, 'day');
        const [a, b] = [await journeys(db, q, params, 'rollup'), await journeys(db, q, params, 'raw')];
        if (!isDeepStrictEqual(a, b))
          throw new Error(`journeys ${JSON.stringify(p)}, ${w.label}: walks ≠ raw`);
      }
    console.log(
      `journeys from path_session_walks agree with the raw path on every window: ${ws.map((w) => w.label).join(', ')}`,
    );
    // The busiest value a row of the panel offers to click: the row of hits without one (direct
    // traffic has no source) is not a value.
    const top = async (dimension: string) => {
      const q = query(site, ws[0]!, 'day');
      const rows = await breakdown(db, q, { limit: 5, page: 1, dimension });
      return { dimension, value: String(rows.find((r) => r.value !== null)!.value) };
    };
    return await benchPeopleTab({ db: readDb, site, owner, tables: await tableNames(db) }, views, endingNow, [
      await top('country'),
      await top('source'),
    ]);
  } finally {
    await readDb.end();
  }
}

await main();
