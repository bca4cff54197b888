// The People tab in `npm run bench:read`: every read the dashboard sends when the tab loads
// (web/src/panels/people-tab.tsx and the panels in it), with the query strings it builds
// (web/src/lib/read-params.ts), checked and understood as the API does (checkedRead) at a `now` on
// the data set, asked for all at once and sent READS_IN_FLIGHT at a time as the dashboard's getData
// queues them, through the account's read slots (READ_CONCURRENCY): a read refused is sent again
// after Retry-After, as getData does. A load is timed from its first request to its last answer. The tables each read's
// statements name tell which source answered it.
import pLimit from 'p-limit';
import type pg from 'pg';
import { loadConfig } from '../src/config.js';
import type { Db } from '../src/db/sql.js';
import { listFunnels } from '../src/funnels/store.js';
import { RETRY_AFTER_SECONDS } from '../src/read/budget/read-budget.js';
import { ReadSlots } from '../src/read/budget/read-slots.js';
import { checkedRead } from '../src/read/envelope/handler.js';
import { respond } from '../src/read/envelope/respond.js';
import type { Report } from '../src/read/envelope/report.js';
import type { Source } from '../src/read/plan/planner.js';
import { GOAL_REPORTS } from '../src/read/goals/reports.js';
import { QUALITY_REPORTS } from '../src/read/performance/reports.js';
import { STATS_REPORTS } from '../src/read/stats/reports.js';
import { VISIT_REPORTS } from '../src/read/visits/reports.js';
import { rawRowsFrom } from '../src/retention/raw-rows.js';
import { READS_IN_FLIGHT } from '../web/src/lib/api.js';
import { readUrl } from '../web/src/lib/read-params.js';
import { type View, withFilter } from '../web/src/lib/view.js';

const REPORTS: readonly Report[] = [...STATS_REPORTS, ...QUALITY_REPORTS, ...GOAL_REPORTS, ...VISIT_REPORTS];

/** The reads whose functions take a forced source (the rollup-or-raw pairs of bench:read). */
const FORCIBLE = new Set([
  'overview',
  'timeseries',
  'pages',
  'sources',
  'locations',
  'devices',
  'events',
  'journeys',
]);

/** The reads the tab sends at once on load (the Visits panel opens on its sessions list). */
export function peopleTabUrls(view: View): string[] {
  const list = { compare: false, extra: { limit: 10 } };
  return [
    readUrl('/api/stats/overview', view),
    readUrl('/api/stats/realtime', view, { compare: false }),
    readUrl('/api/stats/timeseries', view, { extra: { metric: view.metric } }),
    readUrl('/api/stats/pages', view, list),
    ...['sources', 'locations', 'devices'].map((r) => readUrl(`/api/stats/${r}`, view, list)),
    readUrl('/api/stats/events', view, list),
    readUrl('/api/stats/goals', view),
    // A custom window cannot be sent to journeys, whose `start` is a path: the panel asks for a preset.
    ...(view.start === undefined
      ? [readUrl('/api/stats/journeys', view, { compare: false, extra: { depth: 3, limit: 5 } })]
      : []),
    readUrl('/api/stats/retention', view, { compare: false, extra: { granularity: 'week' } }),
    readUrl('/api/stats/performance', view, { compare: false, extra: { limit: 5 } }),
    readUrl('/api/stats/errors', view, list),
    readUrl('/api/stats/sessions', view, { compare: false, extra: { limit: 10, page: 1 } }),
  ];
}

/** The funnels panel reads the site's first funnel once the list of funnels has come. */
const funnelUrl = (view: View, id: number) => readUrl(`/api/stats/funnel/${id}`, view, { compare: false });

/** The report a dashboard URL under /api/stats names, and its input as the route gives it. */
function route(url: string): { report: Report; input: Record<string, string> } {
  const u = new URL(url, 'http://dashboard');
  const path = u.pathname.replace(/^\/api\/stats/, '');
  for (const report of REPORTS) {
    const pattern = new RegExp(`^${(report.path ?? `/${report.name}`).replace(/:(\w+)/g, '(?<$1>[^/]+)')}$`);
    const m = pattern.exec(path);
    if (m) return { report, input: { ...Object.fromEntries(u.searchParams), ...m.groups } };
  }
  throw new Error(`no read answers ${url}`);
}

/**
 * `db`, recording the tables of `known` that its statements read from into `tables`. A pool still,
 * as the API gives its reads: a read that takes a connection of its own for `SET LOCAL` settings
 * (withLocalSettings) gets one, its statements traced too.
 */
