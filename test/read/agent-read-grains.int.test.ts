import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { agentRollupMinuteProjection } from '../../projections/agent-rollup-minute/projection.js';
import { citationGapProjection } from '../../projections/citation-gap/projection.js';
import type { Projection } from '../../projections/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { agentOverview } from '../../src/read/agents/overview.js';
import { citationGap } from '../../src/read/citation-gap/rows.js';
import { citationGapSummary } from '../../src/read/citation-gap/summary.js';
import { EMPTY_FILTERS, type FilterTree } from '../../src/read/envelope/filters.js';
import type { Query } from '../../src/read/envelope/query.js';
import { sourceFor } from '../../src/read/plan/planner.js';
import type { StreamEvent } from '../../streams/events.js';
import { createTestDatabase, insertSite, type TestDatabase } from '../support/database.js';
import { fetched, hit, OPENAI_RANGE, UA } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * Five UTC days from D0 (Nov 2) with nothing on day 3, to prove the coarse grains (agent rollups
 * per day and hour, the citation gap's per-URL running totals and per-operator days) give the raw
 * path's figures on windows of whole days, ragged windows and windows without a whole day.
 * Fetches (11): day 0: GPTBot ×2 on /a from OpenAI's ranges, ClaudeBot /a, a spoofed GPTBot /b at
 * 23:59:30, and GPTBot /d at 14:00 delivered last (a late fetch of a URL new on a past day);
 * day 1: ClaudeBot /b at 00:00:30, ChatGPT-User /a, an unknown agent's 404 on /c (text/plain);
 * day 2: GPTBot /a, ClaudeBot /c at 22:45; day 4: GPTBot /a.
 * People: v1 from chatgpt.com on /a (day 0, 11:00), then, delivered a day late (after day 1's
 * 09:00, within the folds' late-hit grace), on /b at 10:55 from chatgpt.com too (the session's
 * entry moves from /a to /b: an arrival taken back and another given); v2 from perplexity.ai on /b (day 1), v3 from claude.ai on /a at 23:50 (day 1), v4 from
 * chatgpt.com on /c (day 2), v5 direct on /a (no arrival).
 */
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MIN = 60_000;
const D0 = Date.UTC(2026, 10, 2);
const at = (day: number, h: number, m = 0, s = 0) => D0 + day * DAY + h * HOUR + m * MIN + s * 1000;

let db: TestDatabase;
let site: number;

beforeAll(async () => {
  db = await createTestDatabase();
  site = await insertSite(db.pool, 'grains.example');
  const f = (ts: number, pathname: string, over: Partial<Parameters<typeof fetched>[0]> = {}) =>
    fetched({ site, ts, pathname, ...over });
  const h = (visitor: string, ts: number, pathname: string, referrer?: string) =>
    hit({ site, visitor, ts, pathname, ...(referrer ? { referrer } : {}) });
  const groups: StreamEvent[][] = [
    [
      f(at(0, 10), '/a', { ranges: [OPENAI_RANGE] }),
      f(at(0, 10, 5), '/a', { ranges: [OPENAI_RANGE] }),
      f(at(0, 10, 30), '/a', { user_agent: UA.claudebot }),
    ],
    [h('v1', at(0, 11), '/a', 'https://chatgpt.com/')],
    [f(at(0, 23, 59, 30), '/b'), f(at(1, 0, 0, 30), '/b', { user_agent: UA.claudebot })],
    [h('v5', at(1, 8), '/a'), h('v2', at(1, 9), '/b', 'https://www.perplexity.ai/')],
    // Late: v1's earlier hit.
    [h('v1', at(0, 10, 55), '/b', 'https://chatgpt.com/')],
    [
      f(at(1, 12, 7), '/a', { user_agent: UA.chatgptUser }),
      f(at(1, 18), '/c', { user_agent: UA.unknown, status: 404, content_type: 'text/plain' }),
    ],
    [h('v3', at(1, 23, 50), '/a', 'https://claude.ai/')],
    [f(at(2, 5, 15), '/a'), h('v4', at(2, 1), '/c', 'https://chatgpt.com/')],
    [f(at(2, 22, 45), '/c', { user_agent: UA.claudebot })],
    [f(at(4, 8), '/a')],
    // Late: a fetch of a URL nothing fetched before, on day 0.
    [f(at(0, 14), '/d')],
  ];
  const catalog = loadCatalog();
  const projections = [
    rawEvents,
    agentFetchesProjection(catalog),
    agentRollupMinuteProjection(catalog),
    citationGapProjection(catalog),
  ] as Projection[];
  const msgs = messages(groups);
  for (const p of projections)
    for (let i = 0; i < msgs.length; i += 2) await foldBatch(db.pool, p, msgs.slice(i, i + 2));
}, 60_000);
afterAll(() => db?.drop());

function query(start: number, end: number, filters: FilterTree = EMPTY_FILTERS): Query {
  return {
    site,
    tz: 'UTC',
    start: new Date(start),
    end: new Date(end),
    compare: 'none',
    comparison: null,
    granularity: 'day',
    filters,
    audience: 'all',
  };
}

const WINDOWS: [string, number, number][] = [
  ['whole days 0–2', at(0, 0), at(3, 0)],
  ['ragged at both ends', at(0, 10, 17), at(2, 22, 50)],
  ['no whole day', at(0, 23), at(1, 1)],
  ['whole days 1–4 (day 3 empty)', at(1, 0), at(5, 0)],
  ['before the data into day 0', at(-2, 0), at(0, 12)],
  ['ragged around the empty day', at(2, 6), at(4, 9)],
];
const SETTINGS = { gapRatio: 1.5 };
const PAGE = { sort: 'ratio', limit: 100, page: 1 } as const;

describe('agent reads from the coarse grains', () => {
  it('answer whole UTC days with the designed figures', async () => {
    const q = query(at(0, 0), at(3, 0));
    expect(sourceFor(q, q.filters)).toBe('rollup');
    const overview = await agentOverview(db.pool, q);
    expect(overview).toMatchObject({ fetches: 10, agents: 4, verified_share: 20, bytes: 10_000 });
    expect(overview.operators.map((r) => [r.value, r.fetches])).toEqual([
      ['openai', 6],
      ['anthropic', 3],
      ['unknown', 1],
    ]);
    expect(await citationGap(db.pool, q, PAGE, SETTINGS, 'rollup')).toEqual([
      { pathname: '/d', fetches: 1, html_fetches: 1, arrivals: 0, verdict: 'no_arrivals' },
      { pathname: '/a', fetches: 5, html_fetches: 5, arrivals: 1, ratio: 5, verdict: 'gap' },
      { pathname: '/c', fetches: 2, html_fetches: 1, arrivals: 1, ratio: 2, verdict: 'gap' },
      { pathname: '/b', fetches: 2, html_fetches: 2, arrivals: 2, ratio: 1, verdict: 'balanced' },
    ]);
    const summary = await citationGapSummary(db.pool, q, {}, SETTINGS, 'rollup');
    expect(summary).toMatchObject({ fetches: 10, html_fetches: 9, arrivals: 4, urls: 4 });
    expect(summary.operators.map((o) => [o.operator, o.fetches, o.html_fetches, o.arrivals])).toEqual([
      ['openai', 6, 6, 2],
      ['anthropic', 3, 3, 1],
      ['perplexity', 0, 0, 1],
      ['unknown', 1, 0, 0],
    ]);
  });

  it('equal the raw path on every window, whole days or not', async () => {
    for (const [name, start, end] of WINDOWS) {
      const q = query(start, end);
      expect(await agentOverview(db.pool, q), name).toEqual(await agentOverview(db.pool, q, {}, 'raw'));
      expect(await citationGap(db.pool, q, PAGE, SETTINGS, 'rollup'), name).toEqual(
        await citationGap(db.pool, q, PAGE, SETTINGS, 'raw'),
      );
      expect(await citationGapSummary(db.pool, q, {}, SETTINGS, 'rollup'), name).toEqual(
        await citationGapSummary(db.pool, q, {}, SETTINGS, 'raw'),
      );
      const onA: FilterTree = { and: [{ dimension: 'pathname', op: 'starts_with', value: '/a' }] };
      const filtered = query(start, end, onA);
      expect(await citationGap(db.pool, filtered, PAGE, SETTINGS, 'rollup'), name).toEqual(
        await citationGap(db.pool, filtered, PAGE, SETTINGS, 'raw'),
      );
    }
  });

  it('keep every URL on every open day with its running totals, the late URL included', async () => {
    const { rows } = await db.pool.query<{ day: Date; pathname: string; fetches: number; arrivals: number }>(
      `SELECT day, pathname, fetches::int, arrivals::int FROM url_citation_through
       WHERE site_id = $1 ORDER BY day, pathname`,
      [site],
    );
    const days = [0, 1, 2, 4].map((d) => new Date(at(d, 0)));
    const through = (day: number, figures: Record<string, [number, number]>) =>
      Object.entries(figures).map(([pathname, [fetches, arrivals]]) => ({
        day: days[day],
        pathname,
        fetches,
        arrivals,
      }));
    expect(rows).toEqual([
      ...through(0, { '/a': [3, 0], '/b': [1, 1], '/d': [1, 0] }),
      ...through(1, { '/a': [4, 1], '/b': [2, 2], '/c': [1, 0], '/d': [1, 0] }),
      ...through(2, { '/a': [5, 1], '/b': [2, 2], '/c': [2, 1], '/d': [1, 0] }),
      ...through(3, { '/a': [6, 1], '/b': [2, 2], '/c': [2, 1], '/d': [1, 0] }),
    ]);
  });
});
