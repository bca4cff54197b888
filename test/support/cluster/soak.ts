import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { connectNats } from '../../../src/nats/connect.js';
import type { JetStreamManager } from '@nats-io/jetstream';
import { durableName } from '../../../src/projector/consumer.js';
import { allUnits } from '../../../src/projector/fold-units.js';
import { hitsStreamName } from '../../../streams/hits.js';
import { BROWSER, type DrillCluster } from './drill-cluster.js';
import { sleep } from './wait.js';

/** What one minute of the soak saw. */
export interface SoakMinute {
  minute: number;
  /** Hits answered 204 a second, over the minute. */
  hitsPerSecond: number;
  /** Hit answers other than 204, and requests that got none. */
  hitFailures: number;
  hitP99Ms: number;
  reads: number;
  readFailures: number;
  readP99Ms: number;
  /**
   * Stream messages not yet folded at the minute's end: each fold unit's consumer's messages not
   * yet delivered or not yet acknowledged (a batch is acknowledged once every projection committed it).
   */
  lagMessages: number;
  /** Resident memory of each process, MB: the mean of samples taken every 10 s in the minute. */
  rssMb: Record<string, number>;
  /** The machine's 1-minute load average at the minute's end. */
  load: number;
}

export interface SoakOptions {
  /** The hits are spread evenly over them; the reads ask for the first. */
  sites: readonly SoakSite[];
  minutes: number;
  /** Hits a second asked of the cluster, spread evenly over its API processes. */
  rate: number;
  /** Pause between rounds of the dashboard's reads. */
  readEveryMs: number;
  /** Called with each minute as it ends. */
  onMinute?: (m: SoakMinute) => void;
}

/** Distinct client addresses: each stays far below the per-address limit of 600 hits a minute. */
const ADDRESSES = Array.from({ length: 4096 }, (_, i) => `198.18.${i >> 8}.${i & 255}`);
const PAGES = Array.from({ length: 200 }, (_, i) => `/docs/page-${i}`);
const REFERRERS = ['', 'https://www.google.com/', 'https://news.ycombinator.com/', 'https://chatgpt.com/'];

/** The reads the dashboard's People tab sends on load, as one round. */
const READS = [
  'overview?range=today',
  'timeseries?range=today&metric=visitors',
  'pages?range=today',
  'sources?range=today',
  'locations?range=today',
  'devices?range=today',
  'realtime?',
];

/** Resident set size of a process, MB, from /proc (undefined once it is gone). */
export function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmRSS:'));
    return line ? Math.round(Number(line.split(/\s+/)[1]) / 102.4) / 10 : undefined;
  } catch {
    return undefined;
  }
}

/** The p-th percentile of values (nearest rank); 0 for none. */
function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/**
 * Hits on one API process for `seconds`: at `rate` a second (autocannon paces it), or as fast as
 * 64 connections go when `rate` is undefined.
 */
export function hitLoad(url: string, sites: readonly SoakSite[], seconds: number, rate?: number) {
  let i = 0;
  return autocannon({
    url: `${url}/api/track`,
    method: 'POST',
    connections: rate === undefined ? 64 : 32,
    duration: seconds,
    ...(rate === undefined ? {} : { overallRate: rate }),
    requests: [
      {
        setupRequest: (req) => {
          const n = i++;
          const r = REFERRERS[n % REFERRERS.length]!;
          const site = sites[n % sites.length]!;
          return {
            ...req,
            headers: {
              'content-type': 'text/plain',
              'user-agent': BROWSER,
              'x-forwarded-for': ADDRESSES[n % ADDRESSES.length]!,
            },
            body: JSON.stringify({
              s: site.id,
              t: 'pageview',
              u: `https://${site.domain}${PAGES[(n * 7) % PAGES.length]}`,
              ...(r ? { r } : {}),
            }),
          };
        },
      },
    ],
  });
}

export interface SoakSite {
  id: number;
  domain: string;
}

/**
 * `count` sites made through the API by the cluster's owner: their ids fall in different
 * partitions, so every projector process folds a share.
 */