function tracing(db: pg.Pool, known: ReadonlySet<string>, tables: Set<string>): Db {
  const traced =
    (run: (...a: unknown[]) => Promise<unknown>) =>
    (q: string | { text: string }, ...rest: unknown[]) => {
      const text = typeof q === 'string' ? q : q.text;
      for (const m of text.matchAll(/\b(?:FROM|JOIN)\s+([a-z_][a-z0-9_]*)/gi))
        if (known.has(m[1]!.toLowerCase())) tables.add(m[1]!.toLowerCase());
      return run(q, ...rest);
    };
  const connect = async () => {
    const client = await db.connect();
    return { query: traced(client.query.bind(client) as never), release: () => client.release() };
  };
  return { query: traced(db.query.bind(db) as never), connect } as unknown as Db;
}

export interface TabRead {
  read: string;
  ms: number;
  tables: string[];
  /** Times the read budget refused it (429) before it ran. */
  refused: number;
  /** Why it gave no answer (the API's 503), if it did not. */
  failed?: string;
}

export interface TabLoad {
  ms: number;
  reads: TabRead[];
}

export interface TabContext {
  /** The read pool, as the API's (READ_POOL_SIZE connections). */
  db: pg.Pool;
  site: number;
  owner: number;
  /** The database's tables, to tell a read's source by. */
  tables: ReadonlySet<string>;
}

/** The database's tables (the names a read's statements are matched against). */
export async function tableNames(db: pg.Pool): Promise<Set<string>> {
  const { rows } = await db.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  return new Set(rows.map((r) => r.name));
}

/**
 * One load of the tab for `view` at `now`, every read planned as the API plans it, or with
 * `force` the reads that take a source forced onto it (the deeper reads plan theirs either way).
 */
export async function loadPeopleTab(
  ctx: TabContext,
  view: View,
  now: Date,
  force?: Source,
): Promise<TabLoad> {
  const slots = new ReadSlots(loadConfig({}).READ_CONCURRENCY);
  const queue = pLimit(READS_IN_FLIGHT);
  const principal = { kind: 'session' as const, userId: ctx.owner };
  const reads: TabRead[] = [];
  const send = async (url: string) => {
    const { report, input } = route(url);
    let refused = 0;
    const t0 = performance.now();
    for (;;) {
      // The queue holds its place while the read runs, not while it waits out a refusal.
      const done = await queue(async () => {
        const give = slots.take(`user:${ctx.owner}`);
        if (give === undefined) return false;
        await run(give);
        return true;
      });
      if (done) return;
      refused++;
      await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_SECONDS * 1000));
    }
    async function run(give: () => void) {
      const tables = new Set<string>();
      const db = tracing(ctx.db, ctx.tables, tables);
      let failed: string | undefined;
      try {
        const startedAt = performance.now();
        const r = await checkedRead(db, principal, report, input, now);
        const read = r.variant.read as (db: Db, q: unknown, p: unknown, s?: Source) => Promise<unknown>;
        const data = await (force && FORCIBLE.has(report.name)
          ? read(db, r.q, r.params, force)
          : read(db, r.q, r.params));
        await rawRowsFrom(db);
        JSON.stringify(respond(r.q, data, startedAt));
      } catch (err) {
        // The API answers 503 (a statement past READ_TIMEOUT_MS is cancelled): the panel shows an error.
        failed = (err as { code?: string }).code === '57014' ? 'cancelled at READ_TIMEOUT_MS' : String(err);
      } finally {
        give();
      }
      reads.push({
        read: report.name,
        ms: performance.now() - t0,
        tables: [...tables].sort(),
        refused,
        ...(failed ? { failed } : {}),
      });
    }
  };
  const t0 = performance.now();
  await Promise.all([
    ...peopleTabUrls(view).map(send),
    listFunnels(ctx.db, ctx.site).then((fs) => (fs[0] ? send(funnelUrl(view, fs[0].id)) : undefined)),
  ]);
  return { ms: performance.now() - t0, reads };
}

/** Nearest-rank percentile of the samples. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** A view to load, at the `now` its range ends at. */
export interface TabView {
  label: string;
  view: View;
  now: Date;
}

const TAB_REPS = Number(process.env.BENCH_READ_TAB_REPS ?? 6);

