import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../../web/build.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { createSite, signUp, uniqueEmail } from '../support/accounts.js';
import { NO_CHROMIUM, chromeUserAgent, launchChromium } from '../support/browser.js';
import { addMember } from '../support/members.js';

/**
 * The members page and the accept page in Chromium: the owner invites by email (no SMTP, so the
 * link is shown once), the invited person signs up from the link and accepts, and as a viewer sees
 * the dashboard without management controls, while a management request of theirs is refused.
 */
const SCREENSHOTS = new URL('../../docs/screenshots/', import.meta.url);
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 360, height: 740 };

let t: TestApp;
let browser: Browser | undefined;
let base: string;
let site: { id: number; domain: string };
let owner: Awaited<ReturnType<typeof signUp>>;
let ownerContext: BrowserContext;
let viewerContext: BrowserContext;
let ui: Page;
let invitation = '';
const invited = uniqueEmail();

beforeAll(async () => {
  await buildWebIfStale();
  t = await buildTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  owner = await signUp(t.app);
  site = await createSite(t.app, owner.cookie, { domain: 'team.example' });
  await addMember(t.app, owner.cookie, site.id, 'admin');
  browser = await launchChromium();
  if (!browser) return;
  ownerContext = await browser.newContext({ viewport: DESKTOP, userAgent: chromeUserAgent(156) });
  const [name, value] = owner.cookie.split('=') as [string, string];
  await ownerContext.addCookies([{ name, value, url: base }]);
  ui = await ownerContext.newPage();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function shoot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    await page.screenshot({ path: new URL(`${name}-${size}.png`, SCREENSHOTS).pathname, fullPage: true });
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      viewport.width,
    );
  }
  await page.setViewportSize(DESKTOP);
}

describe('team members in the dashboard', () => {
  it('lets the owner invite by email and shows the link once when no mail is set up', async () => {
    if (!browser) throw new Error(NO_CHROMIUM);
    await ui.goto(`${base}/sites`);
    await ui.getByRole('link', { name: 'Members' }).click();
    await expect
      .poll(() => ui.getByRole('heading', { level: 1 }).textContent())
      .toBe('team.example: members');
    await expect.poll(() => ui.getByRole('cell', { name: 'owner', exact: true }).count()).toBe(1);

    await ui.getByLabel('Email', { exact: true }).fill(invited);
    // A label around a select names it with the chosen option too ("Role viewer").
    await ui.locator('select[name="role"]').selectOption('viewer');
    await ui.getByRole('button', { name: 'Invite' }).click();

    const label = `Invitation link for ${invited}`;
    await expect.poll(() => ui.getByLabel(label, { exact: true }).count()).toBe(1);
    invitation = (await ui.getByLabel(label, { exact: true }).textContent())!;
    expect(invitation).toMatch(new RegExp(`/invitations/inv_[A-Za-z0-9_-]{43}$`));
    await expect.poll(() => ui.getByText(`${invited} as viewer`).count()).toBe(1);
    await shoot(ui, 'members');

    // Reloaded, the page lists the invitation but no longer has its link.
    await ui.reload();
    await expect.poll(() => ui.getByText(`${invited} as viewer`).count()).toBe(1);
    expect(await ui.getByLabel(label, { exact: true }).count()).toBe(0);
  }, 90_000);

  it('lets the invited person sign up from the link and accept, landing on the dashboard', async () => {
    if (!browser) throw new Error(NO_CHROMIUM);
    viewerContext = await browser.newContext({ viewport: DESKTOP, userAgent: chromeUserAgent(155) });
    const page = await viewerContext.newPage();
    await page.goto(new URL(new URL(invitation).pathname, base).href);

    await page.getByLabel('Email').fill(invited);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('button', { name: 'Accept invitation' }).click();

    await page.waitForURL(`${base}/sites/${site.id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('team.example');
    await page.close();
  });

  it('shows the viewer no management controls, and the API refuses their management requests', async () => {
    if (!browser) throw new Error(NO_CHROMIUM);
    const page = await viewerContext.newPage();
    await page.goto(`${base}/sites`);
    await expect.poll(() => page.getByRole('link', { name: 'team.example' }).count()).toBe(1);
    await expect.poll(() => page.getByText('you are viewer').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Members' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Show ingest key and curl example' }).count()).toBe(0);
    expect(await page.getByText('Goals, funnels and policy files').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);

    await page.goto(`${base}/sites/${site.id}/members`);
    await expect.poll(() => page.getByText('You are a viewer of this site').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Invite' }).count()).toBe(0);

    const patch = await viewerContext.request.patch(`${base}/api/sites/${site.id}`, {
      data: { timezone: 'Asia/Tokyo' },
    });
    expect(patch.status()).toBe(403);
    const invite = await viewerContext.request.post(`${base}/api/sites/${site.id}/members`, {
      data: { email: uniqueEmail(), role: 'admin' },
    });
    expect(invite.status()).toBe(403);
    const read = await viewerContext.request.get(`${base}/api/stats/overview?site=${site.id}&range=7d`);
    expect(read.status()).toBe(200);
  });
});
