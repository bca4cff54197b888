import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadDataDesign } from '../../bench/read-data.js';
import { foldCitationGap } from '../../projections/citation-gap/fold.js';
import { citationGapProjection } from '../../projections/citation-gap/projection.js';
import { humanHits } from '../../projections/human-hits.js';
import { foldPathSessions } from '../../projections/path-sessions/fold.js';
import { pathSessions } from '../../projections/path-sessions/projection.js';
import { foldPathVisitors } from '../../projections/path-visitors/fold.js';
import { pathVisitors } from '../../projections/path-visitors/projection.js';
import { dimensionRollup } from '../../projections/dimension-rollup/projection.js';
import type { Projection } from '../../projections/projection.js';
import { foldRollupMinute } from '../../projections/rollup-minute/fold.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { LATE_HIT_GRACE_MS } from '../../projections/sessions/horizon.js';
import { SESSION_GAP_MS } from '../../projections/sessions/sessionize.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';
import { foldDesign } from '../support/design-stream.js';
import { hit, MIN } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

// The projections that prune state, and the same folds without pruning: folded from the same
// stream, every table a read reads must hold the same rows.
const catalog = loadCatalog();
const citationGap = citationGapProjection(catalog);
const PRUNING = [rollupMinute, citationGap, pathVisitors, pathSessions] as Projection[];
const KEEPING = [
  { ...rollupMinute, fold: foldRollupMinute },
  {
    ...citationGap,
    fold: (events, state) => foldCitationGap(catalog, events, state),
  } satisfies typeof citationGap,
  {
    ...pathVisitors,
    fold: (events, state) =>
      foldPathVisitors(
        humanHits(events).map((s) => s.event),
        state,
      ),
  } satisfies typeof pathVisitors,
  { ...pathSessions, fold: foldPathSessions },
] as Projection[];
const STATE = new Set([
  'rollup_session_state',
  'citation_session_state',
  'path_session_state',
  'path_session_numbers',
  'path_session_walk_keys',
  'path_visitor_numbers',
]);

const DESIGN: ReadDataDesign = {
  site: 1,
  hostname: 'bench.example',
  firstDay: Date.UTC(2026, 7, 1),
  days: 4,
  events: 6_000,
  pages: 30,
  seed: 11,
};

let pruned: TestDatabase;
let kept: TestDatabase;
beforeAll(async () => {
  [pruned, kept] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([foldDesign(pruned.pool, DESIGN, PRUNING, 7), foldDesign(kept.pool, DESIGN, KEEPING, 7)]);
}, 120_000);
afterAll(() => Promise.all([pruned.drop(), kept.drop()]));

const rows = async (pool: pg.Pool, table: string) =>
  (await pool.query(`SELECT * FROM ${table} AS r ORDER BY r::text`)).rows;