/** Each read of a load: when it answered, the 429s it met, the tables it read. */
function printReads(title: string, load: TabLoad) {
  console.log(`\n${title}: ${load.ms.toFixed(0)} ms in all\n`);
  console.log('| read | answered after ms | 429s | tables read (its source) |');
  console.log('|---|---|---|---|');
  for (const r of [...load.reads].sort((a, b) => a.ms - b.ms))
    console.log(
      `| ${r.read} | ${r.ms.toFixed(0)}${r.failed ? ` (${r.failed})` : ''} | ${r.refused} | ${r.tables.join(', ')} |`,
    );
}

/**
 * The tab's loads: the 30-day views in turn (each load planned, then with the core reads forced
 * onto the raw hits), each with one chip too (the dashboard's click-to-filter, `is` on a country
 * or a source in turn), then the views ending now once each. Returns the loads' p95s, planned
 * (`rollup`) and raw.
 */
export async function benchPeopleTab(
  ctx: TabContext,
  views: readonly TabView[],
  endingNow: readonly TabView[],
  chips: readonly { dimension: string; value: string }[],
): Promise<Record<'tab' | 'chip', Record<Source, number>>> {
  const series = {
    tab: { rollup: [] as number[], raw: [] as number[] },
    chip: { rollup: [] as number[], raw: [] as number[] },
  };
  const firsts: [string, TabLoad][] = [];
  const failures = { tab: { rollup: 0, raw: 0 }, chip: { rollup: 0, raw: 0 } };
  const failedIn = (l: TabLoad) => l.reads.filter((r) => r.failed).length;
  for (let round = 0; round < TAB_REPS; round++) {
    const { label, view, now } = views[round % views.length]!;
    const c = chips[round % chips.length]!;
    const chipped = withFilter(view, c.dimension, c.value);
    const planned = await loadPeopleTab(ctx, view, now);
    const raw = await loadPeopleTab(ctx, view, now, 'raw');
    const chipLoad = await loadPeopleTab(ctx, chipped, now);
    const chipRaw = await loadPeopleTab(ctx, chipped, now, 'raw');
    for (const [kind, path, load] of [
      ['tab', 'rollup', planned],
      ['tab', 'raw', raw],
      ['chip', 'rollup', chipLoad],
      ['chip', 'raw', chipRaw],
    ] as const) {
      series[kind][path].push(load.ms);
      failures[kind][path] += failedIn(load);
    }
    if (round === 0) firsts.push([`People tab, range=30d (${label}), planned`, planned]);
    // Each chip's first load: the reads a filter on a place and on a source send apart.
    if (round < chips.length)
      firsts.push([`People tab with the chip ${c.dimension} is ${c.value} (${label}), planned`, chipLoad]);
  }
  const reads = peopleTabUrls(views[0]!.view).length + 1;
  console.log(
    `\n### The People tab as the dashboard sends it (${reads} reads, ${READS_IN_FLIGHT} at a time, READ_CONCURRENCY ${loadConfig({}).READ_CONCURRENCY})\n`,
  );
  console.log('| load | path | n | p50 ms | p95 ms | reads cancelled (503) |');
  console.log('|---|---|---|---|---|---|');
  for (const [name, kind] of [
    ['People tab, range=30d', 'tab'],
    ['People tab + one chip', 'chip'],
  ] as const) {
    const s = series[kind];
    for (const path of ['rollup', 'raw'] as const)
      console.log(
        `| ${name} | ${path === 'rollup' ? 'planned' : 'raw'} | ${s[path].length} | ${percentile(s[path], 0.5).toFixed(0)} | ${percentile(s[path], 0.95).toFixed(0)} | ${failures[kind][path]} |`,
      );
  }
  for (const t of endingNow) {
    const load = await loadPeopleTab(ctx, t.view, t.now);
    firsts.push([`People tab, ${t.label}, planned`, load]);
  }
  for (const [title, load] of firsts) printReads(title, load);
  const p95s = (s: Record<Source, number[]>) => ({
    rollup: percentile(s.rollup, 0.95),
    raw: percentile(s.raw, 0.95),
  });
  const tabP95 = percentile(series.tab.rollup, 0.95);
  const chipP95 = percentile(series.chip.rollup, 0.95);
  console.log(
    `\ngoal (whole People tab < 1 s at p95): ${tabP95 < 1000 ? 'met' : 'NOT met'} (${tabP95.toFixed(0)} ms)`,
  );
  console.log(
    `goal (People tab with one chip < 2 s at p95): ${chipP95 < 2000 ? 'met' : 'NOT met'} (${chipP95.toFixed(0)} ms)`,
  );
  return { tab: p95s(series.tab), chip: p95s(series.chip) };
}
