import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTIONS } from '../../projections/index.js';
import { decodeMessages, type DecodedMessage } from '../../src/projector/fold-batch.js';
import type { Projector } from '../../src/projector/projector.js';
import { rebuildProjections } from '../../src/projector/rebuild.js';
import { dropRepeatedHits, REPEAT_WINDOW_MS } from '../../src/projector/repeated-hits.js';
import { overview } from '../../src/read/stats/overview.js';
import { streamLayout } from '../../src/config.js';
import type { HitRecorded, StreamEvent } from '../../streams/events.js';
import { subjectFor } from '../../streams/subjects.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, insertSitesWithIds, type TestDatabase } from '../support/database.js';
import { fetched, hit, MIN, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';
import { windowQuery } from '../support/window-query.js';

const DAY = 86_400_000;
const keyed = (key: string, ts: number, over: Partial<HitRecorded> = {}) =>
  hit({ site: 1, visitor: `v-${key}`, ts, key, pathname: `/${key}`, ...over });

/** What each message keeps after the step: the keys (or pathnames, for keyless hits) of its hits. */
const kept = (decoded: readonly DecodedMessage[]) =>
  decoded.map((m) =>
    (m.events ?? []).map((e) => (e.type === 'HitRecorded' ? (e.key ?? e.pathname) : e.type)),
  );

describe('dropRepeatedHits, message by message', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  const step = async (groups: StreamEvent[][], firstSeq = 1) => {
    const decoded = decodeMessages(messages(groups, firstSeq));
    const dropped = await dropRepeatedHits(db.pool, decoded);
    return { dropped, kept: kept(decoded) };
  };
  const keysOf = async (site: number) =>
    (
      await db.pool.query<{ key: string; seq: string; ts: string }>(
        'SELECT key, seq, ts FROM hit_keys WHERE site_id = $1 ORDER BY key, seq',
        [site],
      )
    ).rows.map((r) => [r.key, Number(r.seq), Number(r.ts) - T0]);

  it('drops a keyed hit an earlier message carried, keeps keyless hits, and answers the same on every delivery', async () => {
    const groups: StreamEvent[][] = [
      // seq 1: a keyed hit and a keyless one.
      [keyed('aaaaaaaa', T0), hit({ site: 1, visitor: 'x', ts: T0, pathname: '/plain' })],
      // seq 2: the client's retry 30 s later (a new message), the keyless hit sent again, an agent fetch.
      [
        keyed('aaaaaaaa', T0 + 30_000),
        hit({ site: 1, visitor: 'x', ts: T0 + 30_000, pathname: '/plain' }),
        fetched({ site: 1, ts: T0 }),
      ],
      // seq 3: the same key on another site is another hit; a key twice in one message counts once.
      [keyed('aaaaaaaa', T0 + MIN, { site: 2 }), keyed('bbbbbbbb', T0 + MIN), keyed('bbbbbbbb', T0 + MIN)],
    ];
    const first = await step(groups);
    expect(first.kept).toEqual([
      ['aaaaaaaa', '/plain'],
      ['/plain', 'FetchRecorded'],
      ['aaaaaaaa', 'bbbbbbbb'],
    ]);
    expect(first.dropped).toBe(2);
    expect(await keysOf(1)).toEqual([
      ['aaaaaaaa', 1, 0],
      ['aaaaaaaa', 2, 30_000],
      ['bbbbbbbb', 3, MIN],
    ]);
    expect(await keysOf(2)).toEqual([['aaaaaaaa', 3, MIN]]);

    // Redelivered whole, from the retry on, or the retry alone: the same hits go.
    expect((await step(groups)).kept).toEqual(first.kept);
    expect((await step(groups.slice(1), 2)).kept).toEqual(first.kept.slice(1));
    expect((await step(groups.slice(1, 2), 2)).kept).toEqual([['/plain', 'FetchRecorded']]);
    expect(await keysOf(1)).toHaveLength(3);
    // A message redelivered while its first copy waits in the same batch: both copies lose the hit.
    const twice = decodeMessages([...messages(groups.slice(0, 2)), ...messages(groups.slice(1, 2), 2)]);
    expect(await dropRepeatedHits(db.pool, twice)).toBe(1);
    expect(kept(twice)).toEqual([
      ['aaaaaaaa', '/plain'],
      ['/plain', 'FetchRecorded'],
      ['/plain', 'FetchRecorded'],
    ]);
  });

  it('counts a key again more than the window after the last message that carried it', async () => {
    const at = (minutes: number) => keyed('cccccccc', T0 + minutes * MIN);
    expect(REPEAT_WINDOW_MS).toBe(10 * MIN);
    // 0: counted; 4: a repeat; 14: 10 minutes after the repeat, a repeat; 25: 11 after, counted
    // again; 30: a repeat of that.
    const r = await step([[at(0)], [at(4)], [at(14)], [at(25)], [at(30)]], 11);
    expect(r.kept).toEqual([['cccccccc'], [], [], ['cccccccc'], []]);
    // Each message on its own, in order, as a live fold of one message a batch decides.
    const one = [];
    for (const [i, g] of [[at(0)], [at(4)], [at(14)], [at(25)], [at(30)]].entries())
      one.push(...(await step([g], 11 + i)).kept);
    expect(one).toEqual(r.kept);
  });

  it('keeps a site’s keys a day and the window behind its newest hit', async () => {
    await step([[keyed('dddddddd', T0, { site: 3 })], [keyed('eeeeeeee', T0 + 2 * MIN, { site: 3 })]], 21);
    await step([[keyed('ffffffff', T0 + DAY + 11 * MIN, { site: 3 })]], 23);
    expect(await keysOf(3)).toEqual([
      ['eeeeeeee', 22, 2 * MIN],
      ['ffffffff', 23, DAY + 11 * MIN],
    ]);
  });

  it('ignores a key no client could have sent (ingest refuses it): the hit counts as keyless', async () => {
    const bad = [[keyed('short', T0)], [keyed('short', T0)]];
    expect((await step(bad, 31)).kept).toEqual([['short'], ['short']]);
    expect((await keysOf(1)).some(([key]) => key === 'short')).toBe(false);
  });
});

