import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../../src/db/pool.js';
import { connectNats } from '../../src/nats/connect.js';
import { ensureStreams } from '../../src/nats/ensure-streams.js';
import { hitsStreamName } from '../../streams/hits.js';
import { type DrillCluster, startDrillCluster } from '../support/cluster/drill-cluster.js';
import {
  apiKilled,
  drillFailures,
  natsNodeKilled,
  projectorKilled,
  runDrill,
} from '../support/cluster/drills.js';
import { startHitLanes } from '../support/cluster/hit-lanes.js';
import { waitFor } from '../support/cluster/wait.js';

/*
 * The fault drills of docs/operations.md#fault-drills that fit the suite's time, on a cluster
 * started on this machine: three NATS servers (the stream at three replicas), a Postgres primary
 * and a streaming replica the reads go to, two API processes and two projectors. Hits flow from
 * four clients the whole time; every hit answered 204 must be stored exactly once. `npm run drill`
 * runs every drill, the slow ones too (the whole NATS cluster restarted, Postgres stopped 30 s).
 */
let c: DrillCluster;
beforeAll(async () => {
  c = await startDrillCluster();
}, 240_000);
afterAll(async () => {
  await c?.stop();
}, 60_000);

describe('fault drills', () => {
  it('drill 3: one API process killed; clients retrying reach the other', async () => {
    const r = await runDrill(c, apiKilled);
    expect(drillFailures(r)).toEqual([]);
    // Only the requests the killed process held went unanswered: nothing else failed.
    expect(Object.keys(r.failures).filter((s) => s !== 'network')).toEqual([]);
    expect(r.recoverMs).toBeLessThan(5_000);
  }, 180_000);

  it("drill 2: the projector folding the site's partition killed; the other takes it within seconds", async () => {
    const r = await runDrill(c, projectorKilled);
    expect(drillFailures(r)).toEqual([]);
    // Ingest never depended on the projector.
    expect(r.failures).toEqual({});
    const took = Number(/held the partition ([\d.]+) s later/.exec(r.notes.join('; '))?.[1]);
    expect(took).toBeLessThan(10);
  }, 180_000);

  it('drill 1: the NATS node leading the stream killed; ingest answers again within seconds and the node catches up', async () => {
    const r = await runDrill(c, natsNodeKilled);
    expect(drillFailures(r)).toEqual([]);
    expect(r.recoverMs).toBeLessThan(15_000);
    expect(r.notes.at(-1)).toMatch(/returned and caught up/);
  }, 180_000);
});

/** Pageviews of the site's overview, as its owner reads it through the first API process. */
async function overviewPageviews(): Promise<number> {
  const res = await fetch(`${c.apiUrls()[0]}/api/stats/overview?site=${c.siteId}&range=30d`, {
    headers: { cookie: c.cookie },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { pageviews: number } }).data.pageviews;
}

async function pageviewsIn(db: Pool): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*) AS n FROM events WHERE site_id = $1 AND kind = 'pageview'",
    [c.siteId],
  );
  return Number(rows[0]!.n);
}

const primaryPageviews = () => pageviewsIn(c.db);

/** The pageviews the overview's rollup holds, summed over its finest grain. */
async function rollupPageviews(db: Pool): Promise<number> {
  const { rows } = await db.query<{ n: string | null }>(
    "SELECT sum(pageviews) AS n FROM rollup_minute WHERE site_id = $1 AND audience = 'human'",
    [c.siteId],
  );
  return Number(rows[0]!.n ?? 0);
}

/**
 * Waits until the primary's pageviews hold still for a second and everything is folded and on the
 * replica: a hit of an earlier drill answered 503 may still reach the stream after its client gave
 * up retrying it, and a read compared with a count taken before it lands would differ.
 */
async function settled(): Promise<number> {
  let last = -1;
  for (;;) {
    await c.foldedAll();
    const n = await primaryPageviews();
    if (n === last) break;
    last = n;
    await new Promise((r) => setTimeout(r, 1000));
  }
  await c.postgres.caughtUp();
  return primaryPageviews();
}

describe('READ_DATABASE_URL', () => {
  it('serves reads from the replica while projectors and management write to the primary', async () => {
    const replica = createPool(c.postgres.replica.url, 1);
    try {
      const lanes = startHitLanes({ urls: c.apiUrls, siteId: c.siteId, pathPrefix: '/replica-a/', lanes: 2 });
      await waitFor('20 hits', async () => (lanes.acknowledged() >= 20 ? true : undefined));
      await lanes.stop();
      const before = await settled();
      expect(await overviewPageviews()).toBe(before);

      // With the replica's replay paused, what the primary gains is not read.
      await replica.query('SELECT pg_wal_replay_pause()');
      const more = startHitLanes({ urls: c.apiUrls, siteId: c.siteId, pathPrefix: '/replica-b/', lanes: 2 });
      await waitFor('20 more hits', async () => (more.acknowledged() >= 20 ? true : undefined));
      const sent = (await more.stop()).acknowledged.length;
      await c.foldedAll();
      expect(await primaryPageviews()).toBe(before + sent);
      expect(await overviewPageviews()).toBe(before);

      // A management write lands on the primary (the replica is read-only and paused).
      const created = await fetch(`${c.apiUrls()[0]}/api/sites`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: c.cookie },
        body: JSON.stringify({ domain: 'second.example' }),
      });
      expect(created.status).toBe(201);
      const onPrimary = await c.db.query("SELECT 1 FROM sites WHERE domain = 'second.example'");
      const onReplica = await replica.query("SELECT 1 FROM sites WHERE domain = 'second.example'");
      expect([onPrimary.rowCount, onReplica.rowCount]).toEqual([1, 0]);

      await replica.query('SELECT pg_wal_replay_resume()');
      await c.postgres.caughtUp();
      const want = before + sent;
      await waitFor(
        'the replica serving every new pageview',
        async () => ((await overviewPageviews()) === want ? true : undefined),
        10_000,
      ).catch(() => {});
      // Each figure on its own, so a failure tells a lost fold (minute rollup) from a replica behind.
      expect({
        overview: await overviewPageviews(),
        replicaEvents: await pageviewsIn(replica),
        primaryRollup: await rollupPageviews(c.db),
        replicaRollup: await rollupPageviews(replica),
      }).toEqual({ overview: want, replicaEvents: want, primaryRollup: want, replicaRollup: want });
    } finally {
      await replica.query('SELECT pg_wal_replay_resume()').catch(() => {});
      await replica.end();
    }
  }, 120_000);
});

describe('STREAM_REPLICAS', () => {
  it('raises the replicas of a stream made with fewer, and the cluster copies its messages', async () => {
    const nats = await connectNats(c.nats.url, 'twofold-test-replicas');
    const prefix = 'replicas_';
    try {
      await ensureStreams(nats.jsm, prefix, 1);
      await nats.js.publish(`${prefix}hits.x`, 'one');
      expect((await nats.jsm.streams.info(hitsStreamName(prefix))).config.num_replicas).toBe(1);
      await ensureStreams(nats.jsm, prefix, 3);
      const info = await waitFor('three current replicas', async () => {
        const i = await nats.jsm.streams.info(hitsStreamName(prefix));
        const others = i.cluster?.replicas ?? [];
        return others.length === 2 && others.every((r) => r.current) ? i : undefined;
      });
      expect([info.config.num_replicas, info.state.messages]).toEqual([3, 1]);
    } finally {
      await nats.jsm.streams.delete(hitsStreamName(prefix)).catch(() => {});
      await nats.nc.close();
    }
  }, 60_000);
});
