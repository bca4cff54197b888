import { streamLayout } from '../../src/config.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentCoverageProjection } from '../../projections/agent-coverage/projection.js';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { citationGapProjection } from '../../projections/citation-gap/projection.js';
import { PROJECTIONS, projectionNamed } from '../../projections/index.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { MIGRATIONS_DIR } from '../../src/db/migrate.js';
import { rebuildProjection } from '../../src/projector/rebuild.js';
import type { Projector } from '../../src/projector/projector.js';
import type { FetchRecorded, StreamEvent } from '../../streams/events.js';
import { subjectFor } from '../../streams/subjects.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, insertSite, type TestDatabase } from '../support/database.js';
import { fetched, hit, OPENAI_RANGE, UA } from '../support/events.js';
import { foldTwice, messages } from '../support/projection-spec.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';

/*
 * Three UTC days (D0 = 2026-11-02) of fetches and pageviews, in messages as a stream would hold
 * them, some late:
 *   fetches   /a  D0 10:00 GPTBot (verified), D0 12:00 ClaudeBot, D2 09:00 GPTBot (spoofed)
 *             /b  D1 23:59:59.999 GPTBot, D2 00:00 an unknown agent (one message across midnight)
 *             /c  D0 01:00 GPTBot (verified); late: D1 05:00 ClaudeBot, after D2's messages
 *             /d  D2 08:00 ClaudeBot, twice
 *   pageviews /a  D0 ×3, D2 ×2; late: D1 ×1, after D2's messages
 *             /b  D1 ×2 and D2 ×1, in one message
 */
const DAY = 86_400_000;
const D0 = Date.UTC(2026, 10, 2);
const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

const catalog = loadCatalog();
const DAY_PROJECTIONS = [
  agentFetchesProjection(catalog),
  agentCoverageProjection(catalog),
  rawEvents,
  citationGapProjection(catalog),
];

function design(site: number): StreamEvent[][] {
  const f = (ts: number, pathname: string, over: Partial<FetchRecorded> = {}) =>
    fetched({ site, ts, pathname, ...over });
  const view = (ts: number, pathname: string, visitor: string) => hit({ site, ts, pathname, visitor });
  return [
    [
      f(D0 + H, '/c', { ranges: [OPENAI_RANGE] }),
      f(D0 + 10 * H, '/a', { ranges: [OPENAI_RANGE] }),
      view(D0 + 10 * H, '/a', 'v1'),
      view(D0 + 11 * H, '/a', 'v2'),
      f(D0 + 12 * H, '/a', { user_agent: UA.claudebot }),
      view(D0 + 13 * H, '/a', 'v3'),
    ],
    [
      view(D0 + DAY + 9 * H, '/b', 'w1'),
      view(D0 + DAY + 10 * H, '/b', 'w2'),
      f(D0 + 2 * DAY - 1, '/b'),
      f(D0 + 2 * DAY, '/b', { user_agent: UA.unknown }),
      view(D0 + 2 * DAY + H, '/b', 'x1'),
    ],
    [
      f(D0 + 2 * DAY + 8 * H, '/d', { user_agent: UA.claudebot }),
      f(D0 + 2 * DAY + 8 * H, '/d', { user_agent: UA.claudebot }),
      f(D0 + 2 * DAY + 9 * H, '/a'),
      view(D0 + 2 * DAY + 9 * H, '/a', 'x2'),
      view(D0 + 2 * DAY + 10 * H, '/a', 'x3'),
    ],
    [f(D0 + DAY + 5 * H, '/c', { user_agent: UA.claudebot }), view(D0 + DAY + 6 * H, '/a', 'w3')],
  ];
}

/** The three tables, days as ISO strings, in key order. */
async function tables(db: pg.Pool, site: number) {
  const q = async (text: string) => (await db.query(text, [site])).rows;
  const t = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS')`;
  return {
    coverage:
      await q(`SELECT pathname, ${t('day')} AS day, agent_id, ${t('first_crawl')} AS first, ${t('last_crawl')} AS last,
        fetches::int, verified_fetches::int FROM url_coverage_day WHERE site_id = $1 ORDER BY 1, 2, 3`),
    crawl:
      await q(`SELECT pathname, ${t('day')} AS day, ${t('last_crawl')} AS last, fetches::int, ${t('next_day')} AS next
        FROM url_crawl_day WHERE site_id = $1 ORDER BY 1, 2`),
    pageviews:
      await q(`SELECT pathname, ${t('day')} AS day, pageviews::int, pageviews_through::int AS through,
        ${t('next_day')} AS next FROM url_pageview_day WHERE site_id = $1 ORDER BY 1, 2`),
  };
}

