import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../../projections/index.js';
import { readCheckpoints } from '../../src/projector/checkpoint.js';
import { partitionUnit } from '../../src/projector/fold-units.js';
import { Projector } from '../../src/projector/projector.js';
import { pipelineStatus } from '../../src/projector/status.js';
import { UnitWorker, type WorkerDeps } from '../../src/projector/worker.js';
import { createMetrics, type Metrics } from '../../src/metrics.js';
import type { FetchRecorded, HitRecorded } from '../../streams/events.js';
import { hitsStreamName } from '../../streams/hits.js';
import { partitionOf, subjectFor } from '../../streams/subjects.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, hit, MIN, T0 } from '../support/events.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const prefix = () => t.deps.config.STREAM_PREFIX;
const PARTITIONS = () => t.deps.config.PROJECTION_PARTITIONS;
const layout = () => ({ prefix: prefix(), partitions: PARTITIONS() });
const appendHits = (events: HitRecorded[], site = 1) =>
  t.deps.appender.appendAtomic(subjectFor(layout(), site, 'human'), events);
const appendFetches = (events: FetchRecorded[]) =>
  t.deps.appender.appendAtomic(subjectFor(layout(), 1, 'edge'), events);

/**
 * `visitors` visitors × 2 pageviews 5 minutes apart, one message per visitor; `tag` keeps them
 * apart; visitor v on site `sites[v % sites.length]`.
 */
async function appendVisits(tag: string, visitors: number, offset: number, sites = [1]) {
  for (let v = 0; v < visitors; v++) {
    const site = sites[v % sites.length]!;
    await appendHits(
      [0, 1].map((k) => hit({ site, visitor: `${tag}${v}`, ts: T0 + offset + v * 1000 + k * 5 * MIN })),
      site,
    );
  }
}

const lastSeq = async () => (await t.deps.nats.jsm.streams.info(hitsStreamName(prefix()))).state.last_seq;

const deps = (metrics: Metrics): WorkerDeps => ({
  db: t.database.pool,
  nats: t.deps.nats,
  prefix: prefix(),
  log: t.deps.log,
  metrics,
});

/** The worker of site 1's partition, alone (no claims). */
function worker(metrics: Metrics, projections = PROJECTIONS) {
  const unit = partitionUnit(prefix(), partitionOf(1, PARTITIONS()));
  return new UnitWorker(deps(metrics), projections, unit, {
    ackWaitMs: 2000,
    retryDelayMs: 100,
    maxBatch: 5,
  });
}

function projector(metrics: Metrics) {
  return new Projector(deps(metrics), PROJECTIONS, {
    partitions: PARTITIONS(),
    ackWaitMs: 2000,
    retryDelayMs: 100,
    maxBatch: 5,
    rebalanceMs: 100,
  });
}

