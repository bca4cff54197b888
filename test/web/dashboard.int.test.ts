import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Projector } from '../../src/projector/projector.js';
import { buildWebIfStale, type WebBuild } from '../../web/build.js';
import { formatMetric } from '../../web/src/lib/format.js';
import { AGENT_METRICS, PEOPLE_METRICS } from '../../web/src/lib/view.js';
import { formatVital } from '../../web/src/lib/vitals.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { postEdge, sign } from '../support/edge.js';
import { startProjectors, waitForLagZero } from '../support/projectors.js';
import {
  NO_CHROMIUM,
  chromeUserAgent,
  type CustomerSite,
  launchChromium,
  startCustomerSite,
} from '../support/browser.js';

const GPTBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

let t: TestApp;
let workers: Projector[];
let customer: CustomerSite;
let browser: Browser | undefined;
let owner: BrowserContext;
let ui: Page;
let base: string;
let snippet = '';
let siteId = 0;
let ingestKey = '';
let built: WebBuild;
/** What Chromium refused under the content security policy, on any page the owner opened. */
const refusedByCsp: string[] = [];

beforeAll(async () => {
  // CI runs `npm ci && npm test`: the app is built here when dist/web is missing or stale.
  ({ build: built } = await buildWebIfStale());
  t = await buildTestApp();
  workers = await startProjectors(t.deps);
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  customer = await startCustomerSite(() => snippet);
  browser = await launchChromium();
  if (!browser) return;
  owner = await browser.newContext({ viewport: DESKTOP, userAgent: chromeUserAgent(156) });
  owner.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refusedByCsp.push(m.text());
  });
  ui = await owner.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await customer?.close();
  for (const w of workers ?? []) await w.stop();
  await t?.close();
});

/**
 * A visit by one person (their own user agent), each page counted once ingest has stored it; `then`
 * runs on the last page, each call there awaited until stored.
 */
async function visit(version: number, paths: string[], referer?: string, then: string[] = []): Promise<void> {
  const context = await browser!.newContext({ userAgent: chromeUserAgent(version) });
  const p = await context.newPage();
  for (const [i, path] of paths.entries()) {
    const stored = p.waitForResponse(
      (r) => r.url() === `${base}/api/track` && r.request().postData()?.includes('"pageview"') === true,
      { timeout: 10_000 },
    );
    await p.goto(customer.url(path), i === 0 && referer ? { referer } : {});
    expect((await stored).status()).toBe(204);
  }
  for (const call of then) {
    const stored = p.waitForResponse(
      (r) => r.url() === `${base}/api/track` && r.request().method() === 'POST',
      {
        timeout: 10_000,
      },
    );
    await p.evaluate(call);
    expect((await stored).status()).toBe(204);
  }
  await context.close(); // pagehide: engagement and Web Vitals by sendBeacon
}

/** Projections caught up, and still after a pause (beacons of closing pages arrive on their own time). */
async function settled(): Promise<void> {
  await waitForLagZero(t.app);
  await new Promise((r) => setTimeout(r, 500));
  await waitForLagZero(t.app);
}

/** What the API answers the owner's session for a read: the figures the dashboard must show. */
async function ownerCookie(): Promise<string> {
  return (await owner.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
}

async function api<T>(path: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { cookie: await ownerCookie() } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: T }>().data;
}

async function card(metric: string): Promise<string> {
  return (await ui.locator(`.stat[data-metric="${metric}"] .stat-value`).textContent()) ?? '';
}

async function expectCards(
  metrics: readonly string[],
  figures: Record<string, number | undefined>,
): Promise<void> {
  for (const m of metrics)
    await expect.poll(() => card(m), { timeout: 10_000 }).toBe(formatMetric(m, figures[m]));
}

async function shoot(name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await ui.setViewportSize(viewport);
    await ui.waitForTimeout(300); // uPlot redraws on resize
    await ui.screenshot({ path: new URL(`${name}-${size}.png`, SCREENSHOTS).pathname, fullPage: true });
    // Wide tables scroll in their own box: the page itself never scrolls sideways.
    expect(await ui.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      viewport.width,
    );
  }
  await ui.setViewportSize(DESKTOP);
}

function panel(title: string) {
  return ui.getByRole('region', { name: title, exact: true });
}