/** The same tables as their definitions compute them from agent_fetches and events (and as 0017 backfills them). */
async function defined(db: pg.Pool, site: number) {
  const q = async (text: string) => (await db.query(text, [site])).rows;
  const t = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS')`;
  const day = `date_trunc('day', ts, 'UTC')`;
  return {
    coverage:
      await q(`SELECT pathname, ${t(day)} AS day, agent_id, ${t('min(ts)')} AS first, ${t('max(ts)')} AS last,
        count(*)::int AS fetches, (count(*) FILTER (WHERE verified))::int AS verified_fetches
        FROM agent_fetches WHERE site_id = $1 GROUP BY pathname, ${day}, agent_id ORDER BY 1, 2, 3`),
    crawl:
      await q(`SELECT pathname, ${t('d')} AS day, ${t('last')} AS last, fetches, ${t('lead(d) OVER (PARTITION BY pathname ORDER BY d)')} AS next
        FROM (SELECT pathname, ${day} AS d, max(ts) AS last, count(*)::int AS fetches FROM agent_fetches
              WHERE site_id = $1 GROUP BY 1, 2) x ORDER BY 1, 2`),
    pageviews: await q(`SELECT pathname, ${t('d')} AS day, pageviews,
        (sum(pageviews) OVER (PARTITION BY pathname ORDER BY d))::int AS through,
        ${t('lead(d) OVER (PARTITION BY pathname ORDER BY d)')} AS next
        FROM (SELECT pathname, ${day} AS d, count(*)::int AS pageviews FROM events
              WHERE site_id = $1 AND kind = 'pageview' GROUP BY 1, 2) x ORDER BY 1, 2`),
  };
}

const at = (ms: number) => iso(ms).slice(0, 23);

let one: TestDatabase;
let all: TestDatabase;
let siteOne: number;
let siteAll: number;
beforeAll(async () => {
  [one, all] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  [siteOne, siteAll] = await Promise.all([
    insertSite(one.pool, 'days.example'),
    insertSite(all.pool, 'days.example'),
  ]);
  // One message per fold, and every message in one fold (then each delivered again).
  for (const p of DAY_PROJECTIONS) await foldTwice(one.pool, p, messages(design(siteOne)), 1);
  for (const p of DAY_PROJECTIONS) await foldTwice(all.pool, p, messages(design(siteAll)), 4);
}, 60_000);
afterAll(() => Promise.all([one?.drop(), all?.drop()]));

