import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../../projections/index.js';
import { streamLayout } from '../../src/config.js';
import { readCheckpoints, WHOLE_STREAM } from '../../src/projector/checkpoint.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { fixPartitionCount } from '../../src/projector/partition-count.js';
import type { Projector } from '../../src/projector/projector.js';
import { rebuildProjections } from '../../src/projector/rebuild.js';
import type { HitRecorded } from '../../streams/events.js';
import { hitsStreamName } from '../../streams/hits.js';
import { subjectFor } from '../../streams/subjects.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { applyMigration } from '../support/design-stream.js';
import { hit, MIN, T0 } from '../support/events.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';
import { streamMessages } from '../support/stream.js';

let t: TestApp;
let projectors: Projector[] = [];
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  for (const p of projectors) await p.stop();
  await t.close();
});

const SITES = [1, 2, 3];
const q = async (text: string) => (await t.database.pool.query(text)).rows[0];

/** Visitor v of site s: two pageviews 5 minutes apart at `offset`; one message each visit. */
const visits = (tag: string, offset: number) =>
  SITES.flatMap((site) =>
    Array.from({ length: 10 }, (_, v) =>
      [0, 1].map((k): HitRecorded =>
        hit({ site, visitor: `${tag}${site}-${v}`, ts: T0 + offset + v * 1000 + k * 5 * MIN }),
      ),
    ),
  );

/** Every row of every table a projection owns, in a stable order. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const p of PROJECTIONS)
    for (const table of p.tables)
      out[table] = (await t.database.pool.query(`SELECT * FROM ${table} t ORDER BY t::text`)).rows;
  return out;
}

describe('upgrading a stream of subjects without partitions (migration 0036)', () => {
  it('folds the history left unfolded before the partitions, each hit once, and rebuilds it all', async () => {
    const prefix = t.deps.config.STREAM_PREFIX;
    // Before: hits on `hits.<site>.human`, the first half folded by the worker of that version.
    const old = visits('old', 0);
    for (const visit of old)
      await t.deps.appender.appendAtomic(`${prefix}hits.${visit[0]!.site}.human`, visit);
    const stored = await streamMessages(t.deps);
    const half = stored.slice(0, stored.length / 2);
    for (const p of PROJECTIONS) await foldBatch(t.database.pool, p, half);
    const folded = half.at(-1)!.seq;
    // The checkpoints and layout as that version kept them, then the migration.
    await t.database.pool.query(`
      DROP TABLE stream_layout;
      ALTER TABLE projection_checkpoints DROP CONSTRAINT projection_checkpoints_pkey;
      ALTER TABLE projection_checkpoints DROP COLUMN part;
      ALTER TABLE projection_checkpoints ADD PRIMARY KEY (name);`);
    await applyMigration(t.database.pool, '0036_partitioned_checkpoints.sql');
    expect(await fixPartitionCount(t.database.pool, 16)).toBe(16);
    const migrated = await readCheckpoints(t.database.pool);
    for (const p of PROJECTIONS) expect([...migrated.get(p.name)!]).toEqual([[WHOLE_STREAM, folded]]);

    // After: the same visitors an hour later, on partitioned subjects, then the projector.
    const fresh = visits('old', 3_600_000);
    for (const visit of fresh)
      await t.deps.appender.appendAtomic(
        subjectFor(streamLayout(t.deps.config), visit[0]!.site, 'human'),
        visit,
      );
    projectors = await startProjectors(t.deps);
    await waitForLagZero(t.app);
    const hits = (old.length + fresh.length) * 2;
    expect(await q('SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM events')).toEqual({
      n: hits,
      d: hits,
    });
    expect(await q('SELECT count(*)::int AS n, sum(pageviews)::int AS pv FROM sessions')).toEqual({
      n: old.length + fresh.length,
      pv: hits,
    });
    expect(await q('SELECT sum(pageviews)::int AS pv, sum(visitors)::int AS v FROM rollup_minute')).toEqual({
      pv: hits,
      v: 30,
    });
    const after = await readCheckpoints(t.database.pool);
    const lastLegacy = stored.at(-1)!.seq;
    for (const p of PROJECTIONS) expect(after.get(p.name)!.get(WHOLE_STREAM)).toBe(lastLegacy);
    const live = await snapshot();

    // The history of both forms rebuilds into the same tables.
    await projectors[0]!.stop();
    projectors = [];
    const last = (await t.deps.nats.jsm.streams.info(hitsStreamName(prefix))).state.last_seq;
    const results = await rebuildProjections(
      { db: t.database.pool, nats: t.deps.nats, prefix, partitions: 16, log: t.deps.log },
      PROJECTIONS,
    );
    for (const r of results) expect(r.lastSeq).toBe(last);
    expect(await snapshot()).toEqual(live);
  });
});
