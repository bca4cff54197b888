import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathSessions } from '../../projections/path-sessions/projection.js';
import { pathVisitors } from '../../projections/path-visitors/projection.js';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { createFunnel } from '../../src/funnels/store.js';
import { createGoal } from '../../src/goals/store.js';
import { HUMAN_DIMENSIONS, parseFilters } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { funnel } from '../../src/read/funnels/funnel.js';
import { goals } from '../../src/read/goals/goals.js';
import { createTestDatabase, insertSitesWithIds, type TestDatabase } from '../support/database.js';
import { applyMigration, foldDesign, twoDayDesign } from '../support/design-stream.js';
import { windowQuery } from '../support/window-query.js';

const DESIGN = twoDayDesign(38);
const DAY = 86_400_000;

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await insertSitesWithIds(db.pool, [[DESIGN.site, DESIGN.hostname]]);
}, 60_000);
afterAll(() => db.drop());

const indexes = async () =>
  (
    await db.pool.query<{ name: string; def: string }>(
      `SELECT indexname AS name, regexp_replace(indexdef, '^.* ON [^ ]+ ', '') AS def
       FROM pg_indexes WHERE schemaname = 'public' AND tablename = 'events' ORDER BY 1`,
    )
  ).rows;

/** Every row of `events`, and the raw reads that used the dropped indexes, with and without a filter. */
async function reads(funnelId: number) {
  const rows = (await db.pool.query('SELECT * FROM events AS e ORDER BY e::text')).rows;
  const out: unknown[] = [rows];
  const whole = windowQuery(DESIGN.site, DESIGN.firstDay, DESIGN.firstDay + 2 * DAY);
  const filtered: Query = {
    ...whole,
    filters: parseFilters([{ dimension: 'country', op: 'is', value: 'US' }], HUMAN_DIMENSIONS),
  };
  for (const q of [
    whole,
    filtered,
    windowQuery(DESIGN.site, DESIGN.firstDay + 6 * 3_600_000, DESIGN.firstDay + DAY),
  ]) {
    out.push(await goals(db.pool, q, {}, 'raw'));
    out.push(await funnel(db.pool, q, { id: funnelId }, 'raw'));
    if (q !== filtered) out.push(await funnel(db.pool, q, { id: funnelId }, 'path_sessions'));
  }
  return out;
}

describe('migration 0040 on events folded before it', () => {
  it('drops the primary key and the visitor of the pageview index, and every read keeps its results', async () => {
    // `events` as 0014 and 0016 left it, then the design folded: engagement lands on stored pageviews.
    await db.pool.query(`
      ALTER TABLE events ADD PRIMARY KEY (id);
      DROP INDEX events_pageview_path;
      CREATE INDEX events_pageview_path ON events (site_id, pathname text_pattern_ops, ts)
        INCLUDE (visitor_id, session_id) WHERE kind = 'pageview';`);
    await foldDesign(db.pool, DESIGN, [rawEvents, pathVisitors, pathSessions] as Projection[], 3);
    const engaged = await db.pool.query(
      "SELECT count(*)::int AS n FROM events WHERE kind = 'pageview' AND engaged_ms IS NOT NULL",
    );
    expect(engaged.rows[0].n).toBeGreaterThan(100);
    for (const [name, event, path] of [
      ['Docs', null, '/docs/*'],
      ['Pricing', null, '/pricing'],
      ['Signup', 'Signup', null],
    ] as const)
      await createGoal(db.pool, { siteId: DESIGN.site, name, event, path, currency: null });
    const { id } = await createFunnel(db.pool, {
      siteId: DESIGN.site,
      name: 'docs',
      steps: [{ path: '/docs/*' }, { path: '/pricing' }, { event: 'Signup' }],
      windowMinutes: null,
    });
    const before = await reads(id);
    const [, goalRows, funnelReport] = before as [
      unknown,
      { conversions: number }[],
      { steps: { sessions: number }[] },
    ];
    expect(goalRows.map((g) => g.conversions > 0)).toEqual([true, true, true]);
    expect(funnelReport.steps.map((s) => s.sessions > 0)).toEqual([true, true, true]);

    await applyMigration(db.pool, '0040_lean_event_indexes.sql');
    expect((await indexes()).map((i) => i.name)).not.toContain('events_pkey');
    expect((await indexes()).find((i) => i.name === 'events_pageview_path')?.def).toBe(
      "USING btree (site_id, pathname text_pattern_ops, ts) INCLUDE (session_id) WHERE (kind = 'pageview'::text)",
    );
    expect(await reads(id)).toEqual(before);
  });
});