describe('the per-UTC-day URL tables', () => {
  it('hold each URL’s days per agent, its crawl days chained to the next one, and its running pageviews', async () => {
    const got = await tables(one.pool, siteOne);
    const d = (n: number) => at(D0 + n * DAY);
    expect(got.coverage).toEqual([
      {
        pathname: '/a',
        day: d(0),
        agent_id: 'claudebot',
        first: at(D0 + 12 * H),
        last: at(D0 + 12 * H),
        fetches: 1,
        verified_fetches: 0,
      },
      {
        pathname: '/a',
        day: d(0),
        agent_id: 'gptbot',
        first: at(D0 + 10 * H),
        last: at(D0 + 10 * H),
        fetches: 1,
        verified_fetches: 1,
      },
      {
        pathname: '/a',
        day: d(2),
        agent_id: 'gptbot',
        first: at(D0 + 2 * DAY + 9 * H),
        last: at(D0 + 2 * DAY + 9 * H),
        fetches: 1,
        verified_fetches: 0,
      },
      {
        pathname: '/b',
        day: d(1),
        agent_id: 'gptbot',
        first: at(D0 + 2 * DAY - 1),
        last: at(D0 + 2 * DAY - 1),
        fetches: 1,
        verified_fetches: 0,
      },
      {
        pathname: '/b',
        day: d(2),
        agent_id: 'unknown',
        first: d(2),
        last: d(2),
        fetches: 1,
        verified_fetches: 0,
      },
      {
        pathname: '/c',
        day: d(0),
        agent_id: 'gptbot',
        first: at(D0 + H),
        last: at(D0 + H),
        fetches: 1,
        verified_fetches: 1,
      },
      {
        pathname: '/c',
        day: d(1),
        agent_id: 'claudebot',
        first: at(D0 + DAY + 5 * H),
        last: at(D0 + DAY + 5 * H),
        fetches: 1,
        verified_fetches: 0,
      },
      {
        pathname: '/d',
        day: d(2),
        agent_id: 'claudebot',
        first: at(D0 + 2 * DAY + 8 * H),
        last: at(D0 + 2 * DAY + 8 * H),
        fetches: 2,
        verified_fetches: 0,
      },
    ]);
    expect(got.crawl).toEqual([
      { pathname: '/a', day: d(0), last: at(D0 + 12 * H), fetches: 2, next: d(2) },
      { pathname: '/a', day: d(2), last: at(D0 + 2 * DAY + 9 * H), fetches: 1, next: null },
      { pathname: '/b', day: d(1), last: at(D0 + 2 * DAY - 1), fetches: 1, next: d(2) },
      { pathname: '/b', day: d(2), last: d(2), fetches: 1, next: null },
      // The late D1 fetch of /c slid in between: D0's row now chains to it.
      { pathname: '/c', day: d(0), last: at(D0 + H), fetches: 1, next: d(1) },
      { pathname: '/c', day: d(1), last: at(D0 + DAY + 5 * H), fetches: 1, next: null },
      { pathname: '/d', day: d(2), last: at(D0 + 2 * DAY + 8 * H), fetches: 2, next: null },
    ]);
    expect(got.pageviews).toEqual([
      { pathname: '/a', day: d(0), pageviews: 3, through: 3, next: d(1) },
      // The late D1 pageview: its own row starts from D0's total, and D2's total takes it too.
      { pathname: '/a', day: d(1), pageviews: 1, through: 4, next: d(2) },
      { pathname: '/a', day: d(2), pageviews: 2, through: 6, next: null },
      { pathname: '/b', day: d(1), pageviews: 2, through: 2, next: d(2) },
      { pathname: '/b', day: d(2), pageviews: 1, through: 3, next: null },
    ]);
  });

  it('are what their definitions compute from the raw tables, however the stream is batched', async () => {
    const [a, b] = [await tables(one.pool, siteOne), await tables(all.pool, siteAll)];
    expect(a).toEqual(b);
    expect(a).toEqual(await defined(one.pool, siteOne));
  });

  it('are what migration 0017 backfills from the raw tables for what was folded before it', async () => {
    const folded = await tables(all.pool, siteAll);
    const migration = readFileSync(join(MIGRATIONS_DIR, '0017_url_coverage_day.sql'), 'utf8');
    const backfill = migration.slice(migration.indexOf('INSERT INTO url_coverage_day'));
    await all.pool.query('TRUNCATE url_coverage_day, url_crawl_day, url_pageview_day');
    await all.pool.query(backfill);
    expect(await tables(all.pool, siteAll)).toEqual(folded);
  });
});

describe('twofold projections rebuild', () => {
  let t: TestApp;
  let workers: Projector[];
  beforeAll(async () => {
    t = await buildTestApp();
    workers = await startProjectors(t.deps);
    const site = await insertSite(t.database.pool, 'rebuilt-days.example');
    for (const events of design(site)) {
      const origin = events.some((e) => e.type === 'FetchRecorded') ? 'edge' : 'human';
      await t.deps.appender.appendAtomic(subjectFor(streamLayout(t.deps.config), site, origin), events);
    }
    await waitForLagZero(t.app);
  }, 60_000);
  afterAll(async () => {
    for (const w of workers ?? []) await w.stop();
    await t?.close();
  });

  it('fills the per-day tables again from the stream, row for row', async () => {
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const table of ['url_coverage_day', 'url_crawl_day', 'url_pageview_day'])
        out[table] = (await t.database.pool.query(`SELECT * FROM ${table} ORDER BY 1, 2, 3, 4`)).rows;
      return out;
    };
    const live = await snapshot();
    expect(live.url_crawl_day).toHaveLength(7);
    expect(live.url_pageview_day).toHaveLength(5);
    await t.database.pool.query('TRUNCATE url_coverage_day, url_crawl_day, url_pageview_day');
    const deps = {
      db: t.database.pool,
      nats: t.deps.nats,
      prefix: t.deps.config.STREAM_PREFIX,
      partitions: t.deps.config.PROJECTION_PARTITIONS,
      log: t.deps.log,
    };
    for (const name of ['agent_coverage', 'citation_gap'])
      await rebuildProjection(deps, projectionNamed(name, PROJECTIONS)!);
    expect(await snapshot()).toEqual(live);
  });
});
