import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathVisitors } from '../../projections/path-visitors/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import type { HitRecorded } from '../../streams/events.js';
import { createKey, createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { hit, MIN, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * Six designed hours from T0 (10:00 UTC), and the six hours before them. Goals:
 *   Purchase in EUR, Purchase in USD (two goals on one event), /blog/* (a path pattern), Signup,
 *   /pricing (no hits).
 * The window's hits:
 *   v1 (DE) /, /blog/a, Purchase 10 EUR, Purchase 5.5 EUR
 *   v2      /blog/b/c (DE), Purchase 20 USD, Purchase 4 EUR
 *   v3      /blog (not /blog/*), /blogger, Signup, Purchase without revenue
 *   v4      /, Signup, Signup
 *   v5      /BLOG/x (paths are case-sensitive), /blog/ (`*` matches no characters too)
 * 5 visitors: Purchase converts v1, v2, v3 in 5 hits (EUR revenue 10 + 5.5 + 4 = 19.5 over 3
 * hits; USD 20 over 1); /blog/* converts v1, v2, v5 once each; Signup v3 once and v4 twice.
 * The hours before: v6 / and Purchase 30 EUR, v7 /: 2 visitors, Purchase 1 hit by 1 visitor.
 */
const HOUR = 60 * MIN;
const at = (m: number) => T0 + m * MIN;
const iso = (ms: number) => new Date(ms).toISOString();
const WINDOW = { start: iso(T0), end: iso(T0 + 6 * HOUR) };

let t: TestApp;
let cookie: string;
let site: number;
let otherSite: number;
let strangerSite: number;

function purchase(
  visitor: string,
  ts: number,
  revenue?: HitRecorded['revenue'],
  over: Partial<HitRecorded> = {},
) {
  return hit({
    site,
    visitor,
    ts,
    kind: 'custom',
    name: 'Purchase',
    ...(revenue ? { revenue } : {}),
    ...over,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie } = await signUp(t.app));
  site = (await createSite(t.app, cookie, { domain: 'goals.example', timezone: 'UTC' })).id;
  otherSite = (await createSite(t.app, cookie, { domain: 'other-goals.example', timezone: 'UTC' })).id;
  strangerSite = (await createSite(t.app, (await signUp(t.app)).cookie)).id;
  const de = { country: 'DE' };
  const events: HitRecorded[] = [
    hit({ site, visitor: 'v1', ts: at(0), ...de }),
    hit({ site, visitor: 'v1', ts: at(1), pathname: '/blog/a', ...de }),
    purchase('v1', at(2), { amount: 10, currency: 'EUR' }, de),
    purchase('v1', at(3), { amount: 5.5, currency: 'EUR' }, de),
    hit({ site, visitor: 'v2', ts: at(10), pathname: '/blog/b/c', ...de }),
    purchase('v2', at(11), { amount: 20, currency: 'USD' }),
    purchase('v2', at(12), { amount: 4, currency: 'EUR' }),
    hit({ site, visitor: 'v3', ts: at(20), pathname: '/blog' }),
    hit({ site, visitor: 'v3', ts: at(21), pathname: '/blogger' }),
    hit({ site, visitor: 'v3', ts: at(22), kind: 'custom', name: 'Signup' }),
    purchase('v3', at(23)),
    hit({ site, visitor: 'v4', ts: at(30) }),
    hit({ site, visitor: 'v4', ts: at(31), kind: 'custom', name: 'Signup' }),
    hit({ site, visitor: 'v4', ts: at(32), kind: 'custom', name: 'Signup' }),
    hit({ site, visitor: 'v5', ts: at(40), pathname: '/BLOG/x' }),
    hit({ site, visitor: 'v5', ts: at(41), pathname: '/blog/' }),
    // The hours before.
    hit({ site, visitor: 'v6', ts: at(-120) }),
    purchase('v6', at(-119), { amount: 30, currency: 'EUR' }),
    hit({ site, visitor: 'v7', ts: at(-60) }),
    // Another site's conversions never count here.
    hit({
      site: otherSite,
      visitor: 'v8',
      ts: at(5),
      kind: 'custom',
      name: 'Purchase',
      revenue: { amount: 99, currency: 'EUR' },
    }),
  ];
  for (const p of [rawEvents, rollupMinute, pathVisitors])
    await foldBatch(t.database.pool, p, messages([events]));
  for (const body of [
    { event: 'Purchase', currency: 'EUR' },
    { event: 'Purchase', currency: 'USD' },
    { path: '/blog/*' },
    { event: 'Signup' },
    { path: '/pricing' },
  ]) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/goals',
      headers: { cookie },
      payload: { site, ...body },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t?.close());

async function read(params: Record<string, string>, headers: Record<string, string> = { cookie }) {
  const qs = new URLSearchParams({ site: String(site), ...WINDOW, ...params });
  return t.app.inject({ method: 'GET', url: `/api/stats/goals?${qs}`, headers });
}

async function data(params: Record<string, string> = {}) {
  const res = await read(params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>[];
}

const figures = (rows: Record<string, unknown>[]) => rows.map(({ id: _id, ...rest }) => rest);

describe('GET /api/stats/goals', () => {
  it('gives per goal visitors, conversions, conversion rate and revenue in its own currency only', async () => {
    const res = await read({});

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toMatchObject({ rows: 5, sampled: false, query: { audience: 'human' } });
    expect(figures(res.json().data)).toEqual([
      {
        name: 'Purchase (EUR)',
        event: 'Purchase',
        path: null,
        visitors: 3,
        conversions: 5,
        conversion_rate: 60,
        revenue: { total: 19.5, average: 6.5, currency: 'EUR' },
      },
      {
        name: 'Purchase (USD)',
        event: 'Purchase',
        path: null,
        visitors: 3,
        conversions: 5,
        conversion_rate: 60,
        revenue: { total: 20, average: 20, currency: 'USD' },
      },
      {
        name: 'Visit /blog/*',
        event: null,
        path: '/blog/*',
        visitors: 3,
        conversions: 3,
        conversion_rate: 60,
      },
      { name: 'Signup', event: 'Signup', path: null, visitors: 2, conversions: 3, conversion_rate: 40 },
      {
        name: 'Visit /pricing',
        event: null,
        path: '/pricing',
        visitors: 0,
        conversions: 0,
        conversion_rate: 0,
      },
    ]);
  });

  it('compares with the previous window: each goal with its comparison and percent changes', async () => {
    const rows = await data({ compare: 'previous' });

    expect(rows[0]).toMatchObject({
      name: 'Purchase (EUR)',
      comparison: {
        visitors: 1,
        conversions: 1,
        conversion_rate: 50,
        revenue: { total: 30, average: 30, currency: 'EUR' },
      },
      change: {
        visitors: 200,
        conversions: 400,
        conversion_rate: 20,
        revenue: { total: -35, average: -78.3 },
      },
    });
    // No USD revenue before: a total of 0 and no average, so neither has a change (rule 1).
    expect(rows[1]).toMatchObject({
      name: 'Purchase (USD)',
      comparison: {
        visitors: 1,
        conversions: 1,
        conversion_rate: 50,
        revenue: { total: 0, currency: 'USD' },
      },
      change: { visitors: 200, conversions: 400, conversion_rate: 20 },
    });
    expect(rows[1]!.change).not.toHaveProperty('revenue');
    expect(rows[2]).toMatchObject({
      name: 'Visit /blog/*',
      comparison: { visitors: 0, conversions: 0, conversion_rate: 0 },
      change: {},
    });
  });

  it('counts only the hits that match the filters, of the visitors that have such hits', async () => {
    const rows = await data({ filters: JSON.stringify([{ dimension: 'country', op: 'is', value: 'DE' }]) });

    // Visitors with a German hit: v1 and v2. Only v1's purchases were German.
    expect(figures(rows).map(({ event: _e, path: _p, ...f }) => f)).toEqual([
      { name: 'Visit /blog/*', visitors: 2, conversions: 2, conversion_rate: 100 },
      {
        name: 'Purchase (EUR)',
        visitors: 1,
        conversions: 2,
        conversion_rate: 50,
        revenue: { total: 15.5, average: 7.75, currency: 'EUR' },
      },
      {
        name: 'Purchase (USD)',
        visitors: 1,
        conversions: 2,
        conversion_rate: 50,
        revenue: { total: 0, currency: 'USD' },
      },
      { name: 'Signup', visitors: 0, conversions: 0, conversion_rate: 0 },
      { name: 'Visit /pricing', visitors: 0, conversions: 0, conversion_rate: 0 },
    ]);
  });

  it('leaves the conversion rate absent, never 0, in a window without visitors', async () => {
    const rows = await data({ start: iso(T0 + 24 * HOUR), end: iso(T0 + 25 * HOUR) });

    expect(rows[0]).toEqual({
      id: expect.any(Number),
      name: 'Purchase (EUR)',
      event: 'Purchase',
      path: null,
      visitors: 0,
      conversions: 0,
      revenue: { total: 0, currency: 'EUR' },
    });
  });

  it('answers an empty list for a site without goals', async () => {
    const res = await read({ site: String(otherSite) });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], meta: { rows: 0 } });
  });

  it('reads with an API key of the site', async () => {
    const { key } = await createKey(t.app, cookie, site);

    const res = await read({}, { authorization: `Bearer ${key}` });

    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(5);
  });

  it.each([
    ['audience', { audience: 'agent' }],
    ['audience', { audience: 'all' }],
    ['filters', { filters: '[{"dimension":"operator","op":"is","value":"openai"}]' }],
    ['compare', { compare: 'sometimes' }],
    ['granularity', { granularity: 'fortnight' }],
  ])('answers 400 validation_error on field %s for %j', async (field, params) => {
    const res = await read(params);

    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_error', field });
  });

  it("answers 401 without a credential and 403 for another user's site", async () => {
    const anonymous = await read({}, {});
    const foreign = await read({ site: String(strangerSite) });

    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('forbidden');
  });

  it('exports as CSV: one row per goal, the revenue columns declared for every row', async () => {
    const qs = new URLSearchParams({ site: String(site), ...WINDOW, report: 'goals' });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/stats/export.csv?${qs}`,
      headers: { cookie },
    });

    expect(res.statusCode, res.body).toBe(200);
    const rows = (parse(res.body) as string[][]).map((r) => r.slice(1));
    expect(rows).toEqual([
      [
        'name',
        'event',
        'path',
        'visitors',
        'conversions',
        'conversion_rate',
        'revenue_total',
        'revenue_average',
        'revenue_currency',
      ],
      ['Purchase (EUR)', 'Purchase', '', '3', '5', '60', '19.5', '6.5', 'EUR'],
      ['Purchase (USD)', 'Purchase', '', '3', '5', '60', '20', '20', 'USD'],
      ['Visit /blog/*', '', '/blog/*', '3', '3', '60', '', '', ''],
      ['Signup', 'Signup', '', '2', '3', '40', '', '', ''],
      ['Visit /pricing', '', '/pricing', '0', '0', '0', '', '', ''],
    ]);
  });
});
