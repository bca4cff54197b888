import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCoverageProjection } from '../../projections/agent-coverage/projection.js';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { agentRollupMinuteProjection } from '../../projections/agent-rollup-minute/projection.js';
import { pathSessions } from '../../projections/path-sessions/projection.js';
import { pathVisitors } from '../../projections/path-visitors/projection.js';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { vitalHistograms } from '../../projections/vital-histograms/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { rawRowsMeta } from '../../src/read/envelope/handler.js';
import { overview } from '../../src/read/stats/overview.js';
import { deleteRawRows, RAW_TABLES, rawHorizon, rawRowsFrom } from '../../src/retention/raw-rows.js';
import type { StreamEvent } from '../../streams/events.js';
import { createTestDatabase, insertSitesWithIds, type TestDatabase } from '../support/database.js';
import { fetched, hit, MIN } from '../support/events.js';
import { messages } from '../support/projection-spec.js';
import { windowQuery } from '../support/window-query.js';

const SITE = 4;
const OLD = Date.UTC(2026, 4, 10, 12);
const RECENT = Date.UTC(2026, 10, 20, 12);
const NOW = new Date(Date.UTC(2026, 10, 27, 10, 30));
const PROJECTIONS = [
  rawEvents,
  rollupMinute,
  pathVisitors,
  pathSessions,
  vitalHistograms,
  agentFetchesProjection(loadCatalog()),
  agentRollupMinuteProjection(loadCatalog()),
  agentCoverageProjection(loadCatalog()),
] as Projection[];
/** Tables that are not raw rows: the retention leaves them as they are. */
const KEPT = PROJECTIONS.flatMap((p) => p.tables).filter(
  (t) => !RAW_TABLES.some((r) => r.table === t) && !t.endsWith('_state') && !t.endsWith('_numbers'),
);

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * A day's designed traffic: two visitors' sessions (three pageviews, one with Web Vitals), three
 * agent fetches: GPTBot, Googlebot whose address reverse DNS confirmed that day, and Googlebot from
 * an address never confirmed (kept as a fetch a confirmation may still move).
 */
const day = (t: number): StreamEvent[] => [
  hit({ site: SITE, visitor: `a${t}`, ts: t, pathname: '/' }),
  hit({ site: SITE, visitor: `a${t}`, ts: t + MIN, pathname: '/pricing' }),
  hit({
    site: SITE,
    visitor: `a${t}`,
    ts: t + 2 * MIN,
    kind: 'web_vitals',
    pathname: '/pricing',
    vitals: { lcp: 1800, cls: 0.1 },
  }),
  hit({ site: SITE, visitor: `b${t}`, ts: t + 5 * MIN, pathname: '/docs/a' }),
  fetched({ site: SITE, ts: t + 7 * MIN }),
  fetched({ site: SITE, ts: t + 8 * MIN, user_agent: GOOGLEBOT, address: 'e'.repeat(64) }),
  fetched({ site: SITE, ts: t + 9 * MIN, user_agent: GOOGLEBOT, address: 'f'.repeat(64) }),
  {
    type: 'AddressVerified',
    id: randomUUID(),
    site: SITE,
    ts: t + 10 * MIN,
    day: new Date(t).toISOString().slice(0, 10),
    address: 'e'.repeat(64),
    operator: 'google',
    domain: 'googlebot.com',
  },
];

let db: TestDatabase;
const count = async (pool: pg.Pool, table: string) =>
  (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n;
const rows = async (table: string) =>
  (await db.pool.query(`SELECT * FROM ${table} AS r ORDER BY r::text`)).rows;
const query = (start: number, end: number) => windowQuery(SITE, start, end);
const oldDay = query(Date.UTC(2026, 4, 10), Date.UTC(2026, 4, 11));

beforeAll(async () => {
  db = await createTestDatabase();
  await insertSitesWithIds(db.pool, [[SITE, 'example.com']]);
  const stream = messages([day(OLD), day(RECENT)]);
  for (const p of PROJECTIONS) await foldBatch(db.pool, p, stream);
});
afterAll(() => db.drop());

describe('RAW_RETENTION_MONTHS', () => {
  it('puts the horizon at the UTC midnight that many calendar months before today', () => {
    expect(rawHorizon(NOW, 3).toISOString()).toBe('2026-08-27T00:00:00.000Z');
    expect(rawHorizon(new Date(Date.UTC(2026, 2, 31, 23)), 1).toISOString()).toBe('2026-03-03T00:00:00.000Z');
  });

  it('deletes the raw rows before the horizon in batches, keeps the later ones and every rollup', async () => {
    const kept = Object.fromEntries(await Promise.all(KEPT.map(async (t) => [t, await rows(t)] as const)));
    const overviewBefore = await overview(db.pool, oldDay, {}, 'rollup');
    expect(overviewBefore).toEqual({
      visitors: 2,
      sessions: 2,
      pageviews: 3,
      bounce_rate: 50,
      visit_duration: 60,
      views_per_session: 1.5,
    });
    expect(await rawRowsFrom(db.pool)).toBeNull();

    const deleted = await deleteRawRows(db.pool, rawHorizon(NOW, 3), 2);
    expect(deleted).toEqual({
      events: 4,
      sessions: 2,
      path_visitor_hits: 3,
      path_session_hits: 3,
      vital_page_samples: 2,
      agent_fetches: 3,
      address_verifications: 1,
      agent_rollup_address_verifications: 1,
      agent_rollup_unverified: 1,
      coverage_address_verifications: 1,
      coverage_unverified: 1,
    });
    expect(await count(db.pool, 'events')).toBe(4);
    expect(await count(db.pool, 'sessions')).toBe(2);
    expect(await count(db.pool, 'agent_fetches')).toBe(3);
    expect(await count(db.pool, 'agent_rollup_unverified')).toBe(1);
    expect((await rows('events')).every((e) => e.ts.getTime() >= RECENT)).toBe(true);
    for (const t of KEPT) expect(await rows(t), t).toEqual(kept[t]);
    // The rollups still answer the old day; the raw path has nothing left to count.
    expect(await overview(db.pool, oldDay, {}, 'rollup')).toEqual(overviewBefore);
    expect(await overview(db.pool, oldDay, {}, 'raw')).toMatchObject({ visitors: 0, pageviews: 0 });
    // Reads trust the horizon they read for a minute.
    expect(await rawRowsFrom(db.pool)).toBeNull();
    expect(await rawRowsFrom(db.pool, Date.now() + 61_000)).toEqual(new Date('2026-08-27T00:00:00Z'));
  });

  it('says in the answer when a window starts before the kept raw rows', () => {
    const kept = new Date('2026-08-27T00:00:00Z');
    expect(rawRowsMeta(oldDay, kept)).toEqual({ raw_rows_from: '2026-08-27T00:00:00.000Z' });
    expect(rawRowsMeta(query(RECENT - 3_600_000, RECENT), kept)).toEqual({});
    const compared = {
      ...query(RECENT - 3_600_000, RECENT),
      comparison: { start: new Date(OLD), end: new Date(OLD + MIN) },
    };
    expect(rawRowsMeta(compared, kept)).toEqual({ raw_rows_from: '2026-08-27T00:00:00.000Z' });
    expect(rawRowsMeta(oldDay, null)).toEqual({});
  });
});
