import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dimensionRollup } from '../../projections/dimension-rollup/projection.js';
import { rawEvents } from '../../projections/raw-events/projection.js';
import { rollupMinute } from '../../projections/rollup-minute/projection.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { buildWebIfStale } from '../../web/build.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { NO_CHROMIUM, launchChromium } from '../support/browser.js';
import { hit, MIN, T0 } from '../support/events.js';
import { messages } from '../support/projection-spec.js';

/*
 * A shared link with a password, opened in a browser with no account: the password form first, a
 * wrong password refused, then the site's dashboard read-only (3 visitors, 4 pageviews in the
 * designed hour), with no site list, no log out and no management.
 */
const SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url);
const PASSWORD = 'open sesame 42';
const iso = (ms: number) => new Date(ms).toISOString();

let t: TestApp;
let browser: Browser | undefined;
let visitor: BrowserContext;
let page: Page;
let base: string;
let token: string;
let ownerCookie: string;
const refusedByCsp: string[] = [];

beforeAll(async () => {
  await buildWebIfStale();
  t = await buildTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const owner = await signUp(t.app);
  const site = (await createSite(t.app, owner.cookie, { domain: 'shared.example', timezone: 'UTC' })).id;
  const people = [
    hit({ site, visitor: 'v1', ts: T0 + MIN }),
    hit({ site, visitor: 'v1', ts: T0 + 2 * MIN, pathname: '/pricing' }),
    hit({ site, visitor: 'v2', ts: T0 + 10 * MIN }),
    hit({ site, visitor: 'v3', ts: T0 + 20 * MIN, pathname: '/pricing' }),
  ];
  for (const p of [rawEvents, rollupMinute, dimensionRollup])
    await foldBatch(t.deps.db, p, messages([people]));
  ownerCookie = owner.cookie;
  browser = await launchChromium();
  if (!browser) return;
  visitor = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  visitor.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) refusedByCsp.push(m.text());
  });
  page = await visitor.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a shared link with a password', () => {
  it('is made on the sites page by the owner, its URL shown once, then listed', async () => {
    if (!browser) throw new Error(NO_CHROMIUM);
    const owner = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const [name, value] = ownerCookie.split('=') as [string, string];
    await owner.addCookies([{ name, value, url: base }]);
    const sites = await owner.newPage();
    await sites.goto(`${base}/sites`);
    await sites.locator('summary', { hasText: 'Shared links' }).click();
    await sites.getByLabel('Link name').fill('Board');
    await sites.getByLabel('Password (optional)').fill(PASSWORD);
    await sites.getByRole('button', { name: 'Create link' }).click();
    const shown = sites.locator('pre[aria-label="New shared link"]');
    await shown.waitFor();
    const url = new URL((await shown.textContent())!.trim());
    expect(url.pathname).toMatch(/^\/share\/sh_[A-Za-z0-9_-]{43}$/);
    token = url.pathname.slice('/share/'.length);
    await sites.getByRole('button', { name: 'Revoke Board' }).waitFor();
    expect(await sites.locator('ul.defs li').filter({ hasText: 'Board' }).textContent()).toContain(
      'password',
    );
    await owner.close();
  }, 60_000);

  it('opens read-only after the password, the view in the URL', async () => {
    if (!browser) throw new Error(NO_CHROMIUM);
    const view = `?start=${encodeURIComponent(iso(T0))}&end=${encodeURIComponent(iso(T0 + 3_600_000))}&tz=UTC`;
    await page.goto(`${base}/share/${token}${view}`);

    const form = page.getByRole('heading', { name: 'This shared link needs its password' });
    await form.waitFor();
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('alert').filter({ hasText: 'wrong password' }).waitFor();

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'shared.example' }).waitFor();
    const value = (metric: string) => page.locator(`.stat[data-metric="${metric}"] .stat-value`);
    await expect.poll(() => value('visitors').textContent(), { timeout: 15_000 }).toBe('3');
    expect(await value('pageviews').textContent()).toBe('4');

    expect(await page.getByText('Shared link “Board”, read-only').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Log out' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Sites' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Funnels' }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/share/${token}`);
    expect((await visitor.cookies()).map((c) => [c.name.replace(/\d+$/, 'N'), c.httpOnly])).toEqual([
      ['twofold_share_N', true],
    ]);

    // The view changes in the URL, under the link: the Agents tab.
    await page.getByRole('tab', { name: 'Agents' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('agents');
    expect(new URL(page.url()).pathname).toBe(`/share/${token}`);
    await page.getByRole('tab', { name: 'People' }).click();
    await expect.poll(() => value('visitors').textContent(), { timeout: 15_000 }).toBe('3');

    await page.screenshot({ path: new URL('share-desktop.png', SCREENSHOTS).pathname, fullPage: true });
    expect(refusedByCsp).toEqual([]);
  }, 120_000);
});
