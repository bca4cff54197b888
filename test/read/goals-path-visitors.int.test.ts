import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathVisitors } from '../../projections/path-visitors/projection.js';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { createGoal } from '../../src/goals/store.js';
import type { Query } from '../../src/read/envelope/query.js';
import { goals } from '../../src/read/goals/goals.js';
import { dayCover, directoryPrefix } from '../../src/read/goals/path-visitors.js';
import { pathPrefixes } from '../../projections/path-visitors/fold.js';
import type { HitRecorded } from '../../streams/events.js';
import type { TestDatabase } from '../support/database.js';
import { designDatabase } from '../support/design-stream.js';
import { D0, DAY, FOUR_DAYS, fourDayWindows, HOUR } from '../support/four-day-design.js';
import { hit } from '../support/events.js';
import { foldTwice, messages } from '../support/projection-spec.js';
import { windowQuery } from '../support/window-query.js';

const SMALL = FOUR_DAYS;

/*
 * Site 2, by hand: v1 views /docs/a on day 0 at 23:00 and /docs/b on day 1 at 01:00 (one visitor
 * id over two days, as an SDK's own id may be), v2 views /docs/a twice on day 1, v3 views /about.
 * Goal /docs/*: 2 visitors, 4 conversions over both days; /docs/a: 2 visitors, 3 conversions.
 */
const HAND = 2;
const HAND_HITS: HitRecorded[] = [
  hit({ site: HAND, visitor: 'v1', ts: D0 + 23 * HOUR, pathname: '/docs/a' }),
  hit({ site: HAND, visitor: 'v1', ts: D0 + 25 * HOUR, pathname: '/docs/b' }),
  hit({ site: HAND, visitor: 'v2', ts: D0 + 26 * HOUR, pathname: '/docs/a' }),
  hit({ site: HAND, visitor: 'v2', ts: D0 + 27 * HOUR, pathname: '/docs/a' }),
  hit({ site: HAND, visitor: 'v3', ts: D0 + 28 * HOUR, pathname: '/about' }),
  hit({ site: HAND, visitor: 'v3', ts: D0 + 28 * HOUR, kind: 'custom', name: 'Signup', pathname: '/about' }),
];

let db: TestDatabase;
beforeAll(async () => {
  db = await designDatabase(SMALL, HAND, [rawEvents, rollupMinute, pathVisitors] as Projection[]);
  const hand = messages([HAND_HITS.slice(0, 3), HAND_HITS.slice(3)], 10_000);
  for (const p of [rawEvents, rollupMinute]) await foldBatch(db.pool, p, hand);
  // Delivered again after a crash between commit and ack: no pageview counts twice.
  await foldTwice(db.pool, pathVisitors, hand, 1);
  for (const [site, path] of [
    [SMALL.site, '/docs/*'],
    [SMALL.site, '/pricing'],
    [SMALL.site, '/blog/post-*'],
    [HAND, '/docs/*'],
    [HAND, '/docs/a'],
  ] as const)
    await createGoal(db.pool, { siteId: site, name: `Visit ${path}`, event: null, path, currency: null });
  for (const site of [SMALL.site, HAND])
    await createGoal(db.pool, { siteId: site, name: 'Signup', event: 'Signup', path: null, currency: null });
}, 120_000);
afterAll(() => db.drop());

const query = windowQuery;

