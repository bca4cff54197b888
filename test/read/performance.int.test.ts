import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { vitalHistograms } from '../../projections/vital-histograms/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { HitRecorded } from '../../streams/events.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN, T0 } from '../support/events.js';
import { pdfPages } from '../support/pdf-text.js';
import { messages } from '../support/projection-spec.js';

/*
 * One designed hour from T0 (10:00 UTC) of Web Vitals hits, and one hit the hour before:
 *
 *   page      device   lcp   cls   inp  fcp   ttfb
 *   /         desktop  1200  0.1   200  900
 *   /         desktop   800  0          600
 *   /         desktop  2500  0.25       1000
 *   /         desktop   800  0     120  600
 *   /         desktop  3100  0.05       1100
 *   /         desktop  1500  0.3        700
 *   /         mobile    950  0.1   350  650
 *   /         mobile   4000  0.1        2000
 *   /         mobile    800             500
 *   /         mobile   2200  0.02   90  800
 *   /pricing  mobile   1800  0.12       1000  300
 *   /docs     desktop   500                   100
 *   /docs     desktop   700                   250
 *   09:55 /   desktop  9999                         (the hour before)
 *
 * Nearest rank: the p-th percentile of n values is the value at rank ⌈p·n⌉ in ascending order.
 * LCP overall, 13 values 500 700 800 800 800 950 1200 1500 1800 2200 2500 3100 4000:
 * p50 rank 7 = 1200, p75 rank 10 = 2200, p95 rank 13 = 4000. CLS, 10 values with ties
 * 0 0 0.02 0.05 0.1 0.1 0.1 0.12 0.25 0.3: ranks 5, 8, 10 = 0.1, 0.12, 0.3.
 */
const HOUR = 3_600_000;
const at = (m: number) => T0 + m * MIN;

type Vitals = NonNullable<HitRecorded['vitals']>;
const ROWS: [string, string, Vitals][] = [
  ['/', 'desktop', { lcp: 1200, cls: 0.1, inp: 200, fcp: 900 }],
  ['/', 'desktop', { lcp: 800, cls: 0, fcp: 600 }],
  ['/', 'desktop', { lcp: 2500, cls: 0.25, fcp: 1000 }],
  ['/', 'desktop', { lcp: 800, cls: 0, inp: 120, fcp: 600 }],
  ['/', 'desktop', { lcp: 3100, cls: 0.05, fcp: 1100 }],
  ['/', 'desktop', { lcp: 1500, cls: 0.3, fcp: 700 }],
  ['/', 'mobile', { lcp: 950, cls: 0.1, inp: 350, fcp: 650 }],
  ['/', 'mobile', { lcp: 4000, cls: 0.1, fcp: 2000 }],
  ['/', 'mobile', { lcp: 800, fcp: 500 }],
  ['/', 'mobile', { lcp: 2200, cls: 0.02, inp: 90, fcp: 800 }],
  ['/pricing', 'mobile', { lcp: 1800, cls: 0.12, fcp: 1000, ttfb: 300 }],
  ['/docs', 'desktop', { lcp: 500, ttfb: 100 }],
  ['/docs', 'desktop', { lcp: 700, ttfb: 250 }],
];

const pct = (p50: number, p75: number, p95: number, samples: number) => ({ p50, p75, p95, samples });

