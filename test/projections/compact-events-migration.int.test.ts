import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { createFunnel } from '../../src/funnels/store.js';
import { createGoal } from '../../src/goals/store.js';
import { HUMAN_DIMENSIONS, parseFilters } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { errorGroups } from '../../src/read/errors/errors.js';
import { funnel } from '../../src/read/funnels/funnel.js';
import { goals } from '../../src/read/goals/goals.js';
import { performanceStats } from '../../src/read/performance/performance.js';
import { session } from '../../src/read/sessions/one.js';
import { breakdown } from '../../src/read/stats/breakdown.js';
import { events } from '../../src/read/stats/events.js';
import { pages } from '../../src/read/stats/pages.js';
import { createTestDatabase, insertSitesWithIds, type TestDatabase } from '../support/database.js';
import { applyMigration, foldDesign, twoDayDesign, tableShape } from '../support/design-stream.js';
import { windowQuery } from '../support/window-query.js';

const DESIGN = twoDayDesign(53);
const DAY = 86_400_000;
const PAGING = { limit: 100, page: 1 };

/**
 * `events` as migrations 0004 to 0051 left it: every column in the order it was added (`source`
 * with a default, as this fold no longer writes it).
 */
const EVENTS_BEFORE_0053 = `
  DROP TABLE events;
  CREATE TABLE events (
    id uuid NOT NULL, seq bigint NOT NULL, site_id bigint NOT NULL, ts timestamptz NOT NULL,
    kind text NOT NULL, source text NOT NULL DEFAULT 'x', name text, hostname text NOT NULL, pathname text NOT NULL,
    query text, referrer text, visitor_id text NOT NULL, session_id uuid NOT NULL,
    browser text, browser_version text, os text, os_version text, device text, screen text,
    country text, region text, city text, asn integer, lang text, channel text, referrer_source text,
    utm_medium text, utm_campaign text, utm_term text, utm_content text, props jsonb, identity text,
    sdk text, lcp real, cls real, inp real, fcp real, ttfb real, revenue_amount numeric,
    revenue_currency text, engaged_ms integer, scroll integer, status integer, duration_ms integer,
    error_fingerprint text, error_frame jsonb);
  CREATE INDEX events_site_ts ON events (site_id, ts);
  CREATE INDEX events_session ON events (session_id);
  CREATE INDEX events_custom_name ON events (site_id, name, ts)
    INCLUDE (visitor_id, session_id, revenue_amount, revenue_currency) WHERE kind = 'custom';
  CREATE INDEX events_errors ON events (site_id, ts) INCLUDE (error_fingerprint, session_id) WHERE kind = 'error';
  CREATE INDEX events_error_groups ON events (site_id, error_fingerprint, ts) INCLUDE (session_id)
    WHERE kind = 'error';
  CREATE INDEX events_web_vitals ON events (site_id, ts) INCLUDE (pathname, device, lcp, cls, inp, fcp, ttfb)
    WHERE kind = 'web_vitals';
  CREATE INDEX events_web_vitals_pages ON events (site_id, pathname, ts) INCLUDE (lcp, cls, inp, fcp, ttfb)
    WHERE kind = 'web_vitals';
  CREATE INDEX events_pageview_path ON events (site_id, pathname text_pattern_ops, ts)
    INCLUDE (session_id) WHERE kind = 'pageview';
  CREATE INDEX events_automatic ON events (site_id, kind, ts) INCLUDE (visitor_id, session_id)
    WHERE kind IN ('outbound', 'file_download', 'form');`;

/** The columns 0053 drops, as earlier folds wrote them. */
const DROPPED = ['source', 'query', 'browser_version', 'os_version', 'sdk'];

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await insertSitesWithIds(db.pool, [[DESIGN.site, DESIGN.hostname]]);
}, 60_000);
afterAll(() => db.drop());

