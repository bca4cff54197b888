import cookie from '@fastify/cookie';
import { parse } from 'csv-parse/sync';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { agentRollupMinuteProjection } from '../../projections/agent-rollup-minute/projection.js';
import { dimensionRollup } from '../../projections/dimension-rollup/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { sql } from '../../src/db/sql.js';
import { registerErrorHandlers } from '../../src/http/errors.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { Report } from '../../src/read/envelope/report.js';
import { exportFamilies } from '../../src/read/export/families.js';
import { ALL_ROWS } from '../../src/read/export/cursors.js';
import { exportRoutes } from '../../src/read/export/routes.js';
import { readDepsOf } from '../../src/app.js';
import { STATS_SHAPES } from '../../src/read/export/stats-shapes.js';
import { OVERVIEW_METRICS } from '../../src/read/stats/overview.js';
import { Paging } from '../../src/read/envelope/paging.js';
import { NoParams, STATS_REPORTS } from '../../src/read/stats/reports.js';
import type { FetchRecorded, HitRecorded } from '../../streams/events.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { fetched, hit, MIN, OPENAI_RANGE, UA } from '../support/events.js';
import { pdfPages } from '../support/pdf-text.js';
import { messages } from '../support/projection-spec.js';

// One designed UTC day. Five visitors, one session each, all entering on /a:
//   v1 09:00–09:04 /a /b /c /d /e from Google, DE München, Firefox; sends "=SUM(1+1)" twice
//   v2 10:00–10:03 /a /b /c /d    from ChatGPT, DE Berlin, Firefox; sends Signup
//   v3 10:10–10:12 /a /b /c       from an email campaign "+spring", FR, Firefox; sends Signup
//   v4 11:00–11:01 /a /b          from Hacker News, US, Chrome; sends "@import"
//   v5 12:00       /a             direct, nothing else (the one bounce)
// v1's /b reports 20 s and 60 % scroll for its /a. The day before, v6 views /a once at 10:00.
// Pages by visitors: /a 5, /b 4, /c 3, /d 2, /e 1: 15 pageviews; durations 240+180+120+60+0 s.
// Agents: GPTBot fetches /a at 10:00 (from OpenAI's ranges), 10:01 and 10:02; ClaudeBot /b at 11:00.
const DAY = 86_400_000;
const T = Date.UTC(2026, 10, 2);
const at = (h: number, m = 0, s = 0) => T + h * 3_600_000 + m * MIN + s * 1000;
const WINDOW = 'start=2026-11-02T00:00:00Z&end=2026-11-03T00:00:00Z';

let t: TestApp;
let site: number;
let key: string;
let otherSite: number;

function visit(site: number, visitor: string, start: number, paths: string[], first: Partial<HitRecorded>) {
  return paths.map((pathname, i) =>
    hit({ site, visitor, ts: start + i * MIN, pathname, hostname: 'export.example', ...first }),
  );
}