describe('pruning session and visitor state in the folds', () => {
  it('leaves every table a read reads as folding without pruning leaves it', async () => {
    for (const table of PRUNING.flatMap((p) => p.tables).filter((t) => !STATE.has(t))) {
      const [a, b] = await Promise.all([rows(pruned.pool, table), rows(kept.pool, table)]);
      expect(a, table).toEqual(b);
    }
    const sessions = await rows(pruned.pool, 'rollup_minute');
    expect(sessions.reduce((n, r) => n + Number(r.sessions), 0)).toBeGreaterThan(500);
  });

  it('keeps only the sessions a hit within the grace could join, and the numbers of those', async () => {
    const { rows: newest } = await kept.pool.query<{ horizon: Date }>(
      `SELECT max(last_seen_at) - $1 * interval '1 millisecond' AS horizon FROM rollup_session_state`,
      [LATE_HIT_GRACE_MS + SESSION_GAP_MS],
    );
    const horizon = newest[0]!.horizon;
    for (const table of ['rollup_session_state', 'citation_session_state', 'path_session_state']) {
      const all = await rows(kept.pool, table);
      const open = all.filter((r) => r.last_seen_at >= horizon);
      expect(open.length, table).toBeGreaterThan(0);
      expect(open.length, table).toBeLessThan(all.length / 2);
      expect(await rows(pruned.pool, table), table).toEqual(open);
    }
    const open = new Set((await rows(pruned.pool, 'path_session_state')).map((r) => r.id));
    const numbers = await rows(pruned.pool, 'path_session_numbers');
    const highest = Math.max(...(await rows(kept.pool, 'path_session_numbers')).map((r) => r.n));
    expect(numbers.filter((r) => !open.has(r.session_id)).map((r) => r.n)).toEqual(
      open.size === numbers.length ? [] : [highest],
    );
  });

  it('keeps the visitor numbers of the last two UTC days, and the highest', async () => {
    const lastDays = new Date(DESIGN.firstDay + (DESIGN.days - 2) * 86_400_000);
    const { rows: first } = await kept.pool.query<{ block: number }>(
      'SELECT min(block) AS block FROM path_visitors_day WHERE day >= $1',
      [lastDays],
    );
    const all = await rows(kept.pool, 'path_visitor_numbers');
    const left = await rows(pruned.pool, 'path_visitor_numbers');
    expect(left).toEqual(all.filter((r) => r.n >= first[0]!.block * 4096));
    expect(Math.max(...left.map((r) => r.n))).toBe(Math.max(...all.map((r) => r.n)));
  });
});

describe('a hit later than the grace', () => {
  it('finds its session pruned: it starts a session of its own', async () => {
    const site = 7;
    const t0 = DESIGN.firstDay + 10 * 86_400_000;
    const newest = t0 + LATE_HIT_GRACE_MS + SESSION_GAP_MS + 5 * MIN;
    const stream = messages(
      [
        [hit({ site, visitor: 'v', ts: t0 }), hit({ site, visitor: 'v', ts: t0 + MIN })],
        [hit({ site, visitor: 'w', ts: newest })],
        // v's own session, still within 30 minutes of its last hit, but past the grace.
        [hit({ site, visitor: 'v', ts: t0 + 2 * MIN })],
      ],
      1_000_000,
    );
    const count = async (db: TestDatabase) => {
      for (const m of stream) await foldBatch(db.pool, rollupMinute, [m]);
      const { rows: r } = await db.pool.query(
        'SELECT sum(sessions)::int AS sessions, sum(pageviews)::int AS pageviews FROM rollup_minute WHERE site_id = $1',
        [site],
      );
      return r[0];
    };
    expect(await count(pruned)).toEqual({ sessions: 3, pageviews: 4 });
  });
});

describe('a site whose partition folds behind another', () => {
  it("keeps its sessions and visitor days when another site's hits three days later are folded first", async () => {
    const [behind, ahead] = [8, 9];
    const t0 = DESIGN.firstDay + 20 * 86_400_000;
    const stream = messages(
      [
        [hit({ site: behind, visitor: 'v', ts: t0 }), hit({ site: behind, visitor: 'v', ts: t0 + MIN })],
        // Another partition, folded further on: its progress must not prune the first site's state.
        [hit({ site: ahead, visitor: 'w', ts: t0 + 3 * 86_400_000 })],
        [hit({ site: behind, visitor: 'v', ts: t0 + 2 * MIN })],
      ],
      2_000_000,
    );
    for (const p of [...PRUNING, dimensionRollup] as Projection[])
      for (const m of stream) await foldBatch(pruned.pool, p, [m]);
    const one = async (text: string) => (await pruned.pool.query(text, [behind])).rows[0];
    expect(
      await one(
        'SELECT sum(sessions)::int AS sessions, sum(pageviews)::int AS pageviews FROM rollup_minute WHERE site_id = $1',
      ),
    ).toEqual({ sessions: 1, pageviews: 3 });
    expect(
      await one(
        'SELECT sum(visitors)::int AS visitors, sum(pageviews)::int AS pageviews FROM dimension_rollup WHERE site_id = $1 AND dim = 0 AND grain = 1440',
      ),
    ).toEqual({ visitors: 1, pageviews: 3 });
  });
});