/** Every kept column of every row, and the raw reads of `events`, with and without a filter. */
async function reads(funnelId: number, kept: string[], sessionIds: string[]) {
  const rows = (await db.pool.query(`SELECT ${kept.join(', ')} FROM events ORDER BY id`)).rows;
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
    out.push(await pages(db.pool, q, PAGING, 'raw'));
    out.push(await events(db.pool, q, PAGING, 'raw'));
    for (const dimension of ['browser', 'os', 'channel', 'kind', 'hostname', 'status'])
      out.push(await breakdown(db.pool, q, { ...PAGING, dimension }, 'raw'));
    out.push(await performanceStats(db.pool, q, PAGING, 'raw'));
    out.push(await errorGroups(db.pool, q, PAGING));
  }
  for (const id of sessionIds) out.push(await session(db.pool, whole, { id, compare: 'none' }));
  return out;
}

describe('migration 0053 on events folded before it', () => {
  it('drops the unread columns, orders the rest by width, and every row and read stays the same', async () => {
    const after0053 = await tableShape(db.pool, 'events');
    await db.pool.query(EVENTS_BEFORE_0053);
    await foldDesign(db.pool, DESIGN, [rawEvents] as Projection[], 3);
    // What earlier folds kept in the dropped columns (one stored query in ten).
    await db.pool.query(`UPDATE events SET source = 'tracker', browser_version = '131', os_version = '10.15',
      sdk = 'js-1', query = CASE WHEN seq % 10 = 0 THEN 'utm_source=newsletter' END`);
    const counts = (
      await db.pool.query<{ kind: string; n: number }>(
        'SELECT kind, count(*)::int AS n FROM events GROUP BY kind ORDER BY kind',
      )
    ).rows;
    // Every kind the reads below read is there, and engagement landed on stored pageviews.
    expect(counts.map((c) => c.kind)).toEqual(
      expect.arrayContaining(['custom', 'error', 'pageview', 'web_vitals']),
    );
    const engaged = await db.pool.query(
      "SELECT count(*)::int AS n FROM events WHERE kind = 'pageview' AND engaged_ms IS NOT NULL",
    );
    expect(engaged.rows[0].n).toBeGreaterThan(100);
    // The rows' bytes as stored (header, padding and all), without the pages' slack.
    const rowBytes = async () =>
      (await db.pool.query<{ b: number }>('SELECT sum(pg_column_size(e.*))::int AS b FROM events e')).rows[0]!
        .b;
    const bytesBefore = await rowBytes();

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
    const kept = after0053.columns.map((c) => c.name);
    const sessionIds = (
      await db.pool.query<{ id: string }>(
        'SELECT session_id AS id FROM events GROUP BY 1 HAVING count(*) > 3 ORDER BY 1 LIMIT 5',
      )
    ).rows.map((r) => r.id);
    expect(sessionIds).toHaveLength(5);
    const before = await reads(id, kept, sessionIds);

    await applyMigration(db.pool, '0053_compact_events.sql');
    // The index a later migration added, which 0053's copy of the table does not know.
    await applyMigration(db.pool, '0062_events_identified.sql');
    await applyMigration(db.pool, '0064_events_web_vitals_filters.sql');
    const now = await tableShape(db.pool, 'events');
    expect(now).toEqual(after0053);
    expect(now.columns.map((c) => c.name)).not.toEqual(expect.arrayContaining(DROPPED));
    expect(now.columns.map((c) => c.name).slice(0, 5)).toEqual(['site_id', 'ts', 'seq', 'asn', 'engaged_ms']);
    expect(await reads(id, kept, sessionIds)).toEqual(before);
    const n = counts.reduce((s, c) => s + c.n, 0);
    // source (8 B), the two versions (4 and 6 B), sdk (5 B), one query in ten and padding: 26.2 B.
    expect(bytesBefore - (await rowBytes())).toBeGreaterThanOrEqual(26 * n);
  });
});