describe('path goals from the path_visitors projection', () => {
  it('cuts a window into whole UTC days and the parts of days at its edges', () => {
    expect(dayCover({ start: new Date(D0), end: new Date(D0 + 2 * DAY) })).toEqual({
      days: [D0, D0 + 2 * DAY],
      edges: [],
    });
    expect(dayCover({ start: new Date(D0 - 5.5 * HOUR), end: new Date(D0 + DAY + HOUR) })).toEqual({
      days: [D0, D0 + DAY],
      edges: [
        [D0 - 5.5 * HOUR, D0],
        [D0 + DAY, D0 + DAY + HOUR],
      ],
    });
    expect(dayCover({ start: new Date(D0 + HOUR), end: new Date(D0 + 20 * HOUR) })).toEqual({
      days: null,
      edges: [[D0 + HOUR, D0 + 20 * HOUR]],
    });
  });

  it('reads a `<dir>/*` goal from its directory’s rows, which the fold writes as migration 0021 fills them', async () => {
    expect(pathPrefixes('/docs/a/b')).toEqual(['/docs/', '/docs/a/']);
    expect(pathPrefixes('/docs/')).toEqual(['/docs/']);
    expect(pathPrefixes('/')).toEqual([]);
    expect(directoryPrefix('/docs/*')).toBe('/docs/');
    expect(directoryPrefix('/docs/a/*')).toBe('/docs/a/');
    for (const other of ['/*', '/docs*', '/blog/post-*', '/*/docs/*', '/pricing'])
      expect(directoryPrefix(other)).toBeNull();
    // The migration's statement over the pageviews kept with their numbers gives the folded rows.
    const migration = readFileSync(
      new URL('../../migrations/0021_path_prefix_visitors.sql', import.meta.url),
      'utf8',
    );
    // path_visitor_hits keeps them per hour and path since migration 0035: as rows per pageview again.
    const perPageview = `(SELECT site_id, hour + u.ms * interval '1 millisecond' AS ts, pathname, u.n
      FROM path_visitor_hits CROSS JOIN LATERAL unnest(ms, ns) AS u(ms, n)) h`;
    const backfill = migration
      .slice(migration.lastIndexOf('SELECT h.site_id'))
      .replace(/;\s*$/, '')
      .replace('FROM path_visitor_hits h', `FROM ${perPageview}`);
    const ordered = (q: string) => db.pool.query(`SELECT * FROM (${q}) r ORDER BY r::text`);
    const [folded, filled] = await Promise.all([
      ordered('SELECT site_id, day, prefix, block, visitors, pageviews FROM path_prefix_visitors_day'),
      ordered(backfill),
    ]);
    expect(folded.rows.length).toBeGreaterThan(10);
    expect(filled.rows).toEqual(folded.rows);
  });

  it('counts a visitor of two matching paths on two days once: /docs/* 2 visitors, 4 conversions', async () => {
    const q = query(HAND, D0, D0 + 2 * DAY);
    const rows = await goals(db.pool, q, {}, 'path_visitors');
    expect(rows.map((r) => [r.name, r.visitors, r.conversions, r.conversion_rate])).toEqual([
      ['Visit /docs/*', 2, 4, 66.7],
      ['Visit /docs/a', 2, 3, 66.7],
      ['Signup', 1, 1, 33.3],
    ]);
    expect(rows).toEqual(await goals(db.pool, q, {}, 'raw'));
    // From 00:30 on day 1: v1's day-0 view is outside, its day-1 view in the edge part.
    const edge = query(HAND, D0 + 0.5 * HOUR + DAY, D0 + 2 * DAY);
    const partial = await goals(db.pool, edge, {}, 'path_visitors');
    expect(partial.map((r) => [r.name, r.visitors, r.conversions])).toEqual([
      ['Visit /docs/*', 2, 3],
      ['Visit /docs/a', 1, 2],
      ['Signup', 1, 1],
    ]);
    expect(partial).toEqual(await goals(db.pool, edge, {}, 'raw'));
  });

  it('gives the raw path’s figures on the benchmark design: whole days, zones off UTC, part of a day, compare', async () => {
    for (const q of fourDayWindows()) {
      const fromDays = await goals(db.pool, q, {}, 'path_visitors');
      expect(fromDays.find((g) => g.name === 'Visit /docs/*')!.visitors).toBeGreaterThan(10);
      expect(fromDays).toEqual(await goals(db.pool, q, {}, 'raw'));
    }
  });

  it('reads the pageviews when a filter asks for a dimension the projection does not keep', async () => {
    const q: Query = {
      ...query(SMALL.site, D0, D0 + 4 * DAY),
      filters: { and: [{ dimension: 'country', op: 'is', value: 'DE' }] },
    };
    const rows = await goals(db.pool, q);
    expect(rows).toEqual(await goals(db.pool, q, {}, 'raw'));
    expect(rows.find((g) => g.name === 'Visit /docs/*')!.visitors).toBeLessThan(
      (await goals(db.pool, query(SMALL.site, D0, D0 + 4 * DAY))).find((g) => g.name === 'Visit /docs/*')!
        .visitors,
    );
  });
});