const OVERALL = {
  samples: 13,
  lcp: pct(1200, 2200, 4000, 13),
  cls: pct(0.1, 0.12, 0.3, 10),
  inp: pct(120, 200, 350, 4),
  fcp: pct(800, 1000, 2000, 11),
  ttfb: pct(250, 300, 300, 3),
};
const HOME = {
  pathname: '/',
  samples: 10,
  lcp: pct(1200, 2500, 4000, 10),
  cls: pct(0.1, 0.1, 0.3, 9),
  inp: pct(120, 200, 350, 4),
  fcp: pct(700, 1000, 2000, 10),
};
const DOCS = { pathname: '/docs', samples: 2, lcp: pct(500, 700, 700, 2), ttfb: pct(100, 250, 250, 2) };
// A single value is every percentile of itself.
const PRICING = {
  pathname: '/pricing',
  samples: 1,
  lcp: pct(1800, 1800, 1800, 1),
  cls: pct(0.12, 0.12, 0.12, 1),
  fcp: pct(1000, 1000, 1000, 1),
  ttfb: pct(300, 300, 300, 1),
};
const DESKTOP = {
  device: 'desktop',
  samples: 8,
  lcp: pct(800, 1500, 3100, 8),
  cls: pct(0.05, 0.25, 0.3, 6),
  inp: pct(120, 200, 200, 2),
  fcp: pct(700, 1000, 1100, 6),
  ttfb: pct(100, 250, 250, 2),
};
const MOBILE = {
  device: 'mobile',
  samples: 5,
  lcp: pct(1800, 2200, 4000, 5),
  cls: pct(0.1, 0.1, 0.12, 4),
  inp: pct(90, 350, 350, 2),
  fcp: pct(800, 1000, 2000, 5),
  ttfb: pct(300, 300, 300, 1),
};

let t: TestApp;
let app: FastifyInstance;
let cookie: string;
let site: number;

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  ({ cookie } = await signUp(app));
  site = (await createSite(app, cookie, { domain: 'vitals.example', timezone: 'UTC' })).id;
  const vitals = ROWS.map(([pathname, device, v], i) =>
    hit({ site, visitor: `v${i}`, ts: at(i + 1), kind: 'web_vitals', pathname, device, vitals: v }),
  );
  const others = [
    hit({ site, visitor: 'v0', ts: at(0), device: 'desktop' }),
    hit({ site, visitor: 'v0', ts: at(2), kind: 'error', props: { message: 'x' }, device: 'desktop' }),
    hit({ site, visitor: 'old', ts: at(-5), kind: 'web_vitals', device: 'desktop', vitals: { lcp: 9999 } }),
  ];
  for (const p of [rawEvents, vitalHistograms]) await foldBatch(t.deps.db, p, messages([others, vitals]));
});
afterAll(() => t?.close());

const iso = (ms: number) => new Date(ms).toISOString();

function read(
  params: Record<string, string>,
  headers: Record<string, string> = { cookie },
  path = 'performance',
) {
  const qs = new URLSearchParams({ site: String(site), start: iso(T0), end: iso(T0 + HOUR), ...params });
  return app.inject({ method: 'GET', url: `/api/stats/${path}?${qs}`, headers });
}

