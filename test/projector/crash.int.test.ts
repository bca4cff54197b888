import { streamLayout } from '../../src/config.js';
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { PROJECTIONS } from '../../projections/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HitRecorded } from '../../streams/events.js';
import { subjectFor } from '../../streams/subjects.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, hit, MIN, T0 } from '../support/events.js';

const CHILD = fileURLToPath(new URL('./fixtures/projector-child.ts', import.meta.url));
const VISITORS = 150;
const PAGES = 8;
const FETCH_MESSAGES = 60;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function spawnProjector(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: {
      ...process.env,
      DATABASE_URL: t.database.url,
      NATS_URL: t.deps.config.NATS_URL,
      STREAM_PREFIX: t.deps.config.STREAM_PREFIX,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

const checkpoints = async () =>
  (
    await t.database.pool.query<{ n: number }>(
      'SELECT coalesce(sum(last_seq), 0)::int AS n FROM projection_checkpoints',
    )
  ).rows[0]!.n;

async function until(cond: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('a projector killed mid-batch', () => {
  it('folds every event exactly once after repeated SIGKILLs and restarts', async () => {
    // 150 visitors × 8 pageviews one minute apart, each visitor its own message group of 2 events,
    // every hit with a hit key; every fourth group is appended again as the next message (a
    // client's retry of a request whose answer it never got: new event ids, the same keys), which
    // no projection may fold, whichever batch a kill cuts.
    const groups: HitRecorded[][] = [];
    for (let v = 0; v < VISITORS; v++)
      for (let k = 0; k < PAGES; k += 2)
        groups.push(
          [0, 1].map((j) =>
            hit({ site: 1, visitor: `v${v}`, ts: T0 + v * 1000 + (k + j) * MIN, key: `key-v${v}-p${k + j}` }),
          ),
        );
    for (const [i, g] of groups.entries()) {
      const append = (events: HitRecorded[]) =>
        t.deps.appender.appendAtomic(subjectFor(streamLayout(t.deps.config), 1, 'human'), events);
      await append(g);
      if (i % 4 === 0) await append(g.map((h) => ({ ...h, id: randomUUID() })));
    }
    const total = groups.length * 2;
    // Then 60 edge messages of 5 agent fetches each: the last message is an edge one, so every
    // projection (human, agent or both) ends at the stream's last sequence.
    for (let m = 0; m < FETCH_MESSAGES; m++)
      await t.deps.appender.appendAtomic(
        subjectFor(streamLayout(t.deps.config), 1, 'edge'),
        Array.from({ length: 5 }, (_, j) =>
          fetched({ site: 1, ts: T0 + m * MIN + j * 1000, pathname: `/p${(m * 5 + j) % 7}`, bytes: 100 }),
        ),
      );
    const folders = PROJECTIONS.length;
    const lastSeq = (await t.deps.nats.jsm.streams.info(`${t.deps.config.STREAM_PREFIX.toUpperCase()}HITS`))
      .state.last_seq;

    let kills = 0;
    for (let round = 0; round < 4; round++) {
      const before = await checkpoints();
      if (before >= lastSeq * folders) break;
      const child = spawnProjector();
      await until(async () => (await checkpoints()) > before, 20_000);
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 40)));
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      kills++;
    }
    expect(kills).toBeGreaterThanOrEqual(2);
    expect(await checkpoints()).toBeLessThan(lastSeq * folders);

    const last = spawnProjector();
    try {
      await until(async () => (await checkpoints()) === lastSeq * folders, 30_000);
    } finally {
      last.kill('SIGTERM');
    }
    expect(total).toBe(VISITORS * PAGES);
    const q = (text: string) => t.database.pool.query(text).then((r) => r.rows[0]);
    expect(await q('SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM events')).toEqual({
      n: VISITORS * PAGES,
      d: VISITORS * PAGES,
    });
    expect(await q('SELECT count(*)::int AS n, sum(pageviews)::int AS pv FROM sessions')).toEqual({
      n: VISITORS,
      pv: VISITORS * PAGES,
    });
    expect(
      await q(`SELECT sum(pageviews)::int AS pageviews, sum(visitors)::int AS visitors, sum(sessions)::int AS sessions,
        sum(bounces)::int AS bounces, sum(duration_ms)::bigint AS duration FROM rollup_minute`),
    ).toEqual({
      pageviews: VISITORS * PAGES,
      visitors: VISITORS,
      sessions: VISITORS,
      bounces: 0,
      duration: VISITORS * (PAGES - 1) * MIN,
    });
    const fetches = FETCH_MESSAGES * 5;
    expect(await q('SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM agent_fetches')).toEqual({
      n: fetches,
      d: fetches,
    });
    expect(
      await q(`SELECT (SELECT sum(fetches)::int FROM agent_rollup_minute) AS rollup,
        (SELECT sum(bytes)::int FROM agent_rollup_minute) AS bytes,
        (SELECT sum(fetches)::int FROM url_coverage) AS coverage,
        (SELECT sum(fetches)::int FROM url_coverage_agents) AS coverage_agents,
        (SELECT sum(fetches)::int FROM url_fetch_minute) AS citation,
        (SELECT sum(arrivals)::int FROM url_arrival_minute) AS arrivals`),
    ).toEqual({
      rollup: fetches,
      bytes: fetches * 100,
      coverage: fetches,
      coverage_agents: fetches,
      citation: fetches,
      arrivals: VISITORS,
    });
  }, 90_000); // five projector processes start in turn, each importing the app
});