export async function soakSites(c: DrillCluster, count: number): Promise<SoakSite[]> {
  const sites: SoakSite[] = [];
  for (let k = 1; k <= count; k++) {
    const domain = `soak-${k}.example`;
    const res = await fetch(`${c.apiUrls()[0]}/api/sites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: c.cookie },
      body: JSON.stringify({ domain }),
    });
    if (res.status !== 201) throw new Error(`creating ${domain} answered ${res.status}`);
    sites.push({ id: ((await res.json()) as { data: { id: number } }).data.id, domain });
  }
  return sites;
}

/** Hits a second the cluster's API processes answer 204 together, loaded as fast as they go. */
export async function peakRate(
  c: DrillCluster,
  sites: readonly SoakSite[],
  seconds: number,
): Promise<number> {
  const runs = await Promise.all(c.apiUrls().map((u) => hitLoad(u, sites, seconds)));
  return Math.round(runs.reduce((n, r) => n + r['2xx'], 0) / seconds);
}

/** Rounds of the People tab's reads until `until`, each read's time and answer kept. */
async function readRounds(c: DrillCluster, site: SoakSite, everyMs: number, until: number) {
  const took: number[] = [];
  let failures = 0;
  let turn = 0;
  while (Date.now() < until) {
    const urls = c.apiUrls();
    const base = urls[turn++ % urls.length]!;
    await Promise.all(
      READS.map(async (r) => {
        const started = performance.now();
        const res = await fetch(`${base}/api/stats/${r}&site=${site.id}`, {
          headers: { cookie: c.cookie },
          signal: AbortSignal.timeout(30_000),
        }).catch(() => undefined);
        await res?.arrayBuffer();
        took.push(performance.now() - started);
        if (res?.status !== 200) failures++;
      }),
    );
    await sleep(Math.min(everyMs, Math.max(0, until - Date.now())));
  }
  return { took, failures };
}

/** Messages every fold unit's durable consumer has still to deliver or to see acknowledged. */
async function unfolded(jsm: JetStreamManager, c: DrillCluster): Promise<number> {
  let n = 0;
  for (const unit of allUnits(c.prefix, c.partitions)) {
    const info = await jsm.consumers
      .info(hitsStreamName(c.prefix), durableName(c.prefix, unit))
      .catch(() => null);
    if (info) n += info.num_pending + info.num_ack_pending;
  }
  return n;
}

/** The resident memory of every process of the cluster: API and projector processes, NATS servers. */
function clusterRss(c: DrillCluster): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of [...c.apis, ...c.projectors]) {
    const mb = rssMb(m.process()?.child.pid);
    if (mb !== undefined) out[m.name] = mb;
  }
  for (const n of c.nats.nodes) {
    const mb = rssMb(n.pid());
    if (mb !== undefined) out[`nats ${n.name}`] = mb;
  }
  return out;
}

/** Each process's mean of the samples, MB to one decimal. */
function meanRss(samples: readonly Record<string, number>[]): Record<string, number> {
  const sums = new Map<string, number[]>();
  for (const s of samples)
    for (const [name, mb] of Object.entries(s)) sums.set(name, [...(sums.get(name) ?? []), mb]);
  return Object.fromEntries(
    [...sums].map(([name, v]) => [name, Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 10) / 10]),
  );
}

/**
 * Holds `rate` hits a second on the cluster's API processes for `minutes`, the projectors folding
 * and the People tab's reads sent every `readEveryMs`; after each minute, its figures.
 */
export async function soak(c: DrillCluster, opts: SoakOptions): Promise<SoakMinute[]> {
  const observer = await connectNats(c.nats.url, 'twofold-soak-observer');
  const minutes: SoakMinute[] = [];
  try {
    for (let minute = 1; minute <= opts.minutes; minute++) {
      const urls = c.apiUrls();
      const end = Date.now() + 60_000;
      // One sample swings with a process's collections; six a minute give its level.
      const samples: Record<string, number>[] = [];
      const sampler = setInterval(() => samples.push(clusterRss(c)), 10_000);
      const [hits, reads] = await Promise.all([
        Promise.all(urls.map((u) => hitLoad(u, opts.sites, 60, opts.rate / urls.length))),
        readRounds(c, opts.sites[0]!, opts.readEveryMs, end),
      ]).finally(() => clearInterval(sampler));
      samples.push(clusterRss(c));
      const m: SoakMinute = {
        minute,
        hitsPerSecond: Math.round(hits.reduce((n, h) => n + h['2xx'], 0) / 60),
        hitFailures: hits.reduce((n, h) => n + h.non2xx + h.errors + h.timeouts, 0),
        hitP99Ms: Math.max(...hits.map((h) => h.latency.p99)),
        reads: reads.took.length,
        readFailures: reads.failures,
        readP99Ms: Math.round(percentile(reads.took, 99)),
        lagMessages: await unfolded(observer.jsm, c),
        rssMb: meanRss(samples),
        load: Math.round(loadavg()[0]! * 10) / 10,
      };
      minutes.push(m);
      opts.onMinute?.(m);
    }
  } finally {
    await observer.nc.close();
  }
  return minutes;
}

/**
 * Each process's memory growth after the first `after` minutes, as a fraction (0.05 = 5 %): the
 * mean RSS of the last `span` minutes against the mean of the `span` minutes that follow minute
 * `after`. Means, because one sample of a garbage-collected process swings with its collections
 * (tens of MB either way). The soak's goal is under 0.10 for every process.
 */
export function memoryGrowth(minutes: readonly SoakMinute[], after = 5, span = 5): Record<string, number> {
  const early = minutes.filter((m) => m.minute > after && m.minute <= after + span);
  const late = minutes.slice(-span);
  const out: Record<string, number> = {};
  if (early.length === 0 || late.length === 0) return out;
  const mean = (ms: readonly SoakMinute[], name: string) => {
    const v = ms.map((m) => m.rssMb[name]).filter((x): x is number => x !== undefined);
    return v.length === 0 ? undefined : v.reduce((a, b) => a + b, 0) / v.length;
  };
  for (const name of Object.keys(late.at(-1)!.rssMb)) {
    const [from, to] = [mean(early, name), mean(late, name)];
    if (from && to) out[name] = Math.round(((to - from) / from) * 1000) / 1000;
  }
  return out;
}

/** The minutes as a markdown table: one row a minute, one RSS column a process. */
export function soakTable(minutes: readonly SoakMinute[]): string {
  const names = [...new Set(minutes.flatMap((m) => Object.keys(m.rssMb)))];
  const head = [
    'minute',
    'hits/s (204)',
    'hit failures',
    'hit p99 ms',
    'reads',
    'read failures',
    'read p99 ms',
    'lag (messages)',
    ...names.map((n) => `${n} RSS MB`),
    'load',
  ];
  const rows = minutes.map((m) => [
    m.minute,
    m.hitsPerSecond,
    m.hitFailures,
    m.hitP99Ms,
    m.reads,
    m.readFailures,
    m.readP99Ms,
    m.lagMessages,
    ...names.map((n) => m.rssMb[n] ?? '—'),
    m.load,
  ]);
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}