describe('a keyed hit appended twice', () => {
  let t: TestApp;
  let workers: Projector[];
  beforeAll(async () => {
    t = await buildTestApp();
    await insertSitesWithIds(t.database.pool, [[9, 'keys.example']]);
    workers = await startProjectors(t.deps);
  });
  afterAll(async () => {
    for (const w of workers) await w.stop();
    await t.close();
  });

  const append = (events: HitRecorded[]) =>
    t.deps.appender.appendAtomic(subjectFor(streamLayout(t.deps.config), 9, 'human'), events);
  const day = windowQuery(9, T0 - 10 * 3_600_000, T0 + 14 * 3_600_000);
  const figures = async () => {
    const q = (text: string) => t.database.pool.query(text).then((r) => r.rows[0]);
    const [rollup, raw] = [
      await overview(t.database.pool, day, {}, 'rollup'),
      await overview(t.database.pool, day, {}, 'raw'),
    ];
    return {
      events: (await q('SELECT count(*)::int AS n FROM events WHERE site_id = 9')).n,
      pageviews: [rollup.pageviews, raw.pageviews],
      visitors: [rollup.visitors, raw.visitors],
      sessions: [rollup.sessions, raw.sessions],
      byPath: Object.fromEntries(
        (
          await t.database.pool.query<{ pathname: string; n: number }>(
            'SELECT pathname, count(*)::int AS n FROM events WHERE site_id = 9 GROUP BY 1 ORDER BY 1',
          )
        ).rows.map((r) => [r.pathname, r.n]),
      ),
    };
  };

  it('is counted once by every projection, live and rebuilt; a keyless hit sent twice counts twice', async () => {
    const v = (visitor: string, ts: number, over: Partial<HitRecorded> = {}) =>
      hit({ site: 9, hostname: 'keys.example', visitor, ts, ...over });
    // Visitor a: a keyed pageview and its retry 20 s later in a message of its own (as a client's
    // retry after an unanswered attempt arrives), then a second page. Visitor b: a keyless
    // pageview sent twice. Visitor c: a keyed pageview whose retry came 11 minutes later.
    await append([v('a', T0, { key: 'retry-key-1', pathname: '/a' })]);
    await append([v('b', T0 + 1000, { pathname: '/b' })]);
    await append([v('a', T0 + 20_000, { key: 'retry-key-1', pathname: '/a' })]);
    await append([v('b', T0 + 2000, { pathname: '/b' })]);
    await append([v('a', T0 + MIN, { key: 'retry-key-2', pathname: '/a2' })]);
    await append([v('c', T0, { key: 'late-key-1', pathname: '/c' })]);
    await append([v('c', T0 + 11 * MIN, { key: 'late-key-1', pathname: '/c' })]);
    await waitForLagZero(t.app);
    expect((await t.deps.metrics.projectorRepeatedHits.get()).values[0]!.value).toBe(1);
    const live = await figures();
    expect(live).toEqual({
      events: 6,
      pageviews: [6, 6],
      visitors: [3, 3],
      sessions: [3, 3],
      byPath: { '/a': 1, '/a2': 1, '/b': 2, '/c': 2 },
    });

    const [rebuilt] = await rebuildProjections(
      {
        db: t.database.pool,
        nats: t.deps.nats,
        prefix: t.deps.config.STREAM_PREFIX,
        partitions: t.deps.config.PROJECTION_PARTITIONS,
        log: t.deps.log,
      },
      PROJECTIONS,
    );
    expect(rebuilt!.events).toBe(6);
    expect(await figures()).toEqual(live);
    // The rebuild's own keys went with its shadow schema.
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'hit_keys'",
    );
    expect(rows[0].n).toBe(1);
  });
});