async function data(params: Record<string, string> = {}) {
  const res = await read(params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('GET /api/stats/performance', () => {
  it('gives each vital at p50, p75 and p95 by nearest rank, overall, per page and per device', async () => {
    const body = await data();
    expect(body.data).toEqual({
      overall: OVERALL,
      pages: [HOME, DOCS, PRICING],
      devices: [DESKTOP, MOBILE],
    });
    expect(body.meta).toMatchObject({ rows: 6, sampled: false, query: { audience: 'human' } });
  });

  it('leaves out a vital without samples and a window without hits has no percentile at all (rule 1)', async () => {
    const empty = await data({ start: iso(T0 + HOUR), end: iso(T0 + 2 * HOUR) });
    expect(empty.data).toEqual({ overall: { samples: 0 }, pages: [], devices: [] });
  });

  it('filters the vitals hits', async () => {
    const home = await data({ filters: JSON.stringify([{ dimension: 'pathname', op: 'is', value: '/' }]) });
    const { pathname: _p, ...figures } = HOME;
    expect(home.data.overall).toEqual(figures);
    expect(home.data.pages).toEqual([HOME]);
    const mobile = await data({
      filters: JSON.stringify([{ dimension: 'device', op: 'is', value: 'mobile' }]),
    });
    expect(mobile.data.pages.map((r: { pathname: string }) => r.pathname)).toEqual(['/', '/pricing']);
    expect(mobile.data.devices).toEqual([MOBILE]);
  });

  it('pages both lists by limit and page', async () => {
    const second = await data({ limit: '1', page: '2' });
    expect(second.data.pages).toEqual([DOCS]);
    expect(second.data.devices).toEqual([MOBILE]);
    expect(second.data.overall).toEqual(OVERALL);
  });

  it("puts the other window's figures beside each row with compare", async () => {
    const { data: d, meta } = await data({ compare: 'previous' });
    const before = { samples: 1, lcp: pct(9999, 9999, 9999, 1) };
    expect(meta.query.comparison).toEqual({ start: iso(T0 - HOUR), end: iso(T0) });
    expect(d.overall).toEqual({ ...OVERALL, comparison: before });
    expect(d.pages.map((r: { comparison: unknown }) => r.comparison)).toEqual([
      before,
      { samples: 0 },
      { samples: 0 },
    ]);
    expect(d.devices).toEqual([
      { ...DESKTOP, comparison: before },
      { ...MOBILE, comparison: { samples: 0 } },
    ]);
  });

  it('exports one CSV table: the overall row, then the pages and the devices on the same columns', async () => {
    const qs = new URLSearchParams({
      site: String(site),
      start: iso(T0),
      end: iso(T0 + HOUR),
      report: 'performance',
    });
    const res = await app.inject({ method: 'GET', url: `/api/stats/export.csv?${qs}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse(res.body) as string[][];
    const header = rows[0]!;
    expect(header.slice(0, 8)).toEqual([
      'list',
      'pathname',
      'device',
      'samples',
      'lcp_p50',
      'lcp_p75',
      'lcp_p95',
      'lcp_samples',
    ]);
    const cell = (row: string[], c: string) => row[header.indexOf(c)];
    expect(
      rows.map((r) => [cell(r, 'list'), cell(r, 'pathname'), cell(r, 'device'), cell(r, 'lcp_p75')]),
    ).toEqual([
      ['list', 'pathname', 'device', 'lcp_p75'],
      ['', '', '', '2200'],
      ['pages', '/', '', '2500'],
      ['pages', '/docs', '', '700'],
      ['pages', '/pricing', '', '1800'],
      ['devices', '', 'desktop', '1500'],
      ['devices', '', 'mobile', '2200'],
    ]);
    // INP absent from /docs: an empty cell, never 0.
    expect(cell(rows[3]!, 'inp_p50')).toBe('');
    expect(cell(rows[1]!, 'cls_p95')).toBe('0.3');
  });

  it("exports a one-page PDF with the pages' LCP p75 as bars", async () => {
    const qs = new URLSearchParams({
      site: String(site),
      start: iso(T0),
      end: iso(T0 + HOUR),
      report: 'performance',
      compare: 'previous',
    });
    const res = await app.inject({ method: 'GET', url: `/api/stats/export.pdf?${qs}`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('lcp_p75 · top pages');
  });

  it('refuses agents and both readerships on audience, answers a key, 401 without a credential, 403 for another user', async () => {
    for (const audience of ['agent', 'all']) {
      const res = await read({ audience });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', field: 'audience' });
    }
    expect((await read({ limit: '0' })).json().error).toMatchObject({ field: 'limit' });
    const { key } = await createKey(app, cookie, site);
    expect((await read({}, { authorization: `Bearer ${key}` })).statusCode).toBe(200);
    expect((await read({}, {})).statusCode).toBe(401);
    const other = await signUp(app);
    expect((await read({}, { cookie: other.cookie })).statusCode).toBe(403);
  });
});

describe("Postgres' percentile_disc", () => {
  // The definition the read relies on: the smallest value with at least p % of the values at or below it.
  const nearestRank = (values: number[], p: number) =>
    [...values].sort((a, b) => a - b).find((v) => values.filter((x) => x <= v).length >= p * values.length)!;

  it('is the nearest-rank percentile, ties and single values included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 60 }),
        async (values) => {
          const { rows } = await t.deps.db.query<{ p: number[] }>(
            'SELECT percentile_disc($2::float8[]) WITHIN GROUP (ORDER BY v) AS p FROM unnest($1::float8[]) v',
            [values, [0.5, 0.75, 0.95]],
          );
          expect(rows[0]!.p).toEqual([0.5, 0.75, 0.95].map((p) => nearestRank(values, p)));
        },
      ),
      { numRuns: 50 },
    );
  });
});