async function fold(events: HitRecorded[], fetches: FetchRecorded[]) {
  const catalog = loadCatalog();
  const msgs = messages([events, fetches], 1);
  for (const p of [
    rawEvents,
    rollupMinute,
    dimensionRollup,
    agentFetchesProjection(catalog),
    agentRollupMinuteProjection(catalog),
  ])
    await foldBatch(t.database.pool, p, msgs);
}

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await signUp(t.app);
  site = (await createSite(t.app, owner.cookie, { domain: 'export.example', timezone: 'UTC' })).id;
  key = (await createKey(t.app, owner.cookie, site)).key;
  const stranger = await signUp(t.app);
  otherSite = (await createSite(t.app, stranger.cookie, { domain: 'other.example' })).id;
  const firefox = { browser: 'Firefox', os: 'Linux', device: 'desktop', screen: 'desktop' };
  const custom = (visitor: string, ts: number, name: string) =>
    hit({ site, visitor, ts, kind: 'custom', name, hostname: 'export.example', pathname: '/a' });
  const v1 = visit(site, 'v1', at(9), ['/a', '/b', '/c', '/d', '/e'], {
    referrer: 'https://www.google.com/',
    country: 'DE',
    city: 'München',
    ...firefox,
  });
  v1[1] = { ...v1[1]!, d: 20_000, sc: 60 };
  await fold(
    [
      ...v1,
      custom('v1', at(9, 0, 30), '=SUM(1+1)'),
      custom('v1', at(9, 1, 30), '=SUM(1+1)'),
      ...visit(site, 'v2', at(10), ['/a', '/b', '/c', '/d'], {
        referrer: 'https://chatgpt.com/',
        country: 'DE',
        city: 'Berlin',
        ...firefox,
      }),
      custom('v2', at(10, 0, 30), 'Signup'),
      ...visit(site, 'v3', at(10, 10), ['/a', '/b', '/c'], {
        query: 'utm_source=newsletter&utm_medium=email&utm_campaign=%2Bspring',
        country: 'FR',
        ...firefox,
      }),
      custom('v3', at(10, 10, 30), 'Signup'),
      ...visit(site, 'v4', at(11), ['/a', '/b'], {
        referrer: 'https://news.ycombinator.com/',
        country: 'US',
        browser: 'Chrome',
        os: 'Windows',
        device: 'desktop',
      }),
      custom('v4', at(11, 0, 30), '@import'),
      ...visit(site, 'v5', at(12), ['/a'], {}),
      ...visit(site, 'v6', at(10) - DAY, ['/a'], {}),
      // Open now, for the realtime read.
      ...visit(site, 'live', Date.now() - 10_000, ['/live'], {}),
    ],
    [
      fetched({ site, ts: at(10), pathname: '/a', hostname: 'export.example', ranges: [OPENAI_RANGE] }),
      fetched({ site, ts: at(10, 1), pathname: '/a', hostname: 'export.example' }),
      fetched({ site, ts: at(10, 2), pathname: '/a', hostname: 'export.example' }),
      fetched({ site, ts: at(11), pathname: '/b', hostname: 'export.example', user_agent: UA.claudebot }),
    ],
  );
});
afterAll(async () => {
  await t?.close();
});

const get = (app: FastifyInstance, url: string, auth: string | null = `Bearer ${key}`) =>
  app.inject({ method: 'GET', url, headers: auth ? { authorization: auth } : {} });

const json = async (read: string, query: string) => {
  const res = await get(t.app, `/api/stats/${read}?site=${site}&${WINDOW}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const csv = async (report: string, query: string, app = t.app) => {
  const res = await get(app, `/api/stats/export.csv?site=${site}&${WINDOW}&report=${report}&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: parse(res.body) as string[][] };
};

