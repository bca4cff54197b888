import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../../projections/index.js';
import { readCheckpoints } from '../../src/projector/checkpoint.js';
import { ProjectorWorker, type WorkerDeps } from '../../src/projector/worker.js';
import { createMetrics, type Metrics } from '../../src/metrics.js';
import type { FetchRecorded, HitRecorded } from '../../streams/events.js';
import { hitsStreamName } from '../../streams/hits.js';
import { subjectFor } from '../../streams/subjects.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, hit, MIN, T0 } from '../support/events.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const prefix = () => t.deps.config.STREAM_PREFIX;
const appendHits = (events: HitRecorded[]) =>
  t.deps.appender.appendAtomic(subjectFor(prefix(), 1, 'human'), events);
const appendFetches = (events: FetchRecorded[]) =>
  t.deps.appender.appendAtomic(subjectFor(prefix(), 1, 'edge'), events);

/** `visitors` visitors × 2 pageviews 5 minutes apart, one message per visitor; `tag` keeps them apart. */
async function appendVisits(tag: string, visitors: number, offset: number) {
  for (let v = 0; v < visitors; v++)
    await appendHits(
      [0, 1].map((k) => hit({ site: 1, visitor: `${tag}${v}`, ts: T0 + offset + v * 1000 + k * 5 * MIN })),
    );
}

const lastSeq = async () => (await t.deps.nats.jsm.streams.info(hitsStreamName(prefix()))).state.last_seq;

function worker(metrics: Metrics, projections = PROJECTIONS, group = 'all') {
  const deps: WorkerDeps = {
    db: t.database.pool,
    nats: t.deps.nats,
    prefix: prefix(),
    log: t.deps.log,
    metrics,
  };
  return new ProjectorWorker(deps, projections, { group, ackWaitMs: 2000, retryDelayMs: 100, maxBatch: 5 });
}

async function foldedTo(seq: number, projections = PROJECTIONS, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const cp = await readCheckpoints(t.database.pool);
    if (projections.every((p) => cp.get(p.name) === seq)) return;
    if (Date.now() > end) throw new Error(`not folded to ${seq}: ${JSON.stringify([...cp])}`);
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
    const first = worker(createMetrics(), others, 'first');
    await first.start();
    await foldedTo(await lastSeq(), others);
    await first.stop();
    const before = await readCheckpoints(t.database.pool);
    for (const p of behind) expect(before.get(p.name) ?? 0).toBe(0);

    // Then 20 more visitors, and the whole group: the two fold the stream from its start, the rest
    // only the 20 visitors' messages.
    await appendVisits('b', 20, 3_600_000);
    const metrics = createMetrics();
    const all = worker(metrics);
    await all.start();
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

  it('passes to a standby when the leader stops, which folds on from the checkpoints once', async () => {
    const [leaderMetrics, standbyMetrics] = [createMetrics(), createMetrics()];
    const leader = worker(leaderMetrics);
    const standby = worker(standbyMetrics);
    await leader.start();
    await appendVisits('c', 10, 7_200_000);
    await foldedTo(await lastSeq());
    await standby.start();
    await leader.stop();
    await appendVisits('d', 10, 10_800_000);
    try {
      await foldedTo(await lastSeq());
    } finally {
      await standby.stop();
    }
    expect(await q('SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM events')).toEqual({
      n: 140,
      d: 140,
    });
    expect(
      await q('SELECT sum(pageviews)::int AS pageviews, sum(sessions)::int AS sessions FROM rollup_minute'),
    ).toEqual({ pageviews: 140, sessions: 70 });
    // Each folded its own part: the standby nothing while the leader held the group.
    expect((await folded(leaderMetrics)).raw_events).toBe(20);
    expect((await folded(standbyMetrics)).raw_events).toBe(20);
  });
});
