import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebIfStale } from '../../web/build.js';
import { createSite, signUp } from '../support/accounts.js';
import { buildTestApp, type TestApp } from '../support/app.js';
import { launchChromium, NO_CHROMIUM } from '../support/browser.js';

let t: TestApp;
let browser: Browser | undefined;
let ui: Page;
let cookie: string;
let site: number;

beforeAll(async () => {
  await buildWebIfStale();
  t = await buildTestApp();
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  ({ cookie } = await signUp(t.app));
  site = (await createSite(t.app, cookie, { domain: 'mailed.example', timezone: 'Europe/Paris' })).id;
  browser = await launchChromium();
  if (!browser) return;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const [name, value] = cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url: base }]);
  ui = await context.newPage();
  ui.setDefaultTimeout(10_000);
  await ui.goto(`${base}/sites`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The owner's subscriptions as the API lists them: kind and threshold. */
async function listed(): Promise<[string, number | null][]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sites/${site}/subscriptions`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.map((s: { kind: string; threshold: number | null }) => [s.kind, s.threshold]);
}

async function until(expected: [string, number | null][]): Promise<void> {
  await expect.poll(listed, { timeout: 5000 }).toEqual(expected);
}

describe('the "Email reports" control of a site', () => {
  it('subscribes, changes a threshold and unsubscribes the signed-in member', async () => {
    expect(browser, NO_CHROMIUM).toBeDefined();
    await ui.getByText('Email reports').click();
    const row = (kind: string) => ui.locator(`form[data-kind="${kind}"]`);

    await row('weekly').getByRole('button', { name: 'Subscribe' }).click();
    await until([['weekly', null]]);
    await row('spike').getByRole('spinbutton').fill('500');
    await row('spike').getByRole('button', { name: 'Subscribe' }).click();
    await until([
      ['weekly', null],
      ['spike', 500],
    ]);
    // A drop is asked as a percent and stored as a share.
    await row('drop').getByRole('spinbutton').fill('25');
    await row('drop').getByRole('button', { name: 'Subscribe' }).click();
    await until([
      ['weekly', null],
      ['spike', 500],
      ['drop', 0.25],
    ]);
    await expect.poll(() => row('drop').getByRole('spinbutton').inputValue()).toBe('25');
    await expect.poll(() => row('weekly').locator('.muted').textContent()).toBe('on');

    await row('spike').getByRole('spinbutton').fill('600');
    await row('spike').getByRole('button', { name: 'Save' }).click();
    await until([
      ['weekly', null],
      ['spike', 600],
      ['drop', 0.25],
    ]);
    await row('weekly').getByRole('button', { name: 'Unsubscribe' }).click();
    await until([
      ['spike', 600],
      ['drop', 0.25],
    ]);
    await expect.poll(() => row('weekly').locator('.muted').textContent()).toBe('off');

    // A threshold the API refuses shows its message (past the browser's own check of the field).
    await row('agent_flood').evaluate((f) => f.setAttribute('novalidate', ''));
    await row('agent_flood').getByRole('spinbutton').fill('2.5');
    await row('agent_flood').getByRole('button', { name: 'Subscribe' }).click();
    await expect
      .poll(() => ui.getByRole('alert').first().textContent())
      .toContain('the threshold of agent_flood is a whole number from 1 to 1000000000');
  }, 120_000);
});