describe('the dashboard in Chromium, on a real app with ingest and projectors', () => {
  it('keeps the whole app under 150 KB gzipped (docs/benchmarks.md)', () => {
    // The app's script and style sheet, and the journeys' Sankey (Chart.js) loaded when first drawn.
    expect(built.files).toBe(3);
    expect(built.gzipBytes).toBeLessThan(150_000);
  });

  it('serves the app at /, /sites and /sites/:id, and leaves /api/* alone', async () => {
    for (const path of ['/', '/sites', '/sites/12']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.body).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js">/);
    }
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec((await t.app.inject({ url: '/' })).body)![1]!;
    const gz = await t.app.inject({ url: asset, headers: { 'accept-encoding': 'gzip' } });
    expect([gz.statusCode, gz.headers['content-encoding']]).toEqual([200, 'gzip']);
    expect(gz.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect([missing.statusCode, missing.json().error.code]).toEqual([404, 'not_found']);
  });

  it('shows a clear error for a wrong login, registers, and lands on an empty sites page', async () => {
    if (!browser) throw new Error(NO_CHROMIUM);
    await ui.goto(`${base}/`);
    await ui.getByLabel('Email').fill('nobody@example.test');
    await ui.getByLabel('Password').fill('not the password');
    await ui.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect.poll(() => ui.getByRole('alert').textContent()).toBe('wrong email or password');

    await shoot('login');
    await ui.getByRole('button', { name: 'Create an account' }).click();
    await ui.getByLabel('Email').fill('owner@shop.example');
    await ui.getByLabel('Password').fill('correct horse battery');
    await ui.getByRole('button', { name: 'Create account' }).click();
    await ui.waitForURL(`${base}/sites`);
    await expect.poll(() => ui.locator('main').textContent()).toContain('No sites yet');
  });

  it('adds a site; gives a copy-ready snippet, pixel and a signed curl that works; API keys, goals, funnels, robots.txt', async () => {
    await ui.getByLabel('Domain', { exact: true }).fill('shop.example');
    await ui.getByLabel('Time zone', { exact: true }).fill('Mars/Olympus');
    await ui.getByRole('button', { name: 'Add site' }).click();
    await expect.poll(() => ui.getByRole('alert').textContent()).toBe('timezone: not an IANA time zone name');
    await ui.getByLabel('Time zone', { exact: true }).fill('UTC');
    await ui.getByLabel(/Hostnames/).fill('127.0.0.1, localhost');
    await ui.getByRole('button', { name: 'Add site' }).click();

    const link = ui.getByRole('link', { name: 'shop.example' });
    siteId = Number((await link.getAttribute('href'))!.split('/').pop());
    expect(siteId).toBeGreaterThan(0);
    snippet = (await ui.getByLabel('Tracker snippet', { exact: true }).locator('code').textContent())!;
    expect(snippet).toBe(`<script defer src="${base}/js/script.js" data-site="${siteId}"></script>`);
    expect(await ui.getByLabel('No-JavaScript pixel', { exact: true }).textContent()).toBe(
      `<noscript><img src="${base}/api/track/pixel.gif?s=${siteId}" alt="" width="1" height="1"></noscript>`,
    );

    await ui.getByRole('button', { name: 'Show ingest key and curl example' }).click();
    ingestKey = (await ui.getByLabel('Ingest key', { exact: true }).textContent())!;
    const curl = (await ui.getByLabel('Signed edge-log request', { exact: true }).textContent())!;
    // The example runs as printed: one GPTBot fetch of / now, accepted.
    const { stdout } = await promisify(execFile)('bash', ['-c', curl]);
    expect(JSON.parse(stdout)).toEqual({ data: { accepted: { agent_events: 1, events: 0 } } });
    // After a reload the page no longer holds the key: the button asks the API for it.
    await ui.reload();
    await ui.getByText('Install and ship logs').click();
    await ui.getByRole('button', { name: 'Show ingest key and curl example' }).click();
    expect(await ui.getByLabel('Ingest key', { exact: true }).textContent()).toBe(ingestKey);

    await ui.getByLabel('Key name').fill('reporting');
    await ui.getByRole('button', { name: 'Create key' }).click();
    const key = (await ui.getByLabel('New API key', { exact: true }).textContent())!;
    const withKey = await t.app.inject({ url: `/api/sites`, headers: { authorization: `Bearer ${key}` } });
    expect(withKey.json().data.map((s: { id: number }) => s.id)).toEqual([siteId]);
    await ui.getByRole('button', { name: 'Revoke reporting' }).click();
    await expect
      .poll(() => ui.locator('section[aria-labelledby="keys-title"]').textContent())
      .toContain('No API keys yet');
    const revoked = await t.app.inject({ url: `/api/sites`, headers: { authorization: `Bearer ${key}` } });
    expect(revoked.statusCode).toBe(401);

    await ui.getByText('Goals, funnels and policy files').click();
    const goals = ui.locator('.defs').first();
    for (const [goal, listed] of [
      ['Signup', 'Signup'],
      ['/pricing', 'Visit /pricing'],
    ] as const) {
      await ui.getByLabel('Goal: event name or page path').fill(goal);
      await ui.getByRole('button', { name: 'Add goal' }).click();
      await expect.poll(() => goals.textContent()).toContain(listed);
    }
    await ui.getByLabel('Goal: event name or page path').fill('/gone');
    await ui.getByRole('button', { name: 'Add goal' }).click();
    await ui.getByRole('button', { name: 'Delete goal Visit /gone' }).click();
    await expect.poll(() => goals.textContent()).not.toContain('/gone');
    await ui.getByLabel('Funnel name').fill('Buy');
    await ui.getByLabel(/Steps, one per line/).fill('/\n/pricing');
    await ui.getByRole('button', { name: 'Add funnel' }).click();
    await expect.poll(() => ui.locator('.defs').nth(1).innerText()).toContain('Buy: / → /pricing');
    await ui.getByLabel('Contents').fill('User-agent: GPTBot\nDisallow: /private\n');
    await ui.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => ui.getByRole('status').textContent()).toContain('robots.txt saved');
    await shoot('sites');
  });

  it('shows the People figures the API gives for visits through the snippet, filters by a click, exports CSV', async () => {
    await visit(156, ['/', '/pricing'], 'https://news.example/story', [
      "twofold.identify('user-1')",
      "twofold('Signup', { props: { plan: 'pro' } })",
      // An uncaught error, reported by the tracker's error listener.
      "setTimeout(() => { throw new Error('Order 17 for alice failed') })",
    ]);
    await visit(155, ['/pricing'], 'https://chatgpt.com/');
    await settled();

    await ui.goto(`${base}/sites/${siteId}`);
    const overview = await api<Record<string, number>>(`/api/stats/overview?site=${siteId}&range=30d`);
    expect(overview).toMatchObject({ visitors: 2, sessions: 2, pageviews: 3 });
    await expectCards(PEOPLE_METRICS, overview);
    await expect.poll(() => ui.getByTestId('realtime').textContent()).toContain('2 people on the site now');

    const pages = panel('Pages');
    await expect
      .poll(() => pages.locator('tbody tr').allInnerTexts())
      .toEqual([
        expect.stringMatching(/^\/pricing\t2\t2\t1\t2\t/),
        expect.stringMatching(/^\/\t1\t1\t1\t0\t/),
      ]);
    await expect
      .poll(() => panel('Sources').locator('tbody th').allInnerTexts())
      .toEqual(expect.arrayContaining(['answer_engine', 'referral']));
    const chart = panel('Visitors over time');
    expect(await chart.locator('canvas').count()).toBe(1);
    await chart.getByText('Table view').click();
    const series = await api<{ series: { value?: number }[] }>(
      `/api/stats/timeseries?site=${siteId}&range=30d&metric=visitors`,
    );
    await expect
      .poll(() => chart.locator('details tbody td').allInnerTexts())
      .toEqual(series.series.map((b) => formatMetric('visitors', b.value)));

    await expect.poll(() => panel('Events').locator('tbody tr').allInnerTexts()).toEqual(['Signup\t1\t1']);
    const goals = await api<{ name: string; visitors: number; conversions: number }[]>(
      `/api/stats/goals?site=${siteId}&range=30d`,
    );
    expect(goals.map((g) => [g.name, g.visitors, g.conversions])).toEqual([
      ['Visit /pricing', 2, 2],
      ['Signup', 1, 1],
    ]);
    await expect
      .poll(() => panel('Goals').locator('tbody tr').allInnerTexts())
      .toEqual(['Visit /pricing\t2\t2\t100%\t\u2014', 'Signup\t1\t1\t50%\t\u2014']);
    await expect
      .poll(() => panel('Funnels').locator('tbody tr').allInnerTexts())
      .toEqual(['1. /\t1\t0\t100%', '2. /pricing\t1\t0\t100%']);
    await expect
      .poll(() => panel('Retention (weekly)').locator('p.muted').textContent())
      .toBe('1 identified visitors followed; 1 anonymous left out.');
    // Journeys: a Sankey chart (Chart.js, loaded on demand) and its tables equal the API's nodes and links.
    const journeys = panel('Journeys');
    const journey = await api<{
      nodes: { step: number; path: string; sessions: number }[];
      links: { source: string; target: string; sessions: number }[];
    }>(`/api/stats/journeys?site=${siteId}&range=30d&depth=3&limit=5`);
    expect(journey.nodes.filter((n) => n.step === 0).map((n) => [n.path, n.sessions])).toEqual([
      ['/', 1],
      ['/pricing', 1],
    ]);
    expect(journey.links).toEqual([{ source: '0:/', target: '1:/pricing', sessions: 1 }]);
    await expect.poll(() => journeys.getByRole('img', { name: /step by step/ }).count()).toBe(1);
    await journeys.getByText('Table view').click();
    await expect
      .poll(() => journeys.getByRole('table', { name: 'Pages by step' }).locator('tbody tr').allInnerTexts())
      .toEqual(
        journey.nodes.map((n) => `${n.step === 0 ? 'Entry' : `Step ${n.step}`}\t${n.path}\t${n.sessions}`),
      );
    expect(await journeys.getByRole('table', { name: 'Flows' }).locator('tbody tr').allInnerTexts()).toEqual([
      '/ (entry)\t/pricing (step 1)\t1',
    ]);
    const vitals = await api<{ overall: { samples: number; fcp?: { p75: number } } }>(
      `/api/stats/performance?site=${siteId}&range=30d`,
    );
    expect(vitals.overall.samples).toBeGreaterThan(0);
    const fcp = panel('Performance (Web Vitals)').getByRole('row', { name: /^FCP/ });
    await expect
      .poll(() => fcp.locator('td').nth(1).locator('span').first().textContent())
      .toBe(formatVital('fcp', vitals.overall.fcp!.p75));
    await expect.poll(() => panel('Errors').locator('table.rank tbody tr').count()).toBe(1);

    // The pictures show the charts, not the long tables opened above to read them.
    await ui.evaluate("document.querySelectorAll('details[open]').forEach((d) => { d.open = false; })");
    await shoot('people');

    // A click on a row filters the whole page; the chip removes it, the back button undoes it.
    await pages.getByRole('button', { name: '/pricing' }).click();
    await ui.waitForURL(/filters=/);
    const filters = JSON.stringify([{ dimension: 'pathname', op: 'is', value: '/pricing' }]);
    const filtered = await api<Record<string, number>>(
      `/api/stats/overview?site=${siteId}&range=30d&filters=${encodeURIComponent(filters)}`,
    );
    expect(filtered).toMatchObject({ visitors: 2, pageviews: 2 });
    await expectCards(PEOPLE_METRICS, filtered);
    await panel('Sources').getByRole('button', { name: 'answer_engine' }).click();
    await expectCards(['visitors', 'pageviews'], { visitors: 1, pageviews: 1 });
    expect(await ui.getByRole('list', { name: 'Filters' }).locator('li').count()).toBe(2);
    await ui.goBack();
    await expectCards(['visitors'], { visitors: 2 });
    await ui.getByRole('button', { name: 'Remove filter pathname is /pricing' }).click();
    await expectCards(['visitors', 'pageviews'], overview);

    // A saved segment, chosen from the list, narrows every read like its filters.
    const segment = await t.app.inject({
      method: 'POST',
      url: '/api/segments',
      headers: { cookie: await ownerCookie() },
      payload: {
        site: siteId,
        name: 'From answer engines',
        filters: [{ dimension: 'channel', op: 'is', value: 'answer_engine' }],
      },
    });
    expect(segment.statusCode).toBe(201);
    await ui.reload();
    await ui.getByLabel('Segment').selectOption({ label: 'From answer engines' });
    await ui.waitForURL(new RegExp(`segment=${segment.json().data.id}`));
    await expectCards(['visitors', 'pageviews'], { visitors: 1, pageviews: 1 });
    await ui.getByLabel('Segment').selectOption({ label: 'Everyone' });
    await expectCards(['visitors', 'pageviews'], overview);

    const csvHref = await pages.getByRole('link', { name: 'Pages as CSV' }).getAttribute('href');
    const csv = await owner.request.get(`${base}${csvHref}`);
    expect([csv.status(), csv.headers()['content-type']]).toEqual([200, 'text/csv; charset=utf-8']);
    expect((await csv.text()).split('\r\n').slice(0, 3)).toEqual([
      'pathname,visitors,pageviews,entries,exits,scroll_depth,time_on_page',
      expect.stringMatching(/^\/pricing,2,2,1,2,/),
      expect.stringMatching(/^\/,1,1,1,0,/),
    ]);
    const pdf = await owner.request.get(
      `${base}${await ui.getByRole('link', { name: 'PDF report' }).getAttribute('href')}`,
    );
    expect([pdf.status(), pdf.headers()['content-type']]).toEqual([200, 'application/pdf']);

    // The previous period had nothing: every figure is compared with 0 (no change computable from 0).
    await ui.getByLabel('Compare').selectOption('previous');
    await ui.waitForURL(/compare=previous/);
    await expect
      .poll(() => ui.locator('.stat[data-metric="visitors"] .stat-before').textContent())
      .toBe('was 0');

    // A custom window of local days, today alone, by keyboard: the same figures as the API's for it.
    await ui.getByLabel('Range').selectOption('custom');
    const today = new Date().toISOString().slice(0, 10);
    await ui.getByLabel('From', { exact: true }).fill(today);
    await ui.getByLabel('To', { exact: true }).fill(today);
    await ui.getByLabel('To', { exact: true }).press('Enter');
    await ui.waitForURL(/start=.*end=/);
    const url = new URL(ui.url());
    expect([url.searchParams.get('start'), url.searchParams.get('end')]).toEqual([
      `${today}T00:00:00.000Z`,
      new Date(Date.parse(today) + 86_400_000).toISOString(),
    ]);
    const day = await api<Record<string, number>>(
      `/api/stats/overview?site=${siteId}&start=${url.searchParams.get('start')}&end=${url.searchParams.get('end')}`,
    );
    await expectCards(PEOPLE_METRICS, day);
    await pages.getByRole('button', { name: '/', exact: true }).focus();
    await ui.keyboard.press('Enter');
    await expect
      .poll(() => ui.getByRole('list', { name: 'Filters' }).textContent())
      .toContain('pathname is /');

    // A shared link may hold any operator: its chip words it, the figures are the API's for it.
    const startsWith = JSON.stringify([
      { dimension: 'pathname', op: 'starts_with', value: '/pri' },
      { dimension: 'browser', op: 'is_not', value: ['Firefox', 'Safari'] },
    ]);
    await ui.goto(`${base}/sites/${siteId}?filters=${encodeURIComponent(startsWith)}`);
    await expect
      .poll(() => ui.getByRole('list', { name: 'Filters' }).locator('li span').allInnerTexts())
      .toEqual(['pathname starts with /pri', 'browser is not Firefox nor Safari']);
    const prefixed = await api<Record<string, number>>(
      `/api/stats/overview?site=${siteId}&range=30d&filters=${encodeURIComponent(startsWith)}`,
    );
    expect(prefixed).toMatchObject({ visitors: 2, pageviews: 2 });
    await expectCards(PEOPLE_METRICS, prefixed);
  });

  it('shows an error group with its sparkline, an event by property, sessions with their hits and visitors', async () => {
    await ui.goto(`${base}/sites/${siteId}`);
    const overview = await api<Record<string, number>>(`/api/stats/overview?site=${siteId}&range=30d`);
    await expectCards(PEOPLE_METRICS, overview);
    // Errors: the group, its sparkline (a uPlot canvas) and the trend's table equal the API's.
    const errors = await api<{ message: string; count: number; series: { value: number }[] }[]>(
      `/api/stats/errors?site=${siteId}&range=30d`,
    );
    expect(errors.map((e) => [e.message, e.count])).toEqual([
      ['Uncaught Error: Order 17 for alice failed', 1],
    ]);
    const errorsPanel = panel('Errors');
    const errorRow = errorsPanel.locator('tbody tr').first();
    await expect
      .poll(() => errorRow.locator('th .label').textContent())
      .toBe('Uncaught Error: Order 17 for alice failed');
    // Hits and sessions first (a phone shows them without scrolling), then the sparkline, then when.
    expect(await errorRow.locator('td').allInnerTexts()).toEqual([
      '1',
      '1',
      expect.any(String),
      expect.stringMatching(/^\d+s ago$/),
    ]);
    expect(await errorsPanel.locator('.sparkline canvas').count()).toBe(1);
    await errorsPanel.getByText('Table view of the trends').click();
    await expect
      .poll(() => errorsPanel.locator('details tbody td').allInnerTexts())
      .toEqual(errors[0]!.series.map((b) => formatMetric('count', b.value)));

    // An event broken down by a property: the API's rows; a value filters by props.<key>.
    const events = panel('Events');
    // A select's name holds its chosen option: "Event Signup".
    await events.getByRole('combobox', { name: /^Event/ }).selectOption('Signup');
    await events.getByLabel('Property', { exact: true }).fill('plan');
    await events.getByRole('button', { name: 'Break down' }).click();
    const plans = await api<{ value: string; visitors: number; events: number }[]>(
      `/api/stats/events?site=${siteId}&range=30d&name=Signup&property=plan`,
    );
    expect(plans).toEqual([{ value: 'pro', visitors: 1, events: 1 }]);
    await expect
      .poll(() => events.getByRole('table', { name: 'Signup by plan' }).locator('tbody tr').allInnerTexts())
      .toEqual(['pro\t1\t1']);
    const planCsv = await owner.request.get(
      `${base}${await events.getByRole('link', { name: 'Signup by plan as CSV' }).getAttribute('href')}`,
    );
    expect((await planCsv.text()).split('\r\n').slice(0, 2)).toEqual(['value,visitors,events', 'pro,1,1']);
    await events.getByRole('button', { name: 'pro', exact: true }).click();
    await expect
      .poll(() => ui.getByRole('list', { name: 'Filters' }).innerText())
      .toContain('plan property is pro');
    const pro = JSON.stringify([{ dimension: 'props.plan', op: 'is', value: 'pro' }]);
    await expectCards(
      PEOPLE_METRICS,
      await api(`/api/stats/overview?site=${siteId}&range=30d&filters=${encodeURIComponent(pro)}`),
    );
    await ui.getByRole('button', { name: 'Remove filter plan property is pro' }).click();
    await expectCards(['visitors'], overview);

    // Sessions, newest first, each opening to its hits; visitors, an identified one filtering by identity.
    const visits = panel('Sessions and visitors');
    const sessions = await api<{ id: string; visitor: string; pageviews: number }[]>(
      `/api/stats/sessions?site=${siteId}&range=30d&limit=10`,
    );
    expect(sessions.map((x) => x.pageviews)).toEqual([1, 2]);
    await expect
      .poll(() => visits.locator('tbody tr td:first-of-type').allInnerTexts())
      .toEqual(sessions.map((x) => x.visitor));
    const hits = await api<{ hits: unknown[] }>(
      `/api/stats/sessions/${sessions[1]!.id}?site=${siteId}&range=30d`,
    );
    await visits.locator('tbody tr').nth(1).locator('button.pick').click();
    await expect
      .poll(() => visits.getByRole('list', { name: 'The session’s hits' }).locator('li').count())
      .toBe(hits.hits.length);
    expect(
      await visits.getByRole('list', { name: 'The session’s hits' }).locator('li').allInnerTexts(),
    ).toEqual(
      expect.arrayContaining([expect.stringMatching(/ \/$/), expect.stringMatching(/ Signup on \/pricing /)]),
    );
    await visits.getByRole('button', { name: 'Visitors', exact: true }).click();
    const visitors = await api<{ visitor: string; identified: boolean }[]>(
      `/api/stats/visitors?site=${siteId}&range=30d&limit=10`,
    );
    await expect
      .poll(() => visits.locator('tbody th').allInnerTexts())
      .toEqual(visitors.map((v) => v.visitor));
    // Only the identified visitor is a button: an anonymous one has no identity to filter by.
    await visits.getByRole('button', { name: 'user-1' }).click();
    await expect
      .poll(() => ui.getByRole('list', { name: 'Filters' }).innerText())
      .toContain('identity is user-1');
    const identity = JSON.stringify([{ dimension: 'identity', op: 'is', value: 'user-1' }]);
    const one = await api<Record<string, number>>(
      `/api/stats/overview?site=${siteId}&range=30d&filters=${encodeURIComponent(identity)}`,
    );
    expect(one).toMatchObject({ visitors: 1, sessions: 1 });
    await expectCards(PEOPLE_METRICS, one);
    await ui.getByRole('button', { name: 'Remove filter identity is user-1' }).click();
    await expectCards(['visitors'], overview);
  }, 60_000);

  it('shows the Agents figures the API gives after signed logs: coverage, citation gap, violations apart', async () => {
    const now = Date.now();
    const fetch = (ua: string, pathname: string, minutesAgo: number) => ({
      timestamp: new Date(now - minutesAgo * 60_000).toISOString(),
      user_agent: ua,
      method: 'GET',
      hostname: '127.0.0.1',
      pathname,
      status: 200,
      bytes: 4000,
      duration_ms: 10,
      content_type: 'text/html',
      conditional: 0,
      ip: '198.51.100.7',
    });
    const body = JSON.stringify({
      site_id: siteId,
      agent_events: [
        fetch(GPTBOT, '/pricing', 50),
        fetch(GPTBOT, '/pricing', 40),
        // After the upload: a fetch is judged by the robots.txt in force at its own time.
        fetch(GPTBOT, '/private', 0),
        fetch(CLAUDEBOT, '/pricing', 20),
      ],
    });
    expect((await postEdge(t.app, body, sign(body, ingestKey))).statusCode).toBe(202);
    await settled();

    await ui.goto(`${base}/sites/${siteId}`); // back to the default window, 30 days
    await ui.getByRole('tab', { name: 'People' }).focus();
    await ui.keyboard.press('ArrowRight');
    await ui.waitForURL(/tab=agents/);
    await expect.poll(() => ui.evaluate<string>('document.activeElement.textContent')).toBe('Agents');
    const overview = await api<Record<string, number>>(`/api/agents/overview?site=${siteId}&range=30d`);
    expect(overview).toMatchObject({ fetches: 5, agents: 2, bytes: 4 * 4000 + 5120, forged_signatures: 0 });
    await expectCards(AGENT_METRICS, overview);
    // How each fetch was verified: the overview's shares per method, a row each.
    const lists = panel('Operators and purposes');
    await lists.getByRole('button', { name: 'Verifications' }).click();
    const methods = overview.verified_by as unknown as Record<string, number>;
    await expect
      .poll(() => lists.locator('tbody tr').allInnerTexts())
      .toEqual(
        ['ip_range', 'reverse_dns', 'web_bot_auth'].map((m) =>
          expect.stringContaining(`${m}\t${formatMetric('share', methods[m])}`),
        ),
      );
    await lists.getByRole('button', { name: 'Operators' }).click();

    await expect
      .poll(() => panel('Coverage (stalest first)').locator('tbody th').allInnerTexts())
      .toEqual(['/pricing', '/', '/private']);
    const gap = panel('Citation gap');
    await expect
      .poll(() => gap.locator('.summary').textContent())
      .toBe('5 fetches for 1 arrivals from answer engines: 5 : 1 over 3 URLs.');
    const violations = panel('robots.txt violations');
    await expect
      .poll(() => violations.textContent())
      .toMatch(/Verified agentsNone\.Unverified.*\/privategptbot1/);

    await shoot('agents');
  });

  it('shows loading, a failed read’s message with a way to try again, and one way out of refused filters', async () => {
    // A slow read: its panel says it is loading (aria-busy) until the rows come.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await ui.route('**/api/agents/coverage?*', async (route) => {
      await held;
      await route.continue();
    });
    // A failing read: the API's message, and "Try again" fetching it anew.
    await ui.route('**/api/policy/violations?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'unavailable', message: 'the database is not answering' } }),
      }),
    );
    await ui.goto(`${base}/sites/${siteId}?tab=agents`);
    const coverage = panel('Coverage (stalest first)');
    await expect.poll(() => coverage.locator('[aria-busy="true"]').textContent()).toBe('Loading…');
    release();
    await expect
      .poll(() => coverage.locator('tbody th').allInnerTexts())
      .toEqual(['/pricing', '/', '/private']);
    const violations = panel('robots.txt violations');
    await expect
      .poll(() => violations.getByRole('alert').textContent())
      .toBe('the database is not answering Try again');
    await ui.unroute('**/api/policy/violations?*');
    await violations.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => violations.textContent()).toMatch(/Unverified.*\/privategptbot1/);
    await ui.unroute('**/api/agents/coverage?*');

    // A link with a dimension this readership does not have: one notice, the filters cleared by a click.
    const bad = JSON.stringify([{ dimension: 'browser', op: 'is', value: 'Chrome' }]);
    await ui.goto(`${base}/sites/${siteId}?tab=agents&filters=${encodeURIComponent(bad)}`);
    await expect
      .poll(() => ui.getByRole('alert').first().textContent())
      .toMatch(/^The filters of this link cannot be used here: filters\[0\]\.dimension: /);
    expect(await ui.getByRole('region').count()).toBe(0);
    await ui.getByRole('button', { name: 'Clear the filters' }).click();
    await ui.waitForURL(`${base}/sites/${siteId}?tab=agents`);
    await expectCards(AGENT_METRICS, await api(`/api/agents/overview?site=${siteId}&range=30d`));
  });

  it('edits a site’s time zone and host names on /sites; the dashboard then reads in that zone', async () => {
    await ui.goto(`${base}/sites`);
    await ui.getByText('Settings', { exact: true }).click();
    const form = ui.getByRole('form', { name: 'Settings of shop.example' });
    await form.getByLabel('Time zone of the reports').fill('Mars/Olympus');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => ui.getByRole('alert').textContent()).toBe('timezone: not an IANA time zone name');
    await form.getByLabel('Time zone of the reports').fill('Europe/Paris');
    await form.getByLabel(/Hostnames/).fill('127.0.0.1, localhost\nshop.example');
    await form.getByLabel(/Paths not counted/).fill('/admin/*, /preview');
    await form.getByLabel(/Respect Do Not Track/).check();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => ui.locator('.site-head .muted').textContent())
      .toBe(`#${siteId} · Europe/Paris · 127.0.0.1, localhost, shop.example · you are owner`);
    expect(await api(`/api/sites/${siteId}`)).toMatchObject({
      timezone: 'Europe/Paris',
      hostnames: ['127.0.0.1', 'localhost', 'shop.example'],
      excluded_paths: ['/admin/*', '/preview'],
      respect_dnt: true,
    });
    await ui.getByRole('link', { name: 'Open dashboard' }).click();
    await expect.poll(() => ui.locator('.dash-head').textContent()).toContain('Times in Europe/Paris');
    const paris = await api<Record<string, number>>(`/api/stats/overview?site=${siteId}&range=30d`);
    await expectCards(PEOPLE_METRICS, paris);
  });

  it('shows content decay and verified violations apart after older server pageviews and a verified fetch', async () => {
    const now = Date.now();
    const daysAgo = (d: number, i = 0) => new Date(now - d * 86_400_000 - i * 60_000).toISOString();
    // 12 server-rendered pageviews of /old-post 40 days ago (the previous 30 days), none since;
    // GPTBot from an address in OpenAI's published ranges fetches it, and /private, now.
    const gptbot = (pathname: string) => ({
      timestamp: daysAgo(0),
      user_agent: GPTBOT,
      method: 'GET',
      hostname: '127.0.0.1',
      pathname,
      status: 200,
      bytes: 1000,
      duration_ms: 5,
      content_type: 'text/html',
      conditional: 0,
      ip: '20.171.206.10',
    });
    const body = JSON.stringify({
      site_id: siteId,
      events: Array.from({ length: 12 }, (_, i) => ({
        timestamp: daysAgo(40, i),
        user_agent: chromeUserAgent(150 + (i % 5)),
        ip: `198.51.100.${20 + i}`,
        hostname: '127.0.0.1',
        pathname: '/old-post',
      })),
      agent_events: [gptbot('/old-post'), gptbot('/private')],
    });
    const posted = await postEdge(t.app, body, sign(body, ingestKey));
    expect(posted.json()).toEqual({ data: { accepted: { agent_events: 2, events: 12 } } });
    await settled();

    await ui.goto(`${base}/sites/${siteId}?tab=agents`);
    const decay = await api<
      { pathname: string; pageviews: number; pageviews_before: number; fetches: number }[]
    >(`/api/content/decay?site=${siteId}&range=30d&audience=all&limit=10`);
    expect(decay.map((d) => [d.pathname, d.pageviews_before, d.pageviews, d.fetches])).toEqual([
      ['/old-post', 12, 0, 1],
    ]);
    await expect
      .poll(() => panel('Content decay').locator('tbody tr').allInnerTexts())
      .toEqual(['/old-post\t12 → 0\t\u2212100%\t0 → 1']);

    const violations = await api<{ pathname: string; verified: boolean; fetches: number }[]>(
      `/api/policy/violations?site=${siteId}&range=30d`,
    );
    expect(violations.map((v) => [v.pathname, v.verified, v.fetches])).toEqual([
      ['/private', true, 1],
      ['/private', false, 1],
    ]);
    const panelText = () => panel('robots.txt violations').innerText();
    await expect
      .poll(panelText)
      .toMatch(/^robots.txt violations\nCSV\nVerified agents\n.*\n\/private\tgptbot\t1\nUnverified/s);
    await expect.poll(panelText).toMatch(/Unverified \(user agent only\)\n.*\n\/private\tgptbot\t1$/s);
  });

  it('builds a filter with a group and non-is operators, saves it as a segment, picks it after a reload; lists automatic events', async () => {
    if (!browser) throw new Error(NO_CHROMIUM);
    // A site of its own: its figures are the designed visits below alone.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/sites',
      headers: { cookie: await ownerCookie() },
      payload: { domain: 'docs.example', timezone: 'UTC', hostnames: ['127.0.0.1', 'localhost'] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const docs: number = created.json().data.id;
    // A click on a link to another host, kept on the page: the tracker sends an outbound hit.
    const outbound = `(() => {
      const a = document.createElement('a');
      a.href = 'https://elsewhere.example/guide';
      a.textContent = 'guide';
      a.addEventListener('click', (e) => e.preventDefault());
      document.body.append(a);
      a.click();
    })()`;
    const ownSnippet = snippet;
    snippet = `<script defer src="${base}/js/script.js" data-site="${docs}"></script>`;
    try {
      // Four people: /docs/a then /pricing (and the outbound click), /docs/b, /blog/x, /.
      await visit(140, ['/docs/a', '/pricing'], undefined, [outbound]);
      await visit(141, ['/docs/b']);
      await visit(142, ['/blog/x']);
      await visit(143, ['/']);
    } finally {
      snippet = ownSnippet;
    }
    await settled();
    const everyone = { visitors: 4, pageviews: 5 };
    expect(await api(`/api/stats/overview?site=${docs}&range=30d`)).toMatchObject(everyone);

    await ui.goto(`${base}/sites/${docs}`);
    await expectCards(['visitors', 'pageviews'], everyone);
    // The outbound click is an event of its own name; its row filters by its kind.
    const events = panel('Events');
    await expect
      .poll(() => events.locator('tbody tr').allInnerTexts())
      .toEqual(['Outbound Link: Click\t1\t1']);
    expect(
      await api(`/api/stats/events?site=${docs}&range=30d&name=Outbound%20Link%3A%20Click&property=url`),
    ).toEqual([{ value: 'https://elsewhere.example/guide', visitors: 1, events: 1 }]);
    await events.getByRole('button', { name: 'Outbound Link: Click' }).click();
    await expect
      .poll(() => ui.getByRole('list', { name: 'Filters' }).locator('li span').allInnerTexts())
      .toEqual(['kind is outbound']);
    await expectCards(['visitors', 'pageviews'], { visitors: 1, pageviews: 0 });
    await ui.getByRole('button', { name: 'Remove filter kind is outbound' }).click();
    await expectCards(['visitors', 'pageviews'], everyone);

    // The builder: a group matching any of two conditions, neither of them `is`.
    await ui.getByRole('button', { name: 'Build a filter' }).click();
    const builder = ui.getByRole('form', { name: 'Filter builder' });
    await builder.getByRole('button', { name: 'Add group' }).click();
    const group = builder.getByRole('group', { name: 'Group 1.1', exact: true });
    await group.getByLabel('Combine').selectOption('or');
    await group.getByRole('button', { name: 'Add condition' }).click();
    await group.getByRole('button', { name: 'Add condition' }).click();
    const first = group.getByRole('group', { name: 'Condition 1.1.1', exact: true });
    await first.getByLabel('Operator').selectOption('starts_with');
    await first.getByLabel('Value').fill('/docs');
    const second = group.getByRole('group', { name: 'Condition 1.1.2', exact: true });
    await second.getByLabel('Operator').selectOption('contains');
    await second.getByLabel('Value').fill('blog');
    await shoot('filter-builder');
    await builder.getByRole('button', { name: 'Apply filters' }).click();
    await ui.waitForURL(/filters=/);
    const tree = [
      {
        or: [
          { dimension: 'pathname', op: 'starts_with', value: '/docs' },
          { dimension: 'pathname', op: 'contains', value: 'blog' },
        ],
      },
    ];
    expect(JSON.parse(new URL(ui.url()).searchParams.get('filters')!)).toEqual(tree);
    const chip = '(pathname starts with /docs or pathname contains blog)';
    await expect
      .poll(() => ui.getByRole('list', { name: 'Filters' }).locator('li span').allInnerTexts())
      .toEqual([chip]);
    const narrowed = await api<Record<string, number>>(
      `/api/stats/overview?site=${docs}&range=30d&filters=${encodeURIComponent(JSON.stringify(tree))}`,
    );
    // /docs/a, /docs/b and /blog/x: three people, a pageview each.
    expect(narrowed).toMatchObject({ visitors: 3, pageviews: 3 });
    await expectCards(PEOPLE_METRICS, narrowed);
    const pages = panel('Pages');
    const narrowedPages = [
      expect.stringMatching(/^\/blog\/x\t1\t1\t/),
      expect.stringMatching(/^\/docs\/a\t1\t1\t/),
      expect.stringMatching(/^\/docs\/b\t1\t1\t/),
    ];
    await expect.poll(() => pages.locator('tbody tr').allInnerTexts()).toEqual(narrowedPages);

    // Saved as a segment: the same filters, stored.
    await ui.getByLabel('Name for these filters').fill('Docs or blog');
    await ui.getByRole('button', { name: 'Save as segment' }).click();
    await expect
      .poll(() => ui.getByLabel('Segment').locator('option').allInnerTexts())
      .toEqual(['Everyone', 'Docs or blog']);
    const saved = await api<{ id: number; name: string; filters: unknown }[]>(`/api/segments?site=${docs}`);
    // The API keeps a top-level list as the `and` group it means.
    expect(saved.map((g) => [g.name, g.filters])).toEqual([['Docs or blog', { and: tree }]]);

    // The URL holds the whole view: a reload shows the same figures and chip.
    await ui.reload();
    await expectCards(PEOPLE_METRICS, narrowed);
    await expect
      .poll(() => ui.getByRole('list', { name: 'Filters' }).locator('li span').allInnerTexts())
      .toEqual([chip]);
    await ui.getByRole('button', { name: `Remove filter ${chip}` }).click();
    await expectCards(['visitors', 'pageviews'], everyone);

    // Picking the segment narrows every read as its filters did, and survives a reload.
    await ui.getByLabel('Segment').selectOption({ label: 'Docs or blog' });
    await ui.waitForURL(new RegExp(`segment=${saved[0]!.id}`));
    await expectCards(PEOPLE_METRICS, narrowed);
    await expect.poll(() => pages.locator('tbody tr').allInnerTexts()).toEqual(narrowedPages);
    await ui.reload();
    await expectCards(PEOPLE_METRICS, narrowed);

    // Deleted: gone from the list and the view.
    await ui.getByRole('button', { name: 'Delete Docs or blog' }).click();
    await expect.poll(() => new URL(ui.url()).searchParams.get('segment')).toBeNull();
    await expectCards(['visitors', 'pageviews'], everyone);
    expect(await api(`/api/segments?site=${docs}`)).toEqual([]);
  });

  it('ran every page above under its content security policy without a single refusal', async () => {
    if (!browser) throw new Error(NO_CHROMIUM);
    const policy = await ui.evaluate(async () => (await fetch('/')).headers.get('content-security-policy'));
    expect(policy).toContain("script-src 'self'");
    // The policy is live: an inline script is refused, and the refusal is seen here.
    await ui.evaluate(
      `(() => {
        const s = document.createElement('script');
        s.textContent = 'window.inlineRan = true';
        document.head.append(s);
      })()`,
    );
    expect(await ui.evaluate('window.inlineRan')).toBeUndefined();
    await expect.poll(() => refusedByCsp.length).toBe(1);
    expect(refusedByCsp[0]).toMatch(/inline script/);
  });
});