/** Waits until each projection's checkpoint of site 1's partition is `seq`. */
async function foldedTo(seq: number, projections = PROJECTIONS, timeoutMs = 20_000) {
  const part = partitionOf(1, PARTITIONS());
  const end = Date.now() + timeoutMs;
  for (;;) {
    const cp = await readCheckpoints(t.database.pool);
    if (projections.every((p) => cp.get(p.name)?.get(part) === seq)) return;
    if (Date.now() > end) throw new Error(`not folded to ${seq}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until every projection has folded every partition's last message. */
async function caughtUp(timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const s = await pipelineStatus(t.database.pool, t.deps.nats.jsm, prefix(), PARTITIONS());
    if (s.ok && s.projections.every((p) => p.lag === 0)) return;
    if (Date.now() > end) throw new Error(`still lagging: ${JSON.stringify(s.projections)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function until(check: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function folded(metrics: Metrics): Promise<Record<string, number>> {
  const { values } = await metrics.projectorFolded.get();
  return Object.fromEntries(values.map((v) => [String(v.labels.projection), v.value]));
}

const q = async (text: string) => (await t.database.pool.query(text)).rows[0];

describe('the fold group', () => {
  it('folds a projection that is behind the others up to them while the others fold nothing twice', async () => {
    // 30 visitors' pageviews and 10 edge messages of 3 agent fetches, folded by all but two projections.
    await appendVisits('a', 30, 0);
    for (let m = 0; m < 10; m++)
      await appendFetches(
        Array.from({ length: 3 }, (_, j) =>
          fetched({ site: 1, ts: T0 + m * MIN + j, pathname: `/p${j}`, bytes: 10 }),
        ),
      );
    const behind = PROJECTIONS.filter((p) => p.name === 'rollup_minute' || p.name === 'agent_rollup_minute');
    const others = PROJECTIONS.filter((p) => !behind.includes(p));
    const first = worker(createMetrics(), others);
    first.start();
    await foldedTo(await lastSeq(), others);
    await first.stop();
    const before = await readCheckpoints(t.database.pool);
    for (const p of behind) expect(before.get(p.name)?.get(partitionOf(1, PARTITIONS())) ?? 0).toBe(0);

    // Then 20 more visitors, and the whole group: the two fold the stream from its start, the rest
    // only the 20 visitors' messages.
    await appendVisits('b', 20, 3_600_000);
    const metrics = createMetrics();
    const all = worker(metrics);
    all.start();
    try {
      await foldedTo(await lastSeq());
    } finally {
      await all.stop();
    }
    const counts = await folded(metrics);
    for (const p of others) expect(counts[p.name] ?? 0, p.name).toBe(p.origin === 'edge' ? 0 : 40);
    expect(counts.rollup_minute).toBe(100 + 30);
    expect(counts.agent_rollup_minute).toBe(30);
    expect(await q('SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM events')).toEqual({
      n: 100,
      d: 100,
    });
    expect(
      await q(`SELECT sum(pageviews)::int AS pageviews, sum(visitors)::int AS visitors, sum(sessions)::int AS sessions,
        sum(duration_ms)::bigint AS duration FROM rollup_minute`),
    ).toEqual({ pageviews: 100, visitors: 50, sessions: 50, duration: 50 * 5 * MIN });
    expect(
      await q(`SELECT (SELECT sum(fetches)::int FROM agent_rollup_minute) AS rollup,
        (SELECT sum(bytes)::int FROM agent_rollup_minute) AS bytes,
        (SELECT count(*)::int FROM agent_fetches) AS fetches`),
    ).toEqual({ rollup: 30, bytes: 300, fetches: 30 });
  });

  it('shares the partitions between two projectors, and one takes all of them when the other stops, folding each hit once', async () => {
    const [aMetrics, bMetrics] = [createMetrics(), createMetrics()];
    const a = projector(aMetrics);
    const b = projector(bMetrics);
    a.start();
    // Sites 1–16 fall in the 16 partitions, one each.
    const sites = Array.from({ length: 16 }, (_, i) => i + 1);
    await appendVisits('c', 32, 7_200_000, sites);
    await until(() => a.held().length === 16);
    b.start();
    await until(() => a.held().length === 8 && b.held().length === 8);
    expect([...a.held(), ...b.held()].sort((x, y) => x - y)).toEqual(
      sites.map((s) => s % 16).sort((x, y) => x - y),
    );
    await appendVisits('d', 32, 10_800_000, sites);
    await caughtUp();
    const whileShared = (await folded(bMetrics)).raw_events ?? 0;
    await a.stop();
    await until(() => b.held().length === 16, 5_000);
    await appendVisits('e', 32, 14_400_000, sites);
    try {
      await caughtUp();
    } finally {
      await b.stop();
    }
    // 96 visitors of 2 pageviews, besides the first test's 100 hits of site 1.
    expect(await q('SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM events')).toEqual({
      n: 100 + 192,
      d: 100 + 192,
    });
    expect(
      await q('SELECT sum(pageviews)::int AS pageviews, sum(sessions)::int AS sessions FROM rollup_minute'),
    ).toEqual({ pageviews: 100 + 192, sessions: 50 + 96 });
    // Each folded a part: b some of the shared hits, then every one of the last 64.
    const [byA, byB] = [(await folded(aMetrics)).raw_events ?? 0, (await folded(bMetrics)).raw_events ?? 0];
    expect(byA + byB).toBe(192);
    expect(whileShared).toBeGreaterThan(0);
    expect(byB - whileShared).toBe(64);
  });
});
