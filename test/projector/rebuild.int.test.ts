import { streamLayout } from '../../src/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../../projections/index.js';
import type { HitRecorded } from '../../streams/events.js';
import { subjectFor } from '../../streams/subjects.js';
import { rebuildProjection, type RebuildProgress, rebuildProjections } from '../../src/projector/rebuild.js';
import type { Projector } from '../../src/projector/projector.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN, T0 } from '../support/events.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';

let t: TestApp;
let workers: Projector[];
beforeAll(async () => {
  t = await buildTestApp();
  workers = await startProjectors(t.deps);
});
afterAll(async () => {
  for (const w of workers) await w.stop();
  await t.close();
});

const append = (events: HitRecorded[]) =>
  t.deps.appender.appendAtomic(subjectFor(streamLayout(t.deps.config), 1, 'human'), events);

/** 40 visitors × 3 pageviews, 10 minutes apart; `offset` shifts the whole set in time. */
const designed = (offset: number, tag: string) =>
  Array.from({ length: 40 }, (_, v) =>
    [0, 1, 2].map((k) => hit({ site: 1, visitor: `${tag}${v}`, ts: T0 + offset + v * 1000 + k * 10 * MIN })),
  );

/** Every row of every table a projection owns, in a stable order. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const p of PROJECTIONS)
    for (const table of p.tables)
      out[table] = (await t.database.pool.query(`SELECT * FROM ${table} t ORDER BY t::text`)).rows;
  out.checkpoints = (
    await t.database.pool.query(
      // A rebuild sets every partition's checkpoint; the live fold has rows for the partitions it folded.
      'SELECT DISTINCT name, last_seq FROM projection_checkpoints WHERE last_seq > 0 ORDER BY 1',
    )
  ).rows;
  return out;
}

const deps = () => ({
  db: t.database.pool,
  nats: t.deps.nats,
  prefix: t.deps.config.STREAM_PREFIX,
  partitions: t.deps.config.PROJECTION_PARTITIONS,
  log: t.deps.log,
});

describe('twofold projections rebuild', () => {
  it('rebuilds every projection from the stream into exactly the live tables', async () => {
    for (const group of designed(0, 'a')) await append(group);
    await waitForLagZero(t.app);
    const live = await snapshot();
    expect(live.events).toHaveLength(120);
    for (const p of PROJECTIONS) await rebuildProjection(deps(), p);
    expect(await snapshot()).toEqual(live);
  });

  it('rebuilds every projection in one pass over the stream, reporting its progress', async () => {
    await waitForLagZero(t.app);
    const live = await snapshot();
    const last = (await t.deps.nats.jsm.streams.info(`${t.deps.config.STREAM_PREFIX.toUpperCase()}HITS`))
      .state.last_seq;
    const reports: RebuildProgress[] = [];
    const results = await rebuildProjections(deps(), PROJECTIONS, {
      onProgress: (p) => reports.push(p),
      progressEveryMs: 0,
    });
    expect(await snapshot()).toEqual(live);
    // 40 messages of 3 hits: every projection of people folds 120 events, the agent ones none.
    expect(Object.fromEntries(results.map((r) => [r.projection, [r.events, r.lastSeq]]))).toEqual(
      Object.fromEntries(PROJECTIONS.map((p) => [p.name, [p.origin === 'edge' ? 0 : 120, last]])),
    );
    expect(reports.length).toBeGreaterThanOrEqual(1);
    expect(reports.at(-1)).toMatchObject({ events: 120, seq: last, target: last, secondsLeft: 0 });
    expect(reports.map((r) => r.events)).toEqual([...reports.map((r) => r.events)].sort((a, b) => a - b));
    // Every table swapped in comes with the planner's statistics (only ANALYZE sets last_analyze).
    const tables = PROJECTIONS.flatMap((p) => p.tables);
    const { rows } = await t.database.pool.query<{ relname: string }>(
      `SELECT relname FROM pg_stat_user_tables
       WHERE schemaname = 'public' AND relname = ANY($1) AND last_analyze IS NOT NULL`,
      [tables],
    );
    expect(rows.map((r) => r.relname).sort()).toEqual([...tables].sort());
    const events = await t.database.pool.query(
      "SELECT 1 FROM pg_stats WHERE schemaname = 'public' AND tablename = 'events' AND attname = 'pathname'",
    );
    expect(events.rowCount).toBe(1);
  });

  it('writes the same rows folding a message at a time, its counters summed in memory and flushed after every batch', async () => {
    await waitForLagZero(t.app);
    const live = await snapshot();
    const indexes = async () =>
      (
        await t.database.pool.query(
          `SELECT tablename, indexname, regexp_replace(indexdef, '^.* ON [^ ]+ ', '') AS def
           FROM pg_indexes WHERE schemaname = 'public' ORDER BY 1, 2`,
        )
      ).rows;
    const migrated = await indexes();
    // 40 batches of one message: every counter table written 40 times, then its keys merged.
    await rebuildProjections(deps(), PROJECTIONS, { foldBytes: 1, maxSummedRows: 1 });
    expect(await snapshot()).toEqual(live);
    expect(await indexes()).toEqual(migrated);
    expect(migrated.filter((i) => i.tablename === 'dimension_rollup')).toEqual([
      {
        tablename: 'dimension_rollup',
        indexname: 'dimension_rollup_key',
        def: 'USING btree (site_id, dim, grain, at, value) NULLS NOT DISTINCT',
      },
    ]);
  });

  it('keeps folding hits that arrive while it rebuilds, counting each once', async () => {
    const indexes = async () =>
      (
        await t.database.pool.query("SELECT indexname FROM pg_indexes WHERE tablename = 'events' ORDER BY 1")
      ).rows.map((r) => r.indexname);
    const migrated = await indexes();
    const during = designed(2 * 3_600_000, 'b');
    const ingest = (async () => {
      for (const group of during) await append(group);
    })();
    const results = await Promise.all(PROJECTIONS.map((p) => rebuildProjection(deps(), p)));
    await ingest;
    for (const group of designed(4 * 3_600_000, 'c')) await append(group);
    await waitForLagZero(t.app);
    expect(results.map((r) => r.projection).sort()).toEqual([
      'agent_coverage',
      'agent_fetches',
      'agent_rollup_minute',
      'citation_gap',
      'dimension_rollup',
      'path_sessions',
      'path_visitors',
      'raw_events',
      'rollup_minute',
      'vital_histograms',
    ]);
    const q = async (text: string) => (await t.database.pool.query(text)).rows[0];
    expect(await q('SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM events')).toEqual({
      n: 360,
      d: 360,
    });
    expect(
      await q(`SELECT sum(pageviews)::int AS pageviews, sum(visitors)::int AS visitors, sum(sessions)::int AS sessions,
        sum(duration_ms)::bigint AS duration FROM rollup_minute`),
    ).toEqual({ pageviews: 360, visitors: 120, sessions: 120, duration: 120 * 20 * MIN });
    expect(
      await q(`SELECT sum(pageviews)::int AS pageviews, sum(visitors)::int AS visitors FROM dimension_rollup
        WHERE dim = 0 AND grain = 1440`),
    ).toEqual({ pageviews: 360, visitors: 120 });
    // The index names of the migrations survive the swap, so later migrations can refer to them.
    expect(migrated).toEqual(
      expect.arrayContaining(['events_pageview_path', 'events_session', 'events_site_ts']),
    );
    expect(await indexes()).toEqual(migrated);
    expect(
      (await t.database.pool.query("SELECT 1 FROM pg_namespace WHERE nspname LIKE 'rebuild_%'")).rowCount,
    ).toBe(0);
  });
});