/** The PDF's page count and its text laid out in lines as on the page. */
async function pdfAt(url: string) {
  const res = await get(t.app, url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const pages = await pdfPages(res.rawPayload);
  return { res, pages: pages.length, text: pages.join('\f') };
}

/** The CSV text of a JSON value, by the documented rule (formula guard included). */
function cell(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return /^[=+\-@\t\r']/.test(v) ? `'${v}` : v;
  return String(v);
}

const RANKED = ['value', 'visitors', 'pageviews', 'share'];
type Json = Record<string, unknown>;
const list = (d: unknown, key?: string) => (key === undefined ? d : (d as Json)[key]) as Json[];
const rowsOf = (d: unknown, cols: string[]) => list(d).map((r) => cols.map((c) => r[c]));
const grouped = (d: unknown) =>
  Object.keys(d as Json).flatMap((name) => list(d, name).map((r) => [name, ...RANKED.map((c) => r[c])]));

/** Each report's table as docs/api.md ("Exports") describes it, built from the JSON `data`. */
const EXPECTED: Record<string, { query: string; table: (data: unknown) => unknown[][] }> = {
  overview: {
    query: 'compare=previous',
    table: (d) => {
      const cols = [
        ...OVERVIEW_METRICS,
        ...OVERVIEW_METRICS.map((m) => `comparison_${m}`),
        ...OVERVIEW_METRICS.map((m) => `change_${m}`),
      ];
      const value = (c: string) => {
        const m = /^(comparison|change)_(.+)$/.exec(c);
        return m ? ((d as Json)[m[1]!] as Json | undefined)?.[m[2]!] : (d as Json)[c];
      };
      return [cols, cols.map(value)];
    },
  },
  timeseries: {
    query: 'metric=pageviews&granularity=hour&compare=previous',
    table: (d) => [
      ['t', 'value', 'comparison_t', 'comparison_value'],
      ...list(d, 'series').map((p, i) => [
        p.t,
        p.value,
        list(d, 'comparison')[i]?.t,
        list(d, 'comparison')[i]?.value,
      ]),
    ],
  },
  breakdown: { query: 'dimension=country', table: (d) => [RANKED, ...rowsOf(d, RANKED)] },
  pages: {
    query: '',
    table: (d) => {
      const cols = ['pathname', 'visitors', 'pageviews', 'entries', 'exits', 'scroll_depth', 'time_on_page'];
      return [cols, ...rowsOf(d, cols)];
    },
  },
  events: {
    query: '',
    table: (d) => [['value', 'visitors', 'events'], ...rowsOf(d, ['value', 'visitors', 'events'])],
  },
  sources: { query: '', table: (d) => [['list', ...RANKED], ...grouped(d)] },
  locations: { query: '', table: (d) => [['list', ...RANKED], ...grouped(d)] },
  devices: { query: '', table: (d) => [['list', ...RANKED], ...grouped(d)] },
  realtime: {
    query: '',
    table: (d) => [
      ['list', 'visitors', 'pathname'],
      ['', (d as Json).visitors, ''],
      ...list(d, 'pages').map((p) => ['pages', p.visitors, p.pathname]),
    ],
  },
};

describe('GET /api/stats/export.csv', () => {
  it.each(STATS_REPORTS.map((r) => r.name))(
    '%s: equals the JSON of the same envelope, cell by cell',
    async (name) => {
      const spec = EXPECTED[name];
      expect(spec, `no export expectation for the ${name} report`).toBeDefined();
      const data = await json(name, spec!.query);
      const { rows } = await csv(name, spec!.query);
      expect(rows).toEqual(spec!.table(data).map((r) => r.map(cell)));
    },
  );

  it('holds the designed figures: 5 pages ranked by visitors, /a with its engagement, absent cells empty', async () => {
    const { res, rows } = await csv('pages', '');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="twofold-export.example-pages-2026-11-02-2026-11-02.csv"',
    );
    expect(res.body.split('\r\n')[0]).toBe(
      'pathname,visitors,pageviews,entries,exits,scroll_depth,time_on_page',
    );
    expect(rows.slice(1)).toEqual([
      ['/a', '5', '5', '5', '1', '60', '20'],
      ['/b', '4', '4', '0', '1', '', ''],
      ['/c', '3', '3', '0', '1', '', ''],
      ['/d', '2', '2', '0', '1', '', ''],
      ['/e', '1', '1', '0', '1', '', ''],
    ]);
  });

  it('gives exactly the JSON page when limit or page is given', async () => {
    const data = await json('pages', 'limit=2&page=2');
    const { rows } = await csv('pages', 'limit=2&page=2');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['/c', '/d']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(data.map((p: { pathname: string }) => p.pathname));
    const channels = await csv('sources', 'limit=1');
    expect(channels.rows.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['channels', 'organic_search'],
      ['sources', 'Google'],
      ['campaigns', ''],
    ]);
  });

  it('guards cells a spreadsheet would run as formulas with a leading quote', async () => {
    const { res, rows } = await csv('events', '');
    expect(rows.slice(1)).toEqual([
      ['Signup', '2', '2'],
      ["'=SUM(1+1)", '1', '2'],
      ["'@import", '1', '1'],
    ]);
    expect(res.body).not.toMatch(/(^|,)=SUM/m);
    const campaigns = (await csv('sources', '')).rows.filter((r) => r[0] === 'campaigns').map((r) => r[1]);
    expect(campaigns).toEqual(['', "'+spring"]); // no campaign: 4 visitors
  });

  it('answers 400 on report, naming the reports, for an unknown or missing report', async () => {
    for (const q of ['report=nope', '']) {
      const res = await get(t.app, `/api/stats/export.csv?site=${site}&${q}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'report' });
      expect(res.json().error.message).toContain(STATS_REPORTS.map((r) => r.name).join(', '));
    }
  });

  it('checks the credential first (401), then the parameters (400), then the site (403)', async () => {
    expect((await get(t.app, `/api/stats/export.csv?site=${site}&report=nope`, null)).statusCode).toBe(401);
    expect((await get(t.app, `/api/stats/export.pdf?site=${site}&report=pages`, null)).statusCode).toBe(401);
    const bad = await get(t.app, `/api/stats/export.csv?site=${site}&report=breakdown`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.field).toBe('dimension');
    for (const ext of ['csv', 'pdf']) {
      const res = await get(t.app, `/api/stats/export.${ext}?site=${otherSite}&report=pages`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
  });
});

