import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFetchesProjection } from '../../projections/agent-fetches/projection.js';
import { agentRollupMinuteProjection } from '../../projections/agent-rollup-minute/projection.js';
import { loadCatalog } from '../../src/catalog/agents.js';
import { foldBatch } from '../../src/projector/fold-batch.js';
import { buildWebIfStale } from '../../web/build.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { launchChromium, NO_CHROMIUM } from '../support/browser.js';
import { fetched, UA } from '../support/events.js';
import { addMember } from '../support/members.js';
import { messages } from '../support/projection-spec.js';

/*
 * builder.example keeps `User-agent: *` / `Disallow: /admin` with a sitemap; in the last 30 days
 * GPTBot fetched it 2 times and ClaudeBot 3 times (both training).
 */
let t: TestApp;
let browser: Browser | undefined;
let ui: Page;
let base: string;
let site: number;
let viewerCookie: string;

beforeAll(async () => {
  await buildWebIfStale();
  t = await buildTestApp();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { cookie } = await signUp(t.app);
  site = (await createSite(t.app, cookie, { domain: 'builder.example' })).id;
  viewerCookie = (await addMember(t.app, cookie, site, 'viewer')).cookie;
  const upload = await t.app.inject({
    method: 'PUT',
    url: `/api/sites/${site}/policy/robots.txt`,
    headers: { cookie, 'content-type': 'text/plain' },
    payload: 'User-agent: *\nDisallow: /admin\n\nSitemap: https://builder.example/sitemap.xml\n',
  });
  expect(upload.statusCode).toBe(204);
  const now = Date.now();
  const crawl = [UA.gptbot, UA.gptbot, UA.claudebot, UA.claudebot, UA.claudebot].map((user_agent, i) =>
    fetched({ site, ts: now - (i + 1) * 3_600_000, user_agent }),
  );
  const catalog = loadCatalog();
  for (const p of [agentFetchesProjection(catalog), agentRollupMinuteProjection(catalog)])
    await foldBatch(t.deps.db, p, messages([crawl]));
  browser = await launchChromium();
  if (!browser) return;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  ui = await context.newPage();
  ui.setDefaultTimeout(10_000);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('the robots.txt builder of the Agents tab', () => {
  it('shows the suggested file, its diff and the fetches each group would have refused, as chosen', async () => {
    expect(browser, NO_CHROMIUM).toBeDefined();
    await ui.goto(`${base}/sites/${site}?tab=agents`);
    const panel = ui.getByRole('region', { name: 'robots.txt builder' });
    const text = panel.locator('.copy-block pre');
    const diff = panel.getByLabel('Changes from the robots.txt in force');
    await expect
      .poll(() => text.textContent())
      .toContain('Content-Signal: search=yes, ai-input=yes, ai-train=yes');
    await expect
      .poll(() => panel.locator('.empty').textContent())
      .toBe('Nothing is disallowed: every agent may crawl.');
    await expect.poll(() => diff.locator('.diff-del').allTextContents()).toEqual(['- Disallow: /admin\n']);

    await panel.getByLabel('Model training', { exact: true }).selectOption('disallow');
    await expect.poll(() => text.textContent()).toContain('User-agent: ClaudeBot\n');
    await expect.poll(() => text.textContent()).toContain('ai-train=no');
    const training = panel.locator('tr[data-group="training"] td');
    await expect.poll(() => training.textContent()).toBe('5');

    await panel.getByText(/^Agents by name/).click();
    await panel.getByLabel('ClaudeBot', { exact: true }).selectOption('allow');
    await expect.poll(() => training.textContent()).toBe('2');
    expect(await text.textContent()).not.toContain('ClaudeBot');
    expect(await diff.locator('.diff-same').allTextContents()).toEqual([
      '  User-agent: *\n',
      '  \n',
      '  Sitemap: https://builder.example/sitemap.xml\n',
    ]);
  }, 60_000);

  it('is not shown to a viewer', async () => {
    expect(browser, NO_CHROMIUM).toBeDefined();
    const context = await browser!.newContext();
    const [name, value] = viewerCookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    await page.goto(`${base}/sites/${site}?tab=agents`);
    await expect.poll(() => page.getByRole('region', { name: 'Coverage (stalest first)' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'robots.txt builder' }).count()).toBe(0);
    await context.close();
  }, 60_000);
});