describe('paging through a list read', () => {
  let small: FastifyInstance;
  const calls: { report: string; limit: unknown; page: unknown }[] = [];
  beforeAll(async () => {
    // The stats reads, counted, plus one read that has no agent variant, exported 3 rows a page.
    const counted: Report[] = STATS_REPORTS.map((r) => ({
      name: r.name,
      variants: {
        human: {
          ...r.variants.human!,
          read: (db, q, p) => {
            const { limit, page } = p as { limit?: unknown; page?: unknown };
            calls.push({ report: r.name, limit, page });
            return r.variants.human!.read(db, q, p);
          },
        },
      },
    }));
    const peopleOnly: Report = {
      name: 'people_only',
      variants: { human: { params: NoParams, read: async () => ({ n: 1 }) } },
    };
    // A list query of 4 rows, whose second page fails (every second call of the read fails).
    let failing = 0;
    const failsLater: Report = {
      name: 'fails_later',
      variants: {
        human: {
          params: Paging,
          read: async (db, _q, p) => {
            if ((p as Paging).page > 1 || failing++ % 2 === 1) throw new Error('the database went away');
            const { limit } = p as Paging;
            const { rows } = await db.query(
              sql`SELECT n FROM generate_series(1, 4) n ORDER BY n LIMIT ${limit}`,
            );
            return rows;
          },
        },
      },
    };
    small = Fastify({ logger: false });
    registerErrorHandlers(small);
    await small.register(cookie);
    await small.register(exportRoutes, {
      deps: readDepsOf(t.deps),
      families: [{ reports: [...counted, peopleOnly, failsLater], shapes: STATS_SHAPES }],
      pageRows: 3,
      prefix: '/api/stats',
    });
    await small.ready();
  });
  afterAll(() => small?.close());

  it('reads 5 pages in pages of 3 (two calls of the read on one cursor) and gives every row, as the JSON gives them', async () => {
    calls.length = 0;
    const { rows } = await csv('pages', '', small);
    // Every row asked for once; each call takes its page from the cursor.
    expect(calls).toEqual([
      { report: 'pages', limit: ALL_ROWS, page: 1 },
      { report: 'pages', limit: ALL_ROWS, page: 1 },
    ]);
    expect(rows).toEqual((await csv('pages', '')).rows);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['/a', '/b', '/c', '/d', '/e']);
  });

  it('keeps a grouped read in order: all 5 channels, then sources, then campaigns', async () => {
    calls.length = 0;
    const { rows } = await csv('sources', '', small);
    // Page 1 holds every list's first 3; channels (5) and sources (5: 4 named and none) need page 2.
    expect(calls).toHaveLength(3);
    const data = await json('sources', 'limit=10000');
    expect(rows).toEqual([['list', ...RANKED], ...grouped(data)].map((r) => r.map(cell)));
    expect(rows.slice(1, 6).map((r) => r[1])).toEqual([
      'organic_search',
      'answer_engine',
      'email',
      'organic_social', // news.ycombinator.com, as Plausible groups it
      'direct',
    ]);
  });

  it('refuses an audience the report has no variant for: 400 on audience', async () => {
    const res = await get(small, `/api/stats/export.csv?site=${site}&report=people_only&audience=agent`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'audience' });
  });

  it('cuts the response off when a page fails after the first byte (a failed transfer, not a short file)', async () => {
    const url = await small.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${url}/api/stats/export.csv?site=${site}&report=fails_later`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
    // The same failure on the first page comes before the first byte: the JSON error envelope.
    const early = await get(small, `/api/stats/export.csv?site=${site}&report=fails_later&page=2`);
    expect(early.statusCode).toBe(500);
    expect(early.json().error.code).toBe('internal_error');
  });

  it('exports a read without a declared shape by the fields of its data', async () => {
    const { rows } = await csv('people_only', '', small);
    expect(rows).toEqual([['n'], ['1']]);
  });
});

describe('exports of the agents’ readership', () => {
  it('audience=agent on a core read: the agent pages, as the JSON gives them', async () => {
    const data = await json('pages', 'audience=agent');
    const { rows } = await csv('pages', 'audience=agent');
    const cols = ['pathname', 'fetches', 'agents', 'verified_fetches', 'bytes'];
    expect(rows).toEqual([cols, ...rowsOf(data, cols)].map((r) => r.map(cell)));
    expect(rows.slice(1)).toEqual([
      ['/a', '3', '1', '1', '3000'],
      ['/b', '1', '1', '0', '1000'],
    ]);
  });

  it('agents/overview: the figures row, then the operators and purposes', async () => {
    const data = (await (await get(t.app, `/api/agents/overview?site=${site}&${WINDOW}`)).json()) as {
      data: Json;
    };
    const { res, rows } = await csv('agents/overview', '');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="twofold-export.example-agents_overview-2026-11-02-2026-11-02.csv"',
    );
    // The shares per verification method follow as columns of their own, flattened from `verified_by`.
    const methods = ['ip_range', 'reverse_dns', 'web_bot_auth'];
    const cols = [
      'fetches',
      'agents',
      'verified_share',
      'bytes',
      'forged_signatures',
      'value',
      'share',
      ...methods.map((m) => `verified_by_${m}`),
    ];
    const d = data.data;
    const by = d.verified_by as Record<string, number>;
    expect(rows).toEqual(
      [
        ['list', ...cols],
        [
          '',
          d.fetches,
          d.agents,
          d.verified_share,
          d.bytes,
          d.forged_signatures,
          '',
          '',
          ...methods.map((m) => by[m]),
        ],
        ...['operators', 'purposes'].flatMap((name) =>
          list(d, name).map((r) => [name, r.fetches, '', '', r.bytes, '', r.value, r.share, '', '', '']),
        ),
      ].map((r) => r.map(cell)),
    );
    expect(rows[1]).toEqual(['', '4', '2', '25', '4000', '0', '', '', '25', '0', '0']);
    expect(rows[2]).toEqual(['operators', '3', '', '', '3000', '', 'openai', '75', '', '', '']);
  });

  it('agents/timeseries: one row per bucket with a column per top agent', async () => {
    const { rows } = await csv('agents/timeseries', 'granularity=hour');
    expect(rows[0]).toEqual(['t', 'value', 'agents_gptbot', 'agents_claudebot']);
    expect(rows.filter((r) => r[1] !== '0').slice(1)).toEqual([
      ['2026-11-02T10:00:00.000Z', '3', '3', '0'],
      ['2026-11-02T11:00:00.000Z', '1', '0', '1'],
    ]);
    expect(rows).toHaveLength(25);
  });

  it('exports every audience of every read that has one, the PDF on one page', async () => {
    const extra: Record<string, string> = {
      breakdown: 'dimension=pathname',
      'agents/breakdown': 'dimension=pathname',
      // The session read names one of the site's sessions.
      session: `id=${(await t.database.pool.query('SELECT id FROM sessions WHERE site_id = $1 LIMIT 1', [site])).rows[0].id}`,
      // The funnel read names one of the site's funnels.
      funnel: `id=${
        (
          await t.database.pool.query(
            `INSERT INTO funnels (site_id, name, steps) VALUES ($1, 'a then b', '[{"path":"/a"},{"path":"/b"}]')
             RETURNING id`,
            [site],
          )
        ).rows[0].id
      }`,
    };
    const reads = exportFamilies(t.deps.config).flatMap((f) =>
      f.reports.map((r) => [f.prefix ? `${f.prefix}/${r.name}` : r.name, r] as const),
    );
    // Journeys take `start` as their starting path and the window from range
    // (docs/api.md#get-apistatsjourneys).
    const windows: Record<string, string> = { journeys: 'range=all&start=/' };
    for (const [name, r] of reads)
      for (const audience of Object.keys(r.variants)) {
        const query = `site=${site}&${windows[name] ?? WINDOW}&report=${name}&audience=${audience}&${extra[name] ?? ''}`;
        const res = await get(t.app, `/api/stats/export.csv?${query}`);
        expect(res.statusCode, `${name} ${audience}: ${res.body}`).toBe(200);
        // A header at least (a read without rows and without a declared shape has no columns).
        expect(parse(res.body).length, `${name} ${audience}`).toBeGreaterThanOrEqual(1);
        const { pages } = await pdfAt(`/api/stats/export.pdf?${query}`);
        expect(pages, `${name} ${audience}`).toBe(1);
      }
  });
});

describe('GET /api/stats/export.pdf', () => {
  const pdf = (report: string, query: string, window = WINDOW) =>
    pdfAt(`/api/stats/export.pdf?site=${site}&${window}&report=${report}&${query}`);

  it('overview: one page with the six figures, the comparison and the changes', async () => {
    const { res, pages, text } = await pdf('overview', 'compare=previous');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="twofold-export.example-overview-2026-11-02-2026-11-02.pdf"',
    );
    expect(pages).toBe(1);
    expect(text).toContain('export.example · overview');
    expect(text).toContain('2026-11-02 (UTC)');
    expect(text).toContain('compared with 2026-11-01 (compare previous)');
    // visitors 5 vs 1 (+400%), sessions 5 vs 1, pageviews 15 vs 1 (+1,400%), bounce 20 vs 100 (-80%),
    // duration 120 s vs 0 (no change: from 0), views per session 3 vs 1 (+200%).
    expect(text).toMatch(
      /visitors\s+sessions\s+pageviews\s+bounce_rate\s+visit_duration\s+views_per_session/,
    );
    expect(text).toMatch(/5\s+5\s+15\s+20\s+120\s+3\n/);
    expect(text).toMatch(
      /vs 1 · \+400%\s+vs 1 · \+400%\s+vs 1 · \+1,400%\s+vs 100 · -80%\s+vs 0\s+vs 1 · \+200%/,
    );
  });

  it('timeseries: one page with a line chart and the buckets as rows', async () => {
    const { pages, text } = await pdf('timeseries', 'metric=pageviews&granularity=hour');
    expect(pages).toBe(1);
    expect(text).toContain('metric pageviews');
    expect(text).toContain('pageviews per hour');
    expect(text).toMatch(/highest\s+lowest/);
    expect(text).toMatch(/2026-11-02 09:00\s+5\n/);
    expect(text).toMatch(/2026-11-02 10:00\s+7\n/);
    expect(text).toMatch(/2026-11-02 11:00\s+2\n/);
    expect(text).toMatch(/2026-11-02 12:00\s+1\n/);
    expect(text).toMatch(/2026-11-02 23:00\s+0\n/);
    expect(text).not.toContain('more rows in the CSV');
  });

  it('timeseries by the minute: the rows that fit, and how many more the CSV holds', async () => {
    const { pages, text } = await pdf(
      'timeseries',
      'metric=pageviews&granularity=minute',
      'start=2026-11-02T09:00:00Z&end=2026-11-02T11:00:00Z',
    );
    expect(pages).toBe(1);
    const shown = text.match(/^\s*2026-11-02 \d\d:\d\d\s+\d+$/gm) ?? [];
    const more = Number(/([\d,]+) more rows in the CSV/.exec(text)?.[1]?.replace(',', ''));
    expect(shown.length).toBeGreaterThan(20);
    expect(shown.length + more).toBe(120); // 09:00 to 11:00 by the minute
  });

  it('pages: one page with ranked bars and the table of pages', async () => {
    const { pages, text } = await pdf('pages', '');
    expect(pages).toBe(1);
    expect(text).toContain('all rows');
    expect(text).toMatch(/pathname\s+visitors\s+pageviews\s+entries\s+exits\s+scroll_depth\s+time_on_page/);
    expect(text).toMatch(/\/a\s+5\s+5\s+5\s+1\s+60\s+20\n/);
    expect(text).toMatch(/\/b\s+4\s+4\s+0\s+1\n/);
    expect(text).toMatch(/\/e\s+1\s+1\s+0\s+1\n/);
    expect(text).toContain('top: /a (5 visitors)');
  });

  it('sources: one page with each list’s rows under its name', async () => {
    const { pages, text } = await pdf('sources', '');
    expect(pages).toBe(1);
    expect(text).toMatch(/channels\n\s*organic_search\s+1\s+5\s+20\n/);
    expect(text).toMatch(/campaigns\n\s*\(none\)\s+4\s+12\s+80\n\s*\+spring\s+1\s+3\s+20\n/);
  });
});
